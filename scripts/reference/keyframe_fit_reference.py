#!/usr/bin/env python3
"""Reference least-squares keyframe values for MotionLab's keyframe fit.

For each case, a recording (t, y) and fixed keyframe end times, this builds the DENSE design
matrix of a SwiftUI cubic keyframe track written from SPEC §4 (automatic Catmull-Rom tangents;
first start and last end velocity 0; past the end the track holds its last value) and solves it
with numpy.linalg.lstsq (SVD) — an independent route to the optimum MotionLab reaches with banded
normal equations. It also reports the design matrix's condition number, so the tests can show
the accuracy on an ill-conditioned case.

Run:  python3 scripts/reference/keyframe_fit_reference.py > data/reference/keyframe_fit.json
"""
import json
import math
import sys

import numpy as np


def design(times, ends):
    """Rows: samples; columns: p0 (initial value), p1..pK (keyframe values)."""
    k = len(ends)
    starts = [0.0] + ends[:-1]
    durations = [e - s for s, e in zip(starts, ends)]
    a = np.zeros((len(times), k + 1))
    for row, t in enumerate(times):
        i = next((j for j, e in enumerate(ends) if t <= e), None)
        if i is None:  # after the last keyframe: its value
            a[row, k] = 1.0
            continue
        d = durations[i]
        u = min(max((t - starts[i]) / d, 0.0), 1.0)
        h00, h10 = 2 * u**3 - 3 * u**2 + 1, u**3 - 2 * u**2 + u
        h01, h11 = -2 * u**3 + 3 * u**2, u**3 - u**2
        # value = h00*from + h10*m0 + h01*to + h11*m1 with from = p_i, to = p_{i+1}
        a[row, i] += h00
        a[row, i + 1] += h01
        if i > 0:  # m0 = d * (to - value before the previous keyframe) / (dPrev + d)
            w = h10 * d / (durations[i - 1] + d)
            a[row, i + 1] += w
            a[row, i - 1] -= w
        if i < k - 1:  # m1 = d * (next.to - from) / (d + dNext)
            w = h11 * d / (d + durations[i + 1])
            a[row, i + 2] += w
            a[row, i] -= w
    return a


def case(name, times, values, ends_absolute):
    t0 = times[0]
    rel = [t - t0 for t in times]
    ends = [e - t0 for e in ends_absolute]
    a = design(rel, ends)
    y = np.array(values)
    p, *_ = np.linalg.lstsq(a, y, rcond=None)
    residual = y - a @ p
    return {
        "name": name,
        "times": times,
        "values": values,
        "endTimes": ends_absolute,
        "initialValue": float(p[0]),
        "keyframeValues": [float(v) for v in p[1:]],
        "rmse": float(math.sqrt(np.mean(residual**2))),
        "maxError": float(np.max(np.abs(residual))),
        "condition": float(np.linalg.cond(a)),
    }


def main():
    rng = np.random.default_rng(20261122)
    cases = []

    # 1. A spring-like step at 60 Hz with jitter and noise, 8 keyframes.
    t = np.cumsum(np.full(90, 1 / 60) + rng.normal(0, 0.0015, 90)) + 0.25
    y = 120 * (1 - np.exp(-7 * (t - t[0])) * (np.cos(15 * (t - t[0])) + 7 / 15 * np.sin(15 * (t - t[0]))))
    y = y + rng.normal(0, 0.4, len(t))
    ends = list(np.linspace(t[0], t[-1], 9)[1:])
    cases.append(case("spring step 60 Hz, 8 keyframes", t.tolist(), y.tolist(), [float(e) for e in ends]))

    # 2. Uneven keyframe durations (Catmull-Rom with unequal durations), samples past the end.
    t = np.linspace(0, 2, 241)
    y = np.sin(3 * t) * 40 + 5 * t
    ends = [0.1, 0.15, 0.5, 1.2, 1.3, 1.8]
    cases.append(case("uneven durations, samples past the end", t.tolist(), y.tolist(), ends))

    # 3. A keyframe 1e-3 s long holding two samples next to 1 s long ones.
    t = np.concatenate([np.linspace(0, 1, 200), [1.0004, 1.0008], np.linspace(1.0015, 2, 200)])
    y = np.tanh(4 * (t - 1)) * 10 + rng.normal(0, 0.01, len(t))
    ends = [1.0, 1.001, 2.0]
    cases.append(case("a 1 ms keyframe between 1 s ones", t.tolist(), y.tolist(), ends))

    # 4. Ill-conditioned: few samples scattered so that one combination of keyframe values is
    #    barely seen. Searched with a fixed seed for a design with condition number in [1e5, 1e7]
    #    (the normal equations then have 1e10 … 1e14).
    search = np.random.default_rng(1)
    while True:
        k = int(search.integers(3, 8))
        ends = np.sort(search.uniform(0, 1, k))
        ends[-1] = 1.0
        t = np.sort(search.uniform(0, 1, k + 1 + int(search.integers(0, 4))))
        t[0] = 0.0  # the fit's clock starts at the first sample
        if np.min(np.diff(np.concatenate([[0], ends]))) < 1e-3 or np.min(np.diff(t)) <= 0:
            continue
        if 1e5 <= np.linalg.cond(design(list(t), list(ends))) <= 1e7:
            break
    y = np.sin(5 * t) + search.normal(0, 1e-3, len(t))
    cases.append(case("ill-conditioned: sparse samples, condition number ~1e5", t.tolist(), y.tolist(), [float(e) for e in ends]))

    # 5. Many keyframes on a long noisy recording.
    t = np.sort(rng.uniform(0, 5, 3000))
    y = np.cumsum(rng.normal(0, 1, 3000)) * 0.1
    ends = list(np.linspace(0, 5, 61)[1:])
    cases.append(case("random walk, 60 keyframes, uneven sampling", t.tolist(), y.tolist(), [float(e) for e in ends]))

    json.dump({"generator": "scripts/reference/keyframe_fit_reference.py",
               "method": "dense design matrix of SwiftUI's cubic keyframes (cubic Hermite, automatic Catmull-Rom tangents), "
                         "numpy.linalg.lstsq (SVD)",
               "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
