#!/usr/bin/env python3
"""`motionlab track` against the same tracking written the obvious way with OpenCV in Python, on a
phone-sized screen recording, in one run.

The video is the one MotionLabBenchmarks' tracking row makes (same FFmpeg command): 1170×2532,
60 fps, 10 s, H.264 CRF 20, a 360×240 card easing 600 px to the right over the first 2 s on a
solid background. The OpenCV pipeline: cv2.VideoCapture decodes every frame (to BGR, its only
output), converted to gray; the background is the screen's colour (the commonest level of the
first frame), and each frame's centroid is cv2.moments of cv2.absdiff(gray frame, background)
above 16 levels. Both are
timed as wall time, median of five, alternating; `ffmpeg -i VIDEO -f null -` (decoding alone)
in the same run for scale.

Prints Markdown table rows in the format of MotionLabBenchmarks --markdown.
Usage: tracking_opencv.py MOTIONLAB_BINARY   (needs numpy, opencv-python-headless, ffmpeg)
"""
import csv
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import cv2
import numpy as np

EASE = "100+600*(min(t/2\\,1)*min(t/2\\,1)*(3-2*min(t/2\\,1)))"


def make_video(path):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
                    "-f", "lavfi", "-i", "color=c=0xF2F2F7:s=1170x2532:r=60:d=10",
                    "-f", "lavfi", "-i", "color=c=0x007AFF:s=360x240:r=60:d=10",
                    "-filter_complex", f"[0][1]overlay=x='{EASE}':y=900",
                    "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-y", str(path)],
                   check=True)


def opencv_track(path):
    """(time s, x, y) per frame where something differs from the background."""
    capture = cv2.VideoCapture(str(path))
    background = None
    rows = []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        t = capture.get(cv2.CAP_PROP_POS_MSEC) / 1000
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        if background is None:
            # The screen's background colour: the commonest level of the first frame.
            background = np.full_like(gray, np.bincount(gray.ravel(), minlength=256).argmax())
        diff = cv2.absdiff(gray, background)
        diff[diff < 16] = 0
        m = cv2.moments(diff)
        if m["m00"] > 0:
            rows.append((t, m["m10"] / m["m00"] + 0.5, m["m01"] / m["m00"] + 0.5))
    capture.release()
    return rows


def wall(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main():
    motionlab = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        video = pathlib.Path(directory) / "phone.mp4"
        out = pathlib.Path(directory) / "track.csv"
        make_video(video)
        decode, track, opencv = [], [], []
        cv_rows = []
        for _ in range(5):
            decode.append(wall(lambda: subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
                                                       "-i", str(video), "-f", "null", "-"], check=True))[0])
            track.append(wall(lambda: subprocess.run([motionlab, "track", str(video), "--out", str(out)],
                                                     check=True, stderr=subprocess.DEVNULL))[0])
            seconds, cv_rows = wall(lambda: opencv_track(video))
            opencv.append(seconds)
        with out.open() as f:
            rows = csv.DictReader(line for line in f if not line.startswith("#"))
            ours = [(float(r["time"]), float(r["x"]), float(r["y"])) for r in rows]
        d, t, o = (statistics.median(x) for x in (decode, track, opencv))
        frames = 600
        # The centres agree where both saw the card (motionlab drops a recorder's repeats; match by time).
        theirs = {round(r[0], 3): r for r in cv_rows}
        gaps = [abs(x - theirs[round(s, 3)][1]) for s, x, _ in ours if round(s, 3) in theirs]
        cores = os.cpu_count()
        print(f"| Track a 1170×2532 60 fps 10 s recording, whole command (per frame) | motionlab track: {t / frames * 1e9:.3g} ns "
              f"| ffmpeg -i VIDEO -f null - (decoding alone): {d / frames * 1e9:.3g} ns | **{d / t:.3g}×** "
              f"| tracking ÷ decoding: {t / d:.2f}× (goal ≤ 1.5×); {len(ours)} samples; wall time, median of 5, {cores} cores |")
        print(f"| The same recording, OpenCV in Python (decode + absdiff + moments) against motionlab track (per frame) "
              f"| motionlab track: {t / frames * 1e9:.3g} ns | cv2.VideoCapture + cv2.absdiff + cv2.moments, "
              f"opencv-python-headless {cv2.__version__}: {o / frames * 1e9:.3g} ns | **{o / t:.3g}×** "
              f"| OpenCV ÷ decoding alone: {o / d:.2f}×; {len(cv_rows)} OpenCV centroids; "
              f"largest |x difference| from motionlab's centre: {max(gaps) if gaps else float('nan'):.2g} px |")


if __name__ == "__main__":
    main()
