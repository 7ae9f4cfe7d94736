#!/usr/bin/env python3
"""The best Python pipeline for a keyframe fit, timed in process (after the imports): polars'
CSV reader, then scipy.interpolate.make_lsq_spline (cubic, `knots` evenly spaced interior knots,
method="norm-eq") and the residual — the job `motionlab fit keyframes --keyframes N` does.

Prints JSON: the best of `repeats` runs of the whole pipeline and of the CSV read alone (seconds),
the RMSE and max error of the fit, and polars' version.

Usage: polars_pipeline.py FILE.csv [KNOTS] [REPEATS]   (defaults 200, 5)
"""
import json
import sys
import time

import numpy as np
import polars as pl
from scipy.interpolate import make_lsq_spline


def read(path):
    frame = pl.read_csv(path, comment_prefix="#")
    return frame[:, 0].to_numpy(), frame[:, 1].to_numpy()


def pipeline(path, knots):
    t, y = read(path)
    k = 3
    interior = np.linspace(t[0], t[-1], knots + 2)[1:-1]
    knot_vector = np.r_[[t[0]] * (k + 1), interior, [t[-1]] * (k + 1)]
    spline = make_lsq_spline(t, y, knot_vector, k=k, method="norm-eq")
    residual = y - spline(t)
    return float(np.sqrt(np.mean(residual**2))), float(np.max(np.abs(residual)))


def best(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def main():
    path = sys.argv[1]
    knots = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    read_seconds, (t, _) = best(lambda: read(path), repeats)
    seconds, (rmse, max_error) = best(lambda: pipeline(path, knots), repeats)
    json.dump({"seconds": seconds, "readSeconds": read_seconds, "rows": len(t), "rmse": rmse, "maxError": max_error,
               "polars": pl.__version__}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
