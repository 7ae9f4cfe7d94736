#!/usr/bin/env python3
"""A large recording for the fitting benchmark: n samples of a smooth motion plus noise (σ = 0.05).

Usage: make_large_recording.py OUT.csv [N]   (default N = 1_000_000; noise sigma 0.05)
"""
import sys

import numpy as np

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
rng = np.random.default_rng(7)
t = np.linspace(0.0, 20.0, n)
# A UI-like motion: at rest at both ends (SwiftUI keyframe tracks start and end with velocity 0).
y = 40 * (1 - np.cos(2 * np.pi * 3 * t / 20)) + 10 * (1 - np.cos(2 * np.pi * 7 * t / 20)) + rng.normal(0, 0.05, n)
with open(out, "w") as f:
    f.write("time,y\n")
    np.savetxt(f, np.column_stack([t, y]), fmt="%.9g", delimiter=",")
