#!/usr/bin/env python3
"""Simulated screen captures of known motions, with the ground truth beside each file.

Each recording is what a real capture of a UI animation looks like: frames on a 60 or 120 Hz
clock with timestamp jitter, dropped frames, positions quantised to device pixels, and sensor
noise. The motions are known exactly — springs (SwiftUI's Spring(duration:bounce:) from rest or
with an initial velocity), cubic-bezier timing curves and a cubic keyframe track — computed here
from first principles (numpy closed forms written from SPEC §2 and §3, a bisection for the
bezier), independently of MotionLab's Swift code.

Writes data/recordings/NAME.csv and NAME.truth.json. Deterministic (fixed seed).
Run:  python3 scripts/make_sample_data.py
"""
import json
import math
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "data" / "recordings"
rng = np.random.default_rng(20261122)


def spring_value(duration, bounce, delta, v0, t):
    """x(t) of SwiftUI's Spring(duration:bounce:) from 0 towards delta with velocity v0 (t ≥ 0)."""
    zeta = 1 / (1 + bounce) if bounce < 0 else 1 - bounce
    w0 = 2 * math.pi / duration
    lam = zeta * w0
    e0 = -delta  # displacement from the target at t = 0
    if zeta < 1:
        wd = w0 * math.sqrt(1 - zeta * zeta)
        return delta + np.exp(-lam * t) * (e0 * np.cos(wd * t) + (v0 + lam * e0) / wd * np.sin(wd * t))
    if zeta == 1:
        return delta + np.exp(-lam * t) * (e0 + (v0 + lam * e0) * t)
    mu = w0 * math.sqrt(zeta * zeta - 1)
    r1, r2 = -lam + mu, -lam - mu  # e = a e^{r1 t} + b e^{r2 t}
    a = (v0 - r2 * e0) / (r1 - r2)
    b = e0 - a
    return delta + a * np.exp(r1 * t) + b * np.exp(r2 * t)


def bezier_y(x1, y1, x2, y2, x):
    """y at progress x of cubic-bezier(x1, y1, x2, y2), by bisection on x(s)."""
    def coord(p1, p2, s):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s * s * p2 + s ** 3
    lo, hi = np.zeros_like(x), np.ones_like(x)
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        below = coord(x1, x2, mid) < x
        lo = np.where(below, mid, lo)
        hi = np.where(below, hi, mid)
    return coord(y1, y2, 0.5 * (lo + hi))


def frame_clock(hz, seconds, jitter, drop):
    """Capture timestamps: a display clock with jitter (s, one sigma) and dropped frames."""
    n = int(seconds * hz) + 1
    t = np.arange(n) / hz + rng.normal(0, jitter, n)
    t[0] = 0.0
    keep = rng.random(n) >= drop
    keep[0] = keep[-1] = True
    t = np.sort(t[keep])
    return t[np.concatenate([[True], np.diff(t) > 1e-4])]


def capture(values, pixel, noise):
    """Device-pixel quantisation (pixel = 1/scale points) after sensor noise."""
    noisy = values + rng.normal(0, noise, len(values))
    return np.round(noisy / pixel) * pixel


def write(name, times, channels, truth):
    OUT.mkdir(parents=True, exist_ok=True)
    header = "time," + ",".join(channels)
    rows = [header]
    for i, t in enumerate(times):
        rows.append(f"{t:.6f}," + ",".join(f"{channels[c][i]:.4f}" for c in channels))
    comment = f"# {truth['description']} — simulated capture, see scripts/make_sample_data.py"
    (OUT / f"{name}.csv").write_text(comment + "\n" + "\n".join(rows) + "\n")
    (OUT / f"{name}.truth.json").write_text(json.dumps(truth, indent=1) + "\n")


def spring_capture(name, description, duration, bounce, frm, to, v0, start, hz, seconds, jitter, drop, pixel, noise):
    t = frame_clock(hz, seconds, jitter, drop)
    tau = np.maximum(t - start, 0)
    x = np.where(t <= start, frm, frm + spring_value(duration, bounce, to - frm, v0, tau))
    write(name, t, {"y": capture(x, pixel, noise)}, {
        "description": description, "model": "spring",
        "spring": {"duration": duration, "bounce": bounce}, "startTime": start,
        "from": frm, "to": to, "initialVelocity": v0,
        "capture": {"hz": hz, "jitter": jitter, "dropRate": drop, "pixel": pixel, "noise": noise}})


def bezier_capture(name, description, points, frm, to, start, duration, hz, seconds, jitter, drop, pixel, noise):
    t = frame_clock(hz, seconds, jitter, drop)
    x = np.clip((t - start) / duration, 0, 1)
    y = frm + (to - frm) * bezier_y(*points, x)
    write(name, t, {"y": capture(y, pixel, noise)}, {
        "description": description, "model": "bezier", "controlPoints": list(points),
        "startTime": start, "duration": duration, "from": frm, "to": to,
        "capture": {"hz": hz, "jitter": jitter, "dropRate": drop, "pixel": pixel, "noise": noise}})


def card_capture(name, description, channels, hz, seconds, jitter, drop):
    """One motion of several properties (SPEC §11) on one frame clock: each channel a spring with
    its own start. The truth's top level describes the first channel (so tools that read one
    channel check it as any spring capture); `channels` describes each."""
    t = frame_clock(hz, seconds, jitter, drop)
    columns, truths = {}, {}
    for ch, (duration, bounce, frm, to, start, pixel, noise) in channels.items():
        tau = np.maximum(t - start, 0)
        x = np.where(t <= start, frm, frm + spring_value(duration, bounce, to - frm, 0.0, tau))
        columns[ch] = capture(x, pixel, noise)
        truths[ch] = {"spring": {"duration": duration, "bounce": bounce}, "startTime": start, "from": frm, "to": to,
                      "initialVelocity": 0.0, "capture": {"pixel": pixel, "noise": noise}}
    first = truths[next(iter(channels))]
    write(name, t, columns, {
        "description": description, "model": "spring", **{k: first[k] for k in ("spring", "startTime", "from", "to", "initialVelocity")},
        "capture": {"hz": hz, "jitter": jitter, "dropRate": drop, **first["capture"]},
        "channels": truths})


def tracker_capture(name, description, fps, frames, objects):
    """A tracker's long CSV: `frame,id,x,y`, one row per object per frame it was seen on
    (objects appear late and are lost on some frames)."""
    rows = ["frame,id,x,y"]
    for frame in range(frames):
        t = frame / fps
        for obj, (first, lost, motion) in objects.items():
            if frame < first or rng.random() < lost:
                continue
            x, y = motion(t)
            rows.append(f"{frame},{obj},{x + rng.normal(0, 0.2):.2f},{y + rng.normal(0, 0.2):.2f}")
    path = OUT / "trackers" / f"{name}.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {description} — simulated tracker output, see scripts/make_sample_data.py\n" + "\n".join(rows) + "\n")


def main():
    spring_capture("spring-bouncy-60hz", "Spring(duration: 0.5, bounce: 0.3), 20 → 320 pt, starting at 0.1 s",
                   0.5, 0.3, 20.0, 320.0, 0.0, 0.1, 60, 1.4, 0.0008, 0.03, 0.5, 0.3)
    spring_capture("spring-smooth-120hz", "Spring(duration: 0.4, bounce: 0) (critical), 0 → -150 pt, starting at 0.05 s",
                   0.4, 0.0, 0.0, -150.0, 0.0, 0.05, 120, 1.0, 0.0004, 0.02, 1 / 3, 0.2)
    spring_capture("spring-overdamped-60hz", "Spring(duration: 0.6, bounce: -0.4) (overdamped), 100 → 400 pt",
                   0.6, -0.4, 100.0, 400.0, 0.0, 0.2, 60, 2.0, 0.0008, 0.03, 0.5, 0.3)
    spring_capture("spring-fling-120hz", "Spring(duration: 0.35, bounce: 0.15) after a fling of 1500 pt/s, 0 → 240 pt",
                   0.35, 0.15, 0.0, 240.0, 1500.0, 0.08, 120, 1.0, 0.0004, 0.02, 1 / 3, 0.2)
    bezier_capture("bezier-ease-60hz", "CSS ease, cubic-bezier(0.25, 0.1, 0.25, 1), 0 → 200 pt over 0.3 s from 0.1 s",
                   (0.25, 0.1, 0.25, 1.0), 0.0, 200.0, 0.1, 0.3, 60, 0.7, 0.0008, 0.02, 0.5, 0.2)
    bezier_capture("bezier-overshoot-120hz", "cubic-bezier(0.34, 1.56, 0.64, 1), 50 → 350 pt over 0.5 s from 0.15 s",
                   (0.34, 1.56, 0.64, 1.0), 50.0, 350.0, 0.15, 0.5, 120, 1.0, 0.0004, 0.02, 1 / 3, 0.2)
    card_capture("card-present-60hz", "a card presented: x, y, scale and opacity springs, staggered starts (x from 0.1 s)", {
        # channel: (duration, bounce, from, to, start, pixel, noise)
        "x": (0.5, 0.25, 0.0, 240.0, 0.1, 0.5, 0.3),
        "y": (0.45, 0.1, 400.0, 250.0, 0.15, 0.5, 0.3),
        "scale": (0.4, 0.3, 0.8, 1.0, 0.1, 0.001, 0.002),
        "opacity": (0.3, 0.0, 0.0, 1.0, 0.12, 0.001, 0.003),
    }, 60, 1.4, 0.0008, 0.03)
    tracker_capture("two-dots-60fps", "two tracked dots at 60 fps: a from frame 0, b from frame 12, each lost on some frames", 60, 84, {
        "a": (0, 0.08, lambda t: (20 + 200 * spring_value(0.5, 0.2, 1.0, 0.0, np.array(max(t - 0.1, 0.0))), 300 - 40 * t)),
        "b": (12, 0.1, lambda t: (300.0 - 150 * spring_value(0.4, 0.0, 1.0, 0.0, np.array(max(t - 0.3, 0.0))), 80 + 20 * t)),
    })


if __name__ == "__main__":
    main()
