#!/usr/bin/env python3
"""Reference for the spring-fit benchmark: the same job with scipy.optimize.least_squares.

Reads the CSV with numpy.loadtxt and fits the step of SwiftUI's Spring(duration:bounce:) —
start time, from, to, duration, bounce, initial velocity — by trust-region least squares
from the same kind of data-derived guess MotionLab uses; prints the parameters and RMSE as JSON.

Usage: spring_fit_scipy.py FILE.csv
"""
import json
import math
import sys

import numpy as np
from scipy.optimize import least_squares


def spring(params, t):
    t0, frm, to, duration, bounce, v0 = params
    zeta = 1 / (1 + bounce) if bounce < 0 else 1 - bounce
    w0 = 2 * math.pi / duration
    lam = zeta * w0
    tau = np.maximum(t - t0, 0)
    e0 = frm - to
    if abs(zeta - 1) < 1e-9:
        e = np.exp(-lam * tau) * (e0 + (v0 + lam * e0) * tau)
    elif zeta < 1:
        wd = w0 * math.sqrt(1 - zeta * zeta)
        e = np.exp(-lam * tau) * (e0 * np.cos(wd * tau) + (v0 + lam * e0) / wd * np.sin(wd * tau))
    else:
        mu = w0 * math.sqrt(zeta * zeta - 1)
        r1, r2 = -lam + mu, -lam - mu
        a = (v0 - r2 * e0) / (r1 - r2)
        e = a * np.exp(r1 * tau) + (e0 - a) * np.exp(r2 * tau)
    return np.where(t <= t0, frm, to + e)


data = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1, comments="#")
t, y = data[:, 0], data[:, 1]
frm, to = np.median(y[: max(2, len(y) // 50)]), np.median(y[-max(3, len(y) // 10):])
leave = np.argmax(np.abs(y - frm) > 0.02 * abs(to - frm))
start = [t[max(leave - 1, 0)], frm, to, 0.5, 0.2, 0.0]
fit = least_squares(lambda p: spring(p, t) - y, start,
                    bounds=([t[0] - 1, -np.inf, -np.inf, 1e-3, -0.95, -np.inf], [t[-1], np.inf, np.inf, 100, 0.995, np.inf]))
residual = spring(fit.x, t) - y
json.dump({"parameters": fit.x.tolist(), "rmse": float(np.sqrt(np.mean(residual**2)))}, sys.stdout)
print()
