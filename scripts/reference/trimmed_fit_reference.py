#!/usr/bin/env python3
"""Reference table for the step fits' choice of start and end (issue 15: trimmed captures).

Writes data/reference/trimmed_fits.json. For each recording (noisy samples generated here with
numpy's seeded generator and stored verbatim, so the Swift test fits exactly these doubles) every
candidate model of MotionFitting's BezierFitting / SpringFitting is fitted here by
scipy.optimize.least_squares from many starts (including the truth), and the table stores each
model's least-squares optimum (residual sum of squares and parameters), its BIC and the model the
criterion chooses. Nothing is shared with the Swift code: the bezier is inverted by bisection on
x(s), the spring is its closed form (under/critically/overdamped), and from/to (and a spring's
initial velocity) are solved by numpy.linalg.lstsq for each trial of the nonlinear parameters.

Models (the Swift names):
  timing curve, value(t) = from + (to - from) * y((t - t0) / d), at rest outside [t0, t0 + d]:
    "start at the first sample, end at the last"  t0 = first sample, t0 + d = last sample   k = 6
    "start at the first sample, end fitted"       t0 = first sample, d free                 k = 7
    "start fitted, end at the last sample"        t0 free, t0 + d = last sample             k = 7
    "start and end fitted"                        t0, d free                                k = 8
  spring, value(t) = from + (to - from) * u(t - t0) + v0 * h(t - t0) (from before t0):
    "start at rest at the first sample"                 t0 = first sample, v0 = 0   k = 4
    "start at the first sample with a fitted velocity"  t0 = first sample           k = 5
    "start at rest at a fitted time"                    v0 = 0                      k = 5
    "start at a fitted time with a fitted velocity"                                 k = 6
  BIC = n ln(RSS/n + f^2) + k ln n with f = 1e-6 of the recorded range (the Swift code works in
  units of its step; BIC differences are the same). Choice: lowest BIC, a fitted spring velocity
  handicapped by 2.

Run: python3 scripts/reference/trimmed_fit_reference.py   (deterministic; about half a minute)
"""

import json
import math
import os

import numpy as np
from scipy.optimize import least_squares

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# ---------------------------------------------------------------------------------------------
# Timing curves


def bezier_y(p, x):
    """y at x for the curve (0,0), (x1,y1), (x2,y2), (1,1): bisection on x(s) to the last bit."""
    x1, y1, x2, y2 = p
    x = np.asarray(x, dtype=float)
    lo = np.zeros_like(x)
    hi = np.ones_like(x)

    def coord(a, b, s):
        return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3

    for _ in range(64):
        mid = 0.5 * (lo + hi)
        below = coord(x1, x2, mid) < x
        lo = np.where(below, mid, lo)
        hi = np.where(below, hi, mid)
    return coord(y1, y2, 0.5 * (lo + hi))


def bezier_progress(p, t, t0, d):
    x = (t - t0) / d
    out = np.zeros_like(t)
    out[x >= 1] = 1
    inside = (x > 0) & (x < 1)
    out[inside] = bezier_y(p, x[inside])
    return out


BEZIER_MODELS = {
    "start at the first sample, end at the last": (False, False),
    "start at the first sample, end fitted": (False, True),
    "start fitted, end at the last sample": (True, False),
    "start and end fitted": (True, True),
}
SHAPES = [[0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.3, 0.3, 0.7, 0.7]]


def linear_fit(columns, y):
    a = np.stack(columns, 1)
    c, *_ = np.linalg.lstsq(a, y, rcond=None)
    return c, a @ c - y


def fit_bezier_model(t, y, name, guesses):
    start_free, end_free = BEZIER_MODELS[name]
    first, last = t[0], t[-1]
    span = last - first
    dt = span / (len(t) - 1)

    def unpack(q):
        p = q[:4]
        i = 4
        t0 = q[i] if start_free else first
        i += start_free
        d = q[i] if end_free else last - t0
        return p, t0, d

    def residuals(q):
        p, t0, d = unpack(q)
        s = bezier_progress(p, t, t0, d)
        return linear_fit([1 - s, s], y)[1]

    lower = [0, -5, 0, -5] + ([first - span] if start_free else []) + ([dt] if end_free else [])
    upper = [1, 5, 1, 5] + ([last - (0 if end_free else dt)] if start_free else []) + ([10 * span] if end_free else [])
    best = None
    for shape, t0, d in guesses:
        q0 = list(shape) + ([t0] if start_free else []) + ([d if start_free else t0 + d - first] if end_free else [])
        q0 = np.clip(q0, np.array(lower) + 1e-12 * span, np.array(upper) - 1e-12 * span)
        r = least_squares(residuals, q0, bounds=(lower, upper), xtol=1e-15, ftol=1e-15, gtol=1e-15,
                          x_scale=[1, 1, 1, 1] + [span] * (start_free + end_free), max_nfev=5000)
        if best is None or r.cost < best.cost:
            best = r
    p, t0, d = unpack(best.x)
    s = bezier_progress(p, t, t0, d)
    c, res = linear_fit([1 - s, s], y)
    return {"name": name, "k": 6 + start_free + end_free, "rss": float(res @ res),
            "controlPoints": [float(v) for v in p], "startTime": float(t0), "duration": float(d),
            "from": float(c[0]), "to": float(c[1])}


# ---------------------------------------------------------------------------------------------
# Springs


def spring_basis(duration, bounce, tau):
    """u: the step from rest towards 1; h: the motion with unit initial velocity (target 0)."""
    w0 = 2 * math.pi / duration
    z = 1 - bounce if bounce >= 0 else 1 / (1 + bounce)
    lam = z * w0
    tau = np.maximum(tau, 0.0)
    if z < 1:
        w = w0 * math.sqrt(1 - z * z)
        e = np.exp(-lam * tau)
        return 1 - e * (np.cos(w * tau) + lam / w * np.sin(w * tau)), e * np.sin(w * tau) / w
    if z == 1:
        e = np.exp(-w0 * tau)
        return 1 - e * (1 + w0 * tau), tau * e
    s = w0 * math.sqrt(z * z - 1)
    r1, r2 = -lam + s, -lam - s
    e1, e2 = np.exp(r1 * tau), np.exp(r2 * tau)
    return 1 - (r2 * e1 - r1 * e2) / (r2 - r1), (e1 - e2) / (r1 - r2)


SPRING_MODELS = {
    "start at rest at the first sample": (False, False),
    "start at the first sample with a fitted velocity": (False, True),
    "start at rest at a fitted time": (True, False),
    "start at a fitted time with a fitted velocity": (True, True),
}


def fit_spring_model(t, y, name, guesses):
    start_free, velocity_free = SPRING_MODELS[name]
    first, span = t[0], t[-1] - t[0]

    def columns(q):
        d, b = q[0], q[1]
        t0 = q[2] if start_free else first
        u, h = spring_basis(d, b, t - t0)
        return [1 - u, u] + ([h] if velocity_free else [])

    def residuals(q):
        return linear_fit(columns(q), y)[1]

    lower = [1e-3 * span, -0.95] + ([first - span] if start_free else [])
    upper = [100 * span, 0.995] + ([t[-3]] if start_free else [])
    best = None
    for d, b, t0 in guesses:
        q0 = np.clip([d, b] + ([t0] if start_free else []), np.array(lower) + 1e-9, np.array(upper) - 1e-9)
        r = least_squares(residuals, q0, bounds=(lower, upper), xtol=1e-15, ftol=1e-15, gtol=1e-15,
                          x_scale=[span, 1] + ([span] if start_free else []), max_nfev=5000)
        if best is None or r.cost < best.cost:
            best = r
    q = best.x
    c, res = linear_fit(columns(q), y)
    return {"name": name, "k": 4 + start_free + velocity_free, "rss": float(res @ res),
            "duration": float(q[0]), "bounce": float(q[1]), "startTime": float(q[2] if start_free else first),
            "from": float(c[0]), "to": float(c[1]), "initialVelocity": float(c[2]) if velocity_free else 0.0}


# ---------------------------------------------------------------------------------------------
# Choice


def choose(t, y, candidates, handicap):
    n = len(t)
    f = 1e-6 * (y.max() - y.min())
    for c in candidates:
        c["bic"] = n * math.log(c["rss"] / n + f * f) + c["k"] * math.log(n)
    scores = [c["bic"] + handicap(c) for c in candidates]
    chosen = candidates[int(np.argmin(scores))]
    for c in candidates:
        c["relativeBIC"] = c["bic"] - chosen["bic"]
    return chosen["name"]


BOUNDARY_THRESHOLD = 6.0   # StepModelSelection.boundaryThreshold (each fitted bezier boundary)
VELOCITY_THRESHOLD = 2.0   # StepModelSelection.initialVelocityThreshold

EASE = [0.25, 0.1, 0.25, 1.0]


def grid(start, end, hz):
    count = int(round((end - start) * hz))
    t = start + np.arange(count + 1) / hz
    t[-1] = end
    return t


def bezier_case(name, seed, t, p, t0, d, frm, to, sigma):
    rng = np.random.default_rng(seed)
    y = frm + (to - frm) * bezier_progress(np.array(p), t, t0, d) + rng.normal(0, sigma, len(t))
    span = t[-1] - t[0]
    guesses = [(p, t0, d)] + [(s, t[0], span) for s in SHAPES] + [(s, t0, d) for s in SHAPES]
    candidates = []
    for model in BEZIER_MODELS:
        candidates.append(fit_bezier_model(t, y, model, guesses))
        # Richer models also start from the optima of the ones nested in them.
        guesses = guesses + [(c["controlPoints"], c["startTime"], c["duration"]) for c in candidates]
    chosen = choose(t, y, candidates, lambda c: BOUNDARY_THRESHOLD * (c["k"] - 6))
    best = next(c for c in candidates if c["name"] == chosen)
    model = best["from"] + (best["to"] - best["from"]) * bezier_progress(np.array(best["controlPoints"]), t, best["startTime"], best["duration"])
    return {"name": name, "model": "bezier", "times": t.tolist(), "values": y.tolist(),
            "truth": {"controlPoints": p, "startTime": t0, "duration": d, "from": frm, "to": to, "noise": sigma},
            "candidates": candidates, "chosen": chosen, "chosenValues": model.tolist()}


def spring_case(name, seed, t, duration, bounce, t0, frm, to, v0, sigma):
    rng = np.random.default_rng(seed)
    u, h = spring_basis(duration, bounce, t - t0)
    clean = np.where(t <= t0, frm, frm + (to - frm) * u + v0 * h)
    y = clean + rng.normal(0, sigma, len(t))
    guesses = [(duration, bounce, t0)] + [(dd, bb, t[0]) for dd in (0.3, 0.6) for bb in (0.0, 0.3, -0.4)]
    candidates = []
    for model in SPRING_MODELS:
        candidates.append(fit_spring_model(t, y, model, guesses))
        guesses = guesses + [(c["duration"], c["bounce"], c["startTime"]) for c in candidates]
    chosen = choose(t, y, candidates, lambda c: VELOCITY_THRESHOLD if SPRING_MODELS[c["name"]][1] else 0.0)
    best = next(c for c in candidates if c["name"] == chosen)
    u, h = spring_basis(best["duration"], best["bounce"], t - best["startTime"])
    model = np.where(t <= best["startTime"], best["from"], best["from"] + (best["to"] - best["from"]) * u + best["initialVelocity"] * h)
    return {"name": name, "model": "spring", "times": t.tolist(), "values": y.tolist(),
            "truth": {"duration": duration, "bounce": bounce, "startTime": t0, "from": frm, "to": to,
                      "initialVelocity": v0, "noise": sigma},
            "candidates": candidates, "chosen": chosen, "chosenValues": model.tolist()}


def main():
    cases = [
        bezier_case("ease trimmed to the motion, 60 Hz, 0.1 px noise", 1501, grid(0, 0.45, 60), EASE, 0.0, 0.45, 0.0, 300.0, 0.1),
        bezier_case("ease trimmed to the motion, 120 Hz, 0.1 px noise", 1502, grid(0, 0.45, 120), EASE, 0.0, 0.45, 0.0, 300.0, 0.1),
        bezier_case("ease from the first sample with a flat end, 60 Hz, 0.1 px noise", 1503, grid(0, 0.5, 60), EASE, 0.0, 0.3, 0.0, 300.0, 0.1),
        bezier_case("ease-in-out with rest before and after, 60 Hz, 0.1 px noise", 1504, grid(0, 1.0, 60), [0.42, 0.0, 0.58, 1.0], 0.2, 0.45, -20.0, 280.0, 0.1),
        spring_case("spring released at the first sample, 60 Hz, 0.1 px noise", 1505, grid(0, 1.0, 60), 0.5, 0.3, 0.0, 0.0, 300.0, 0.0, 0.1),
        spring_case("spring cut before it settles, rest before, 60 Hz, 0.1 px noise", 1506, grid(0, 0.4, 60), 0.5, 0.3, 0.1, 20.0, 320.0, 0.0, 0.1),
        spring_case("overdamped spring trimmed at both ends, 120 Hz, 0.1 px noise", 1507, grid(0, 0.5, 120), 0.6, -0.4, 0.0, 100.0, 400.0, 0.0, 0.1),
        spring_case("fling after rest, 120 Hz, 0.1 px noise", 1508, grid(0, 1.0, 120), 0.35, 0.15, 0.08, 0.0, 240.0, 1500.0, 0.1),
    ]
    for case in cases:
        print(f"{case['name']}: chosen {case['chosen']}")
        for c in sorted(case["candidates"], key=lambda c: c["relativeBIC"]):
            print(f"    {c['relativeBIC']:10.3f}  rss {c['rss']:.6g}  {c['name']}")
    out = {"description": __doc__.strip().splitlines()[0],
           "generator": "scripts/reference/trimmed_fit_reference.py",
           "boundaryThreshold": BOUNDARY_THRESHOLD, "initialVelocityThreshold": VELOCITY_THRESHOLD,
           "relativeNoiseFloor": 1e-6, "cases": cases}
    path = os.path.join(ROOT, "data", "reference", "trimmed_fits.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
