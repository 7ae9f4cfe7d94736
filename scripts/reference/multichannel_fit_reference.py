#!/usr/bin/env python3
"""Reference least-squares keyframe values for MotionLab's multi-channel keyframe fit (SPEC §11).

With shared keyframe times the basis is fixed, so the problem separates per channel: each track's
values are that channel's least-squares optimum on the shared times, on a clock whose time 0 is
the earliest sample of any channel. This builds, for every channel, the DENSE design matrix of a
SwiftUI cubic keyframe track (the `design` function of keyframe_fit_reference.py, written from
SPEC §4) at the channel's own sample times measured from that common origin, and solves it with
numpy.linalg.lstsq (SVD) — independently of MotionLab's banded normal equations.

Cases: a plain capture (x, y, scale, opacity on the same frames) with given times and with N
evenly spaced keyframes (end i = t0 + (t_last − t0)·i/N, the span of all channels), and
tracker-like channels with their own, differently spaced times that start at different moments.

Run:  python3 scripts/reference/multichannel_fit_reference.py > data/reference/multichannel_fit.json
"""
import json
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from keyframe_fit_reference import design  # noqa: E402  (the SPEC §4 basis, one copy)


def spring(t, start, frm, to, duration, bounce):
    """SwiftUI's Spring(duration:bounce:) from rest, underdamped (bounce > 0), from `start`."""
    zeta = 1 - bounce
    w0 = 2 * math.pi / duration
    lam, wd = zeta * w0, w0 * math.sqrt(1 - zeta * zeta)
    tau = np.maximum(t - start, 0)
    e = np.exp(-lam * tau) * (np.cos(wd * tau) + lam / wd * np.sin(wd * tau))
    return frm + (to - frm) * (1 - e)


def case(name, mode, channels, ends_absolute=None, count=None):
    t0 = min(c["times"][0] for c in channels)
    if ends_absolute is None:
        last = max(c["times"][-1] for c in channels)
        ends_absolute = [t0 + (last - t0) * i / count for i in range(1, count + 1)]
    ends = [e - t0 for e in ends_absolute]
    out, sse, n, worst = [], 0.0, 0, 0.0
    for c in channels:
        a = design([t - t0 for t in c["times"]], ends)
        y = np.array(c["values"])
        p, *_ = np.linalg.lstsq(a, y, rcond=None)
        r = y - a @ p
        sse += float(np.sum(r ** 2))
        n += len(y)
        worst = max(worst, float(np.max(np.abs(r))))
        out.append({"channel": c["channel"], "times": c["times"], "values": c["values"],
                    "initialValue": float(p[0]), "keyframeValues": [float(v) for v in p[1:]],
                    "rmse": float(math.sqrt(np.mean(r ** 2))), "maxError": float(np.max(np.abs(r))),
                    "condition": float(np.linalg.cond(a))})
    doc = {"name": name, "mode": mode, "startTime": t0, "endTimes": [float(e) for e in ends_absolute],
           "channels": out, "rmse": math.sqrt(sse / n), "maxError": worst}
    if count is not None:
        doc["keyframeCount"] = count
    return doc


def main():
    rng = np.random.default_rng(20261123)
    cases = []

    # 1. One motion of a card at 60 Hz with jitter: x, y, scale and opacity on the same frames.
    t = np.cumsum(np.full(80, 1 / 60) + rng.normal(0, 0.001, 80)) + 0.1
    plain = [
        {"channel": "x", "values": spring(t, 0.15, 20, 320, 0.5, 0.3) + rng.normal(0, 0.3, len(t))},
        {"channel": "y", "values": spring(t, 0.2, 600, 250, 0.45, 0.15) + rng.normal(0, 0.3, len(t))},
        {"channel": "scale", "values": spring(t, 0.15, 0.8, 1.0, 0.4, 0.25) + rng.normal(0, 0.002, len(t))},
        {"channel": "opacity", "values": np.clip((t - 0.15) / 0.2, 0, 1) + rng.normal(0, 0.003, len(t))},
    ]
    for c in plain:
        c["times"] = t.tolist()
        c["values"] = c["values"].tolist()
    cases.append(case("card x/y/scale/opacity, 7 shared keyframe times", "times", plain,
                      ends_absolute=[0.2, 0.3, 0.4, 0.55, 0.7, 0.95, float(t[-1])]))
    cases.append(case("card x/y/scale/opacity, 9 evenly spaced keyframes", "count", plain, count=9))

    # 2. Tracker-like: two objects seen on different frames (each with its own dropped frames),
    #    the second appearing later; shared times over the span of both.
    frames = np.arange(0, 150)
    seen_a = frames[rng.random(len(frames)) > 0.1]
    seen_b = frames[(frames >= 12) & (rng.random(len(frames)) > 0.2)]
    ta, tb = (seen_a / 120.0), (seen_b / 120.0)
    tracker = [
        {"channel": "a.x", "times": ta.tolist(), "values": (spring(ta, 0.1, 0, 200, 0.6, 0.2) + rng.normal(0, 0.2, len(ta))).tolist()},
        {"channel": "a.y", "times": ta.tolist(), "values": (50 * np.sin(4 * ta) + rng.normal(0, 0.2, len(ta))).tolist()},
        {"channel": "b.x", "times": tb.tolist(), "values": (spring(tb, 0.3, 400, 100, 0.5, 0.0001) + rng.normal(0, 0.2, len(tb))).tolist()},
        {"channel": "b.y", "times": tb.tolist(), "values": (10 + 30 * tb ** 2 + rng.normal(0, 0.2, len(tb))).tolist()},
    ]
    cases.append(case("tracker objects on their own frames, b from frame 12", "times", tracker,
                      ends_absolute=[0.2, 0.35, 0.5, 0.7, 0.9, 1.1, 149 / 120.0]))
    cases.append(case("tracker objects, 6 evenly spaced keyframes over both spans", "count", tracker, count=6))

    json.dump({"generator": "scripts/reference/multichannel_fit_reference.py",
               "method": "per channel: dense design matrix of SwiftUI's cubic keyframes (keyframe_fit_reference.design) on the common clock, numpy.linalg.lstsq (SVD)",
               "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
