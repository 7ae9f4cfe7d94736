"""The spring fit's parameters are the least-squares optimum itself: scipy's Levenberg–Marquardt
(MINPACK), run from MotionLab's answer to tolerances of 1e-15 on a model written here from the
closed form, finds no lower sum of squares and the same parameters."""
import numpy as np
import pytest

import motionlab

least_squares = pytest.importorskip("scipy.optimize").least_squares


def spring_step(t, start, from_, to, duration, bounce):
    """SwiftUI's Spring(duration:bounce:) from rest, 0 ≤ bounce < 1: mass 1, stiffness (2π/d)²,
    damping 4π(1 − bounce)/d, so λ = 2π(1 − bounce)/d and ω = √(k − λ²)."""
    k = (2 * np.pi / duration) ** 2
    lam = 2 * np.pi * (1 - bounce) / duration
    w = np.sqrt(k - lam ** 2)
    s = np.maximum(t - start, 0)
    return from_ + (to - from_) * (1 - np.exp(-lam * s) * (np.cos(w * s) + lam / w * np.sin(w * s)))


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_spring_fit_is_the_least_squares_optimum(seed):
    rng = np.random.default_rng(seed)
    t = np.arange(0, 1.5, 1 / 60)
    y = spring_step(t, 0.1, 0, 100, 0.5, 0.3) + 0.5 * rng.standard_normal(t.size)
    fit = motionlab.fit_spring(t, y)
    assert not fit.initial_velocity_fitted  # the model written above starts at rest
    ours = np.array([fit.start_time, fit.from_, fit.to, fit.spring.duration, fit.spring.bounce])
    ours_sse = float(np.sum((spring_step(t, *ours) - y) ** 2))
    best = least_squares(lambda q: spring_step(t, *q) - y, ours, method="lm", xtol=1e-15, ftol=1e-15, gtol=1e-15)
    assert ours_sse <= np.sum(best.fun ** 2) * (1 + 1e-12)
    # Each parameter on its own scale: times on the span, values on the step. MINPACK's own
    # forward differences place scipy's optimum to about 1e-9 of these; the sums above decide.
    scale = np.array([1.5, 100, 100, fit.spring.duration, 1])
    assert np.all(np.abs(ours - best.x) / scale < 1e-8), (ours, best.x)
