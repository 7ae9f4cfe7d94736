#!/usr/bin/env python3
"""Quantised captures for `settle`'s noise estimate: spring steps sampled at 60 Hz with a
jittered clock, optional Gaussian noise, rounded to a grid (whole pixels, half points), and the
true RMS of the recorded values about the exact motion.

Writes data/reference/quantised_noise.json. numpy only; the motion is SwiftUI's
Spring(duration: d, bounce: b) (stiffness (2π/d)², damping ratio 1 − b, mass 1) from `start`
to `target` starting at `delay` s, written here from the closed form of the damped oscillator.

    python3 scripts/reference/quantised_noise_reference.py
"""
import json
import math
import pathlib

import numpy as np


def spring_step(t, duration, bounce):
    """x(t)/Δ of an underdamped or critically damped spring from rest (0 → 1), t ≥ 0."""
    w0 = 2 * math.pi / duration
    zeta = 1 - bounce
    t = np.maximum(t, 0.0)
    if zeta < 1:
        wd = w0 * math.sqrt(1 - zeta * zeta)
        return 1 - np.exp(-zeta * w0 * t) * (np.cos(wd * t) + zeta * w0 / wd * np.sin(wd * t))
    return 1 - np.exp(-w0 * t) * (1 + w0 * t)


CASES = [
    # name, duration, bounce, from, to, delay, seconds, noise σ, grid q, seed
    ("whole pixels, no noise", 0.5, 0.2, 100.0, 400.0, 0.1, 1.5, 0.0, 1.0, 1),
    ("whole pixels, σ = 0.2", 0.5, 0.2, 100.0, 400.0, 0.1, 1.5, 0.2, 1.0, 2),
    ("whole pixels, σ = 0.5", 0.4, 0.3, 800.0, 0.0, 0.05, 1.2, 0.5, 1.0, 3),
    ("half points, σ = 0.1", 0.6, 0.1, 20.0, 320.0, 0.2, 2.0, 0.1, 0.5, 4),
    ("whole pixels, 4801 samples at 240 Hz", 0.5, 0.25, 0.0, 300.0, 0.5, 20.0, 0.3, 1.0, 5),
]


def main():
    root = pathlib.Path(__file__).resolve().parents[2]
    out = []
    for name, d, b, y0, y1, delay, seconds, sigma, q, seed in CASES:
        rng = np.random.default_rng(seed)
        rate = 240.0 if "240" in name else 60.0
        n = int(seconds * rate) + 1
        # A capture clock: whole frames with ±1 ms jitter, strictly increasing.
        t = np.arange(n) / rate + rng.uniform(-0.001, 0.001, n)
        t[0] = 0.0
        exact = y0 + (y1 - y0) * spring_step(t - delay, d, b)
        noisy = exact + sigma * rng.standard_normal(n)
        recorded = q * np.round(noisy / q)
        rms = float(np.sqrt(np.mean((recorded - exact) ** 2)))
        out.append({
            "name": name, "duration": d, "bounce": b, "from": y0, "to": y1, "delay": delay,
            "sigma": sigma, "grid": q, "seed": seed,
            "trueRMSNoise": rms,
            "times": [float(x) for x in t], "values": [float(x) for x in recorded],
        })
        print(f"{name}: n = {n}, true RMS noise {rms:.6f}, q/sqrt(12) = {q / math.sqrt(12):.6f}")
    doc = {
        "provenance": "scripts/reference/quantised_noise_reference.py (numpy %s, default_rng seeds per case); "
                      "trueRMSNoise = sqrt(mean((recorded - exact)^2)) over all samples" % np.__version__,
        "cases": out,
    }
    path = root / "data/reference/quantised_noise.json"
    path.write_text(json.dumps(doc, indent=1) + "\n")
    print("wrote", path.relative_to(root))


if __name__ == "__main__":
    main()
