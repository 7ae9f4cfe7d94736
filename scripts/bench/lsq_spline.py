#!/usr/bin/env python3
"""The in-run reference for the keyframe-fit benchmark: the same job in Python.

Reads the CSV with numpy.loadtxt, fits a cubic least-squares spline with `knots` interior knots
spaced evenly (scipy.interpolate.make_lsq_spline, method="norm-eq"), and writes the coefficients
and the RMSE as JSON — the whole command from CSV to JSON, as `motionlab fit keyframes` does.

Usage: lsq_spline.py FILE.csv [KNOTS]   (default 200)
"""
import json
import sys

import numpy as np
from scipy.interpolate import make_lsq_spline

path = sys.argv[1]
knots = int(sys.argv[2]) if len(sys.argv) > 2 else 200
data = np.loadtxt(path, delimiter=",", skiprows=1)
t, y = data[:, 0], data[:, 1]
k = 3
interior = np.linspace(t[0], t[-1], knots + 2)[1:-1]
knot_vector = np.r_[[t[0]] * (k + 1), interior, [t[-1]] * (k + 1)]
spline = make_lsq_spline(t, y, knot_vector, k=k, method="norm-eq")
residual = y - spline(t)
json.dump({"coefficients": spline.c.tolist(), "rmse": float(np.sqrt(np.mean(residual**2))),
           "maxError": float(np.max(np.abs(residual)))}, sys.stdout)
print()
