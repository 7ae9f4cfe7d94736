"""The largest of n independent |N(0, σ²)| values, in units of σ: the quantiles the keyframe
tolerance search's noise floor uses (Tests/MotionFittingTests/NoiseFloorTests.swift and
NoiseFloorSpringTests.swift).

P(max |ε_i| < cσ) = (2Φ(c) − 1)ⁿ = p  ⇔  c = Φ⁻¹(1 − (1 − p^(1/n))/2), computed with scipy and
checked with mpmath at 50 digits, and against a Monte Carlo draw of the maximum.

Run: python3 scripts/reference/noise_floor.py
"""
import mpmath
import numpy as np
from scipy import stats

mpmath.mp.dps = 50


def quantile(n, p):
    return stats.norm.isf(-np.expm1(np.log(p) / n) / 2)


def quantile_mp(n, p):
    tail = -mpmath.expm1(mpmath.log(p) / n) / 2
    return mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * tail)


for n in [121, 2_000, 10_000, 100_000, 1_000_000]:
    row = []
    for p in [0.01, 0.5, 0.99]:
        c, c_mp = quantile(n, p), quantile_mp(n, p)
        assert abs(c - float(c_mp)) < 1e-9, (n, p, c, c_mp)
        row.append(f"{c:.6f}")
    print(f"n = {n}: 1 % {row[0]}  median {row[1]}  99 % {row[2]}")

# Monte Carlo: the median of the largest of 10⁵ values |ε|, over 400 draws.
rng = np.random.default_rng(0)
largest = [np.abs(rng.standard_normal(100_000)).max() for _ in range(400)]
print(f"Monte Carlo, n = 10⁵: median largest {np.median(largest):.3f} (400 draws), "
      f"below 4.074817 in {np.mean(np.array(largest) < 4.074817):.1%}")
