#!/usr/bin/env python3
"""Reference for the timing-curve-fit benchmark: the same job with scipy.optimize.least_squares.

Reads the CSV with numpy.loadtxt and fits value = from + (to − from)·y(x), x = (t − start)/duration
clamped to [0, 1], with y(x) the cubic bezier (x1, y1, x2, y2) — the model of `motionlab fit bezier`
with start and end fitted: 8 parameters, x1 and x2 bounded to [0, 1]. The inverse x → t is a
vectorised numpy Newton iteration (bisection-safeguarded, to full precision) and the Jacobian is
analytic, as in MotionLab; the start comes from the data (plateaus by medians, start and end where
the motion leaves and reaches 2 % of the step). Prints the parameters and RMSE as JSON.

Usage: bezier_fit_scipy.py FILE.csv
"""
import json
import sys

import numpy as np
from scipy.optimize import least_squares


def solve_t(x1, x2, x):
    """t with X(t) = x for each x in [0, 1]: Newton from t = x, kept inside a shrinking bracket."""
    lo, hi = np.zeros_like(x), np.ones_like(x)
    t = x.copy()
    for _ in range(60):
        s = 1 - t
        xt = 3 * s * s * t * x1 + 3 * s * t * t * x2 + t ** 3 - x
        lo = np.where(xt < 0, t, lo)
        hi = np.where(xt > 0, t, hi)
        dx = 3 * s * s * x1 + 6 * s * t * (x2 - x1) + 3 * t * t * (1 - x2)
        step = np.where(dx > 0, xt / np.where(dx > 0, dx, 1), 0)
        new = t - step
        bad = (new <= lo) | (new >= hi) | (dx <= 0)
        new = np.where(bad, 0.5 * (lo + hi), new)
        if np.max(np.abs(new - t)) <= 1e-15:
            return new
        t = new
    return t


def model(p, u, jacobian=False):
    x1, y1, x2, y2, a, d, frm, to = p
    x = (u - a) / d
    inside = (x > 0) & (x < 1)
    progress = np.where(x >= 1, 1.0, 0.0)
    xi = x[inside]
    t = solve_t(x1, x2, xi)
    s = 1 - t
    b1, b2 = 3 * s * s * t, 3 * s * t * t
    progress[inside] = b1 * y1 + b2 * y2 + t ** 3
    step = to - frm
    value = frm + step * progress
    if not jacobian:
        return value
    dx = 3 * s * s * x1 + 6 * s * t * (x2 - x1) + 3 * t * t * (1 - x2)
    dy = 3 * s * s * y1 + 6 * s * t * (y2 - y1) + 3 * t * t * (1 - y2)
    slope = np.where(dx > 1e-300, dy / np.where(dx > 1e-300, dx, 1), 0)
    j = np.zeros((len(u), 8))
    j[inside, 0] = -step * slope * b1
    j[inside, 1] = step * b1
    j[inside, 2] = -step * slope * b2
    j[inside, 3] = step * b2
    j[inside, 4] = -step * slope / d
    j[inside, 5] = -step * slope * xi / d
    j[:, 6] = 1 - progress
    j[:, 7] = progress
    return value, j


data = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1, comments="#")
t, y = data[:, 0], data[:, 1]
t0, span = t[0], t[-1] - t[0]
u = (t - t0) / span
frm, to = np.median(y[: max(2, len(y) // 50)]), np.median(y[-max(3, len(y) // 10):])
moved = np.abs(y - frm) > 0.02 * abs(to - frm)
near = np.abs(y - to) > 0.02 * abs(to - frm)
leave = u[max(np.argmax(moved) - 1, 0)]
arrive = u[min(len(u) - 1 - np.argmax(near[::-1]) + 1, len(u) - 1)]
start = [0.42, 0.0, 0.58, 1.0, leave, max(arrive - leave, 1e-3), frm, to]
dt = 1 / (len(u) - 1)
fit = least_squares(lambda p: model(p, u) - y, start, jac=lambda p: model(p, u, True)[1],
                    bounds=([0, -5, 0, -5, -1, dt, -np.inf, -np.inf], [1, 5, 1, 5, 1, 10, np.inf, np.inf]),
                    x_scale="jac")
residual = model(fit.x, u) - y
x1, y1, x2, y2, a, d, frm, to = fit.x
json.dump({"controlPoints": [x1, y1, x2, y2], "startTime": t0 + a * span, "duration": d * span,
           "from": frm, "to": to, "rmse": float(np.sqrt(np.mean(residual ** 2)))}, sys.stdout)
print()
