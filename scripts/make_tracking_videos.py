#!/usr/bin/env python3
"""Renders the small synthetic screen recordings in data/tracking/ that MotionCapture's tests track,
with their truth.

Each frame is drawn here with exact area coverage (a pixel's value is the background blended with
the shape by the fraction of the pixel the shape covers; rotated shapes by 16×16 supersampling),
at sub-pixel positions that are closed-form functions of time (a spring's step response, linear
ramps), then encoded to H.264 (libx264, CRF 20, yuv420p — what screen recorders write) with
irregular frame times given to FFmpeg's concat demuxer, kept exactly by a 1 ms track time scale.
The truth CSV beside each video holds the rendered times and values: what the tracker must give.

Usage: python3 scripts/make_tracking_videos.py   (needs numpy and ffmpeg; writes data/tracking/)
"""
import math
import pathlib
import subprocess
import tempfile

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "data" / "tracking"
W, H = 160, 96
BACKGROUND, INK = 235.0, 40.0


def coverage_1d(lo, hi, n):
    """Fraction of each pixel [i, i+1) covered by [lo, hi)."""
    edges = np.arange(n, dtype=float)
    return np.clip(np.minimum(edges + 1, hi) - np.maximum(edges, lo), 0, 1)


def box(cx, cy, w, h):
    return np.outer(coverage_1d(cy - h / 2, cy + h / 2, H), coverage_1d(cx - w / 2, cx + w / 2, W))


def rotated_box(cx, cy, w, h, degrees, samples=16):
    a = math.radians(degrees)
    offsets = (np.arange(samples) + 0.5) / samples
    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    total = np.zeros((H, W))
    for oy in offsets:
        for ox in offsets:
            dx, dy = xs + ox - cx, ys + oy - cy
            u = dx * math.cos(a) + dy * math.sin(a)
            v = -dx * math.sin(a) + dy * math.cos(a)
            total += (np.abs(u) <= w / 2) & (np.abs(v) <= h / 2)
    return total / samples**2


def spring(t, start, target, response=0.5, damping_ratio=0.6, delay=0.1):
    """A spring's step response from rest (closed form), starting at `delay`."""
    t = max(t - delay, 0.0)
    omega = 2 * math.pi / response
    zeta = damping_ratio
    wd = omega * math.sqrt(1 - zeta**2)
    envelope = math.exp(-zeta * omega * t)
    return target + (start - target) * envelope * (math.cos(wd * t) + zeta * omega / wd * math.sin(wd * t))


def frame_times(count, seed):
    """Irregular frame times in whole milliseconds: mostly 16–17 ms, some 33 ms (a dropped frame)."""
    rng = np.random.default_rng(seed)
    steps = rng.choice([16, 17, 17, 33], size=count - 1)
    return np.concatenate([[0], np.cumsum(steps)]).astype(int)


def encode(name, frames, times_ms):
    """Encodes gray frames (float arrays) at the given millisecond times."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        lines = ["ffconcat version 1.0"]
        for i, frame in enumerate(frames):
            path = tmp / f"f{i:04d}.pgm"
            pixels = np.clip(np.rint(frame), 0, 255).astype(np.uint8)
            path.write_bytes(b"P5 %d %d 255\n" % (W, H) + pixels.tobytes())
            duration = (times_ms[i + 1] - times_ms[i]) if i + 1 < len(frames) else 17
            # The image demuxer's own clock (1/1000 s) keeps the millisecond times exact.
            lines += [f"file '{path}'", "option framerate 1000", f"duration {duration / 1000:.3f}"]
        lines += [f"file '{tmp / f'f{len(frames) - 1:04d}.pgm'}'", "option framerate 1000"]
        (tmp / "list.ffconcat").write_text("\n".join(lines) + "\n")
        subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0",
                        "-i", str(tmp / "list.ffconcat"), "-fps_mode", "passthrough", "-enc_time_base", "1:1000", "-c:v", "libx264",
                        "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p", "-video_track_timescale", "1000",
                        "-frames:v", str(len(frames)), str(OUT / name)], check=True)


def write_truth(name, header, rows):
    with open(OUT / name, "w") as f:
        f.write(",".join(header) + "\n")
        for row in rows:
            f.write(",".join(repr(float(v)) if not isinstance(v, int) else str(v) for v in row) + "\n")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    blend = lambda cov, opacity=1.0: BACKGROUND + (INK - BACKGROUND) * opacity * cov

    # 1. A spring along x, with a frame repeated by the "recorder" amid the motion (frame 12 = 11).
    times = frame_times(72, seed=1)
    frames, rows = [], []
    for i, ms in enumerate(times):
        t = ms / 1000
        if i == 12:
            frames.append(frames[-1]); continue
        x, y = spring(t, 30.25, 118.6), 47.3 + 0.0 * t
        frames.append(blend(box(x, y, 24, 16)))
        rows.append((t, x, y, 24.0, 16.0))
    encode("spring_box.mp4", frames, times)
    write_truth("spring_box.truth.csv", ["time", "x", "y", "width", "height"], rows)

    # 2. Growing and fading in place (scale 1 → 1.3, opacity 1 → 0.5), centre drifting slowly.
    times = frame_times(40, seed=2)
    frames, rows = [], []
    for ms in times:
        t = ms / 1000
        u = min(t / 0.5, 1.0)
        scale, opacity = 1 + 0.3 * u, 1 - 0.5 * u
        x, y = 80.4 + 3.3 * u, 48.7 - 2.1 * u
        frames.append(blend(box(x, y, 30 * scale, 20 * scale), opacity))
        # The opacity the pixels carry: the inside's level as rendered (rounded to 8 bits).
        shown = (BACKGROUND - np.rint(blend(1.0, opacity))) / (BACKGROUND - INK)
        rows.append((t, x, y, 30 * scale, 20 * scale, scale, shown))
    encode("scale_fade.mp4", frames, times)
    write_truth("scale_fade.truth.csv", ["time", "x", "y", "width", "height", "scale", "opacity"], rows)

    # 3. A bar turning 0° → 60° (clockwise on screen) about a moving centre.
    times = frame_times(30, seed=3)
    frames, rows = [], []
    for ms in times:
        t = ms / 1000
        u = min(t / 0.4, 1.0)
        angle, x, y = 60 * u, 70.2 + 10 * u, 45.6
        frames.append(blend(rotated_box(x, y, 40, 10, angle)))
        rows.append((t, x, y, 40.0, 10.0, angle))
    encode("rotating_bar.mp4", frames, times)
    write_truth("rotating_bar.truth.csv", ["time", "x", "y", "width", "height", "rotation"], rows)

    # 4. Two boxes moving in opposite directions (ids by reading order: left one is 1).
    times = frame_times(30, seed=4)
    frames, rows = [], []
    for ms in times:
        t = ms / 1000
        a = (30.5 + 40 * t, 30.2 + 20 * t)
        b = (120.3 - 30 * t, 70.7 - 25 * t)
        frames.append(blend(np.clip(box(*a, 14, 14) + box(*b, 18, 12), 0, 1)))
        rows.append((t, 1, a[0], a[1]))
        rows.append((t, 2, b[0], b[1]))
    encode("two_boxes.mp4", frames, times)
    write_truth("two_boxes.truth.csv", ["time", "id", "x", "y"], rows)

    # 5. A box sliding out through the right edge: the last frames have no whole object.
    times = frame_times(30, seed=5)
    frames, rows = [], []
    for ms in times:
        t = ms / 1000
        x = 60.4 + 400 * t
        frames.append(blend(box(x, 40.5, 20, 20)))
        rows.append((t, x, 40.5))
    encode("leaves_frame.mp4", frames, times)
    write_truth("leaves_frame.truth.csv", ["time", "x", "y"], rows)

    # 6. Nothing moves.
    times = frame_times(10, seed=6)
    encode("still.mp4", [blend(box(50.5, 40.5, 20, 20))] * 10, times)


if __name__ == "__main__":
    main()
