#!/usr/bin/env python3
"""Records a page's animation from the screen in real time: Xvfb + Chromium + `ffmpeg -f x11grab`.

    python3 scripts/capture/record_screen.py PAGE.html --out VIDEO.mp4 [--truth TRUTH.csv]
        [--size 640x360] [--fps 60] [--selector '#target'] [--tail 0.3] [--crf 18]

Unlike render_page.py nothing is seeked: the animation plays at the browser's own pace on a
virtual X screen while ffmpeg grabs that screen at --fps, so the video carries what a real screen
recording carries — the grabber's timing jitter, frames the browser did not paint in time, repeats.
Each grabbed frame keeps its wall-clock capture time (x11grab's timestamps, kept with -copyts);
the video is then rebased so its first frame is at 0 (timebase 1 ms).

The truth comes from the page: on every animation frame (requestAnimationFrame) it logs the
element's getBoundingClientRect centre and size, computed opacity and scale, and the time
(performance.timeOrigin + the frame's timestamp, wall-clock ms). Each video frame's truth row is the
last logged frame at or before its capture time minus --latency (default 0 s; the compositor and
the grabber add up to about a frame, so this alignment is good to about one frame, unlike the
seeked renderers' exact truth). TRUTH.csv holds time (the video frame's time), x, y, width, height,
opacity, scale, page_time (when the page logged that row, on the video's clock) and
animation_time (the animation's currentTime then, s). A summary of the frame intervals is printed.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from cdp import Browser  # noqa: E402
import encode  # noqa: E402
from render_page import MEASURE_SCRIPT, parse_size  # noqa: E402

RECORD_SCRIPT = r"""
window.__captureRecord = (selector, tailMs) => new Promise(resolve => {
  const animations = document.getAnimations();
  const end = Math.max(0, ...animations.map(a => a.effect.getComputedTiming().endTime));
  const log = [];
  animations.forEach(a => { a.currentTime = 0; a.play(); });
  const start = performance.timeOrigin + performance.now();
  function tick(now) {
    const row = __captureMeasure(selector);
    row.epoch = performance.timeOrigin + now;
    row.animation = animations.length ? animations[0].currentTime : 0;
    log.push(row);
    if (row.epoch - start < end + tailMs) requestAnimationFrame(tick);
    else resolve({start, end, log});
  }
  requestAnimationFrame(tick);
});
window.__capturePause = () => document.getAnimations().forEach(a => { a.pause(); a.currentTime = 0; });
"""


def start_xvfb(size):
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{size[0]}x{size[1]}x24",
                             "-nolisten", "tcp"], pass_fds=(write_fd,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        display = f.readline().strip()
    if not display:
        xvfb.kill()
        raise RuntimeError("Xvfb did not start (Debian: apt-get install xvfb)")
    return xvfb, f":{display}"


def record(html_text, out, truth_path=None, size=(640, 360), fps=60, selector="#target", tail=0.3,
           crf=18, latency=0.0):
    """Records the page's animation; returns (frame times, truth rows)."""
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed (Debian: apt-get install xvfb)")
    xvfb, display = start_xvfb(size)
    work = pathlib.Path(tempfile.mkdtemp(prefix="capture-record-"))
    try:
        env = dict(os.environ, DISPLAY=display)
        flags = ["--kiosk", "--window-position=0,0", "--noerrdialogs", "--disable-infobars",
                 "--disable-features=Translate,MediaRouter", "--password-store=basic"]
        # A window exactly the screen's size is shrunk by a pixel; one pixel more covers the screen.
        with Browser(headless=False, width=size[0] + 1, height=size[1] + 1, extra_flags=flags, env=env) as browser:
            browser.load_html(html_text)
            browser.evaluate(MEASURE_SCRIPT + RECORD_SCRIPT + "__capturePause()")
            viewport = browser.evaluate("[innerWidth, innerHeight, screenX, screenY]")
            if viewport[0] < size[0] or viewport[1] < size[1] or viewport[2:] != [0, 0]:
                raise RuntimeError(f"the page's viewport is {viewport} (w, h, x, y), not the whole {size} screen "
                                   "(Chromium's windows are at least 500 px wide: use a wider --size)")
            raw = work / "raw.mkv"
            grabber = subprocess.Popen(
                ["ffmpeg", "-v", "error", "-y", "-f", "x11grab", "-framerate", str(fps), "-video_size",
                 f"{size[0]}x{size[1]}", "-draw_mouse", "0", "-i", f"{display}.0+0,0", "-copyts",
                 "-fps_mode", "passthrough", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency",
                 "-crf", str(crf), "-pix_fmt", "yuv420p", str(raw)],
                stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            time.sleep(1.0)  # the grabber is running and the first frames are still ones
            result = browser.evaluate(f"__captureRecord({selector!r}, {tail * 1000!r})")
            time.sleep(0.2)
            _, errors = grabber.communicate(b"q", timeout=60)
            if grabber.returncode not in (0, 255):
                raise RuntimeError(f"ffmpeg x11grab failed: {errors.decode(errors='replace')}")
        # Wall-clock capture times (ms), then the video rebased to start at 0.
        epochs = encode.stored_times(raw)
        first = epochs[0]
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(raw), "-c", "copy", "-bsf:v",
                        "setts=pts=PTS-STARTPTS:dts=DTS-STARTPTS", "-video_track_timescale", "1000", str(out)],
                       check=True)
        times = encode.stored_times(out)
        log = result["log"]
        rows = []
        for t, epoch in zip(times, epochs):
            wall_ms = epoch * 1000 - latency * 1000
            index = sum(1 for r in log if r["epoch"] <= wall_ms) - 1
            # Before the first animation frame the element is at rest where it starts.
            r = log[index] if index >= 0 else dict(log[0], epoch=result["start"], animation=0.0)
            rows.append({"time": t, "x": r["x"], "y": r["y"], "width": r["width"], "height": r["height"],
                         "opacity": r["opacity"], "scale": r["scale"],
                         "page_time": (r["epoch"] - first * 1000) / 1000, "animation_time": r["animation"] / 1000,
                         "page_frame": index})
        if truth_path:
            with open(truth_path, "w") as f:
                f.write("time,x,y,width,height,opacity,scale,page_time,animation_time\n")
                for r in rows:
                    f.write(f"{r['time']:.3f},{r['x']!r},{r['y']!r},{r['width']!r},{r['height']!r},{r['opacity']!r},"
                            f"{r['scale']!r},{r['page_time']:.4f},{r['animation_time']:.4f}\n")
        return times, rows, {"page_frames": len(log), "animation_start": (result["start"] - first * 1000) / 1000,
                             "log": log}
    finally:
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(work, ignore_errors=True)


def summary(times):
    gaps = [b - a for a, b in zip(times, times[1:])]
    nominal = statistics.median(gaps)
    return {"frames": len(times), "median_interval": nominal, "stdev_interval": statistics.pstdev(gaps),
            "min_interval": min(gaps), "max_interval": max(gaps),
            "long_gaps": sum(1 for g in gaps if g > 1.5 * nominal)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", help="the HTML file whose animation to record (it plays from 0 once recording)")
    parser.add_argument("--out", required=True, help="the video (.mp4 or .mkv)")
    parser.add_argument("--truth", help="the truth CSV to write")
    parser.add_argument("--size", type=parse_size, default=(640, 360),
                        help="screen WIDTHxHEIGHT (default 640x360; Chromium needs ≥ 500 px of width)")
    parser.add_argument("--fps", type=int, default=60, help="x11grab's frame rate (default 60)")
    parser.add_argument("--selector", default="#target", help="the element whose truth to log (default #target)")
    parser.add_argument("--tail", type=float, default=0.3, help="seconds recorded after the animation ends (default 0.3)")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds from paint to grab for the alignment (default 0)")
    parser.add_argument("--crf", type=int, default=18, help="x264 CRF (default 18)")
    args = parser.parse_args()
    if not pathlib.Path(args.page).is_file():
        parser.error(f"{args.page} is not a file")
    times, rows, info = record(pathlib.Path(args.page).read_text(), args.out, args.truth, args.size, args.fps,
                               args.selector, args.tail, args.crf, args.latency)
    print(json.dumps({**summary(times), "page_frames": info["page_frames"],
                      "animation_start": info["animation_start"]}), file=sys.stderr)


if __name__ == "__main__":
    main()
