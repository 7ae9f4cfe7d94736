#!/usr/bin/env python3
"""Reference step-response metrics for MotionLab's `StepAnalysis` / `motionlab settle` (SPEC §7).

For systems whose step response is known exactly — SwiftUI springs in every regime, with and without
an initial velocity, and higher-order systems including non-minimum-phase ones — this script

1. computes the exact continuous-time metrics with python-control's `step_info` definitions
   (initial value 0, final value = the DC gain, settling band 2 % of |final|, rise 10 %→90 %):
     settlingTime  the last time |y(t) − yfinal| = 0.02·|yfinal| (y stays inside the band after it),
     riseTime      t(90 %) − t(10 %), each the FIRST time y reaches that fraction of yfinal,
     peak          max |y(t)| and peakTime its first time, over the recorded window [0, T],
     overshoot     100·(max sgn·y − |yfinal|)/|yfinal|, 0 if negative,
     undershoot    100·(−min sgn·y)/|yfinal|, 0 if the response never goes the wrong way;
   the response is evaluated exactly (40 significant digits) from a state-space realisation,
   y(t) = C·A⁻¹·(e^{At} − I)·B, y'(t) = C·e^{At}·B, with mpmath's matrix exponential — a route
   independent of MotionLab's spring closed forms. Crossings and extrema are bracketed on a 0.1 ms
   grid of the double-precision response (scipy.signal.step) and refined by bisection in mpmath;
2. samples each response at 60 Hz from t = 0 (exact values rounded to doubles) into
   data/recordings/steps/<name>.csv;
3. runs python-control's `step_info(y, T)` on those same samples (its default final value: the last
   sample) and stores its results beside the exact ones in data/reference/settling.json.

A spring from rest at 0 towards Δ with initial velocity v0, m·x'' + c·x' + k·(x − Δ) = 0, has
X(s) = (v0·s + ω0²·Δ) / (s·(s² + 2ζω0·s + ω0²)): the unit-step response of (v0·s + ω0²Δ)/(s² + 2ζω0 s + ω0²).
SwiftUI's Spring(duration: d, bounce: b) has ω0 = 2π/d and ζ = 1 − b (b ≥ 0) or 1/(1 + b) (b < 0).

Run once by hand (not in CI), in a throwaway virtualenv:
    python3 -m venv /tmp/venv-settle && /tmp/venv-settle/bin/pip install control scipy numpy mpmath
    /tmp/venv-settle/bin/python scripts/reference/settling_reference.py
"""

import json
import os

import control
import mpmath as mp
import numpy as np
import scipy
import scipy.signal

mp.mp.dps = 40
RATE = 60
THRESHOLD = 0.02
RISE = (0.1, 0.9)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def spring(name, duration, bounce, target=1.0, v0=0.0, window=5.0):
    zeta = 1 - bounce if bounce >= 0 else 1 / (1 + bounce)
    w0 = 2 * mp.pi / mp.mpf(duration)
    num = [mp.mpf(v0), w0 ** 2 * mp.mpf(target)]
    den = [mp.mpf(1), 2 * mp.mpf(zeta) * w0, w0 ** 2]
    return dict(name=name, kind="spring", num=num, den=den, window=window,
                spring=dict(duration=duration, bounce=bounce, target=target, initialVelocity=v0),
                description=f"SwiftUI Spring(duration: {duration}, bounce: {bounce}) from 0 to {target}, v0 = {v0}")


def polymul(*ps):
    out = [mp.mpf(1)]
    for p in ps:
        res = [mp.mpf(0)] * (len(out) + len(p) - 1)
        for i, a in enumerate(out):
            for j, b in enumerate(p):
                res[i + j] += a * mp.mpf(b)
        out = res
    return out


def tf(name, num, den, description, window):
    return dict(name=name, kind="transferFunction", num=[mp.mpf(x) for x in num],
                den=[mp.mpf(x) for x in den], window=window, spring=None, description=description)


SYSTEMS = [
    spring("spring-bouncy", 0.5, 0.3),
    spring("spring-very-bouncy", 0.6, 0.7, target=100.0),
    spring("spring-critical", 0.5, 0.0),
    spring("spring-overdamped", 0.5, -0.3),
    spring("spring-bouncy-fling", 0.5, 0.2, v0=8.0),
    spring("spring-bouncy-reverse", 0.4, 0.3, v0=-6.0),
    spring("spring-critical-fling", 0.5, 0.0, v0=20.0),
    spring("spring-overdamped-reverse", 0.5, -0.4, target=-50.0, v0=200.0),
    tf("nmp-triple-pole", [-1, 1], polymul([1, 1], [1, 1], [1, 1]), "(1 − s)/(s + 1)³", 30.0),
    tf("third-order-zero", [2, 1], polymul([1, 1], [1, 0.6, 1]), "(2s + 1)/((s + 1)(s² + 0.6s + 1))", 60.0),
    tf("nmp-third-order", [-0.5, 1], polymul([1, 1], [1, 1, 1]), "(−0.5s + 1)/((s + 1)(s² + s + 1))", 40.0),
    tf("nmp-second-order", [-1, 1], [1, 1, 1], "(1 − s)/(s² + s + 1) (python-control's step_info example)", 40.0),
    tf("third-order-negative", [-3], polymul([1, 2], [1, 1.2, 1.44]), "−3/((s + 2)(s² + 1.2s + 1.44)) (DC gain −1.0416…)", 30.0),
]


class Exact:
    """The exact step response of num/den (strictly proper, monic-able den) in mpmath."""

    def __init__(self, num, den):
        lead = den[0]
        a = [c / lead for c in den]
        b = [c / lead for c in num]
        n = len(a) - 1
        b = [mp.mpf(0)] * (n - len(b)) + b  # pad to degree n − 1 (coefficients of s^{n−1} … s^0)
        # Controllable canonical form: x' = A x + B u, y = C x.
        A = mp.zeros(n, n)
        for i in range(n - 1):
            A[i, i + 1] = 1
        for j in range(n):
            A[n - 1, j] = -a[n - j]
        B = mp.zeros(n, 1)
        B[n - 1, 0] = 1
        C = mp.zeros(1, n)
        for j in range(n):
            C[0, j] = b[n - 1 - j]
        self.A, self.B, self.C = A, B, C
        self.CAinv = C * mp.inverse(A)
        self.dc = -(self.CAinv * B)[0, 0]
        self.num_f = [float(x) for x in num]
        while len(self.num_f) > 1 and self.num_f[0] == 0:
            self.num_f.pop(0)
        self.den_f = [float(x) for x in den]

    def y(self, t):
        E = mp.expm(self.A * mp.mpf(t))
        return (self.CAinv * (E - mp.eye(self.A.rows)) * self.B)[0, 0]

    def dy(self, t):
        return (self.C * mp.expm(self.A * mp.mpf(t)) * self.B)[0, 0]


def bisect(f, a, b, iterations=80):
    a, b = mp.mpf(a), mp.mpf(b)
    fa, fb = f(a), f(b)
    if fa == 0:
        return a
    if fb == 0:
        return b
    assert (fa < 0) != (fb < 0), (a, b, fa, fb)
    for _ in range(iterations):
        m = (a + b) / 2
        fm = f(m)
        if fm == 0:
            return m
        if (fm < 0) == (fa < 0):
            a, fa = m, fm
        else:
            b, fb = m, fm
    return (a + b) / 2


def exact_metrics(system, exact, window):
    yf = exact.dc
    sgn = 1 if yf > 0 else -1
    grid = np.linspace(0.0, window, int(round(window * 10000)) + 1)
    _, yg = scipy.signal.step((exact.num_f, exact.den_f), T=grid)
    yf_f = float(yf)

    def first_crossing(level):
        g = sgn * (yg - level)
        i = int(np.nonzero(g >= 0)[0][0])
        return bisect(lambda t: sgn * (exact.y(t) - level), grid[i - 1], grid[i])

    t10 = first_crossing(RISE[0] * yf_f)
    t90 = first_crossing(RISE[1] * yf_f)
    band = THRESHOLD * abs(yf)
    outside = np.nonzero(np.abs(yg - yf_f) >= float(band))[0]
    i = int(outside[-1])
    assert i + 1 < len(grid), system["name"] + " does not settle within the window"
    settle = bisect(lambda t: abs(exact.y(t) - yf) - band, grid[i], grid[i + 1])

    # Candidate extrema: sign changes of y' on the grid (double precision) that the exact y' confirms,
    # away from the tail where y is within 1e-7·|yfinal| of its final value (there the doubles are noise).
    _, dyg = scipy.signal.impulse((exact.num_f, exact.den_f), T=grid)
    changes = np.nonzero((np.sign(dyg[:-1]) != np.sign(dyg[1:])) & (np.abs(yg[:-1] - yf_f) > 1e-7 * abs(yf_f)))[0]
    candidates = [(mp.mpf(0), exact.y(0), False), (mp.mpf(window), exact.y(window), False)]
    for k in changes:
        a, b = grid[max(k - 1, 0)], grid[min(k + 2, len(grid) - 1)]
        if (exact.dy(a) < 0) != (exact.dy(b) < 0):
            t = bisect(exact.dy, a, b)
            candidates.append((t, exact.y(t), True))
    candidates.sort(key=lambda c: c[0])

    def extremum(key):
        """The first candidate maximising key(y)."""
        best = max(key(c[1]) for c in candidates)
        return next(c for c in candidates if key(c[1]) == best)

    pt, pv, interior = extremum(abs)
    _, ymax, _ = extremum(lambda y: sgn * y)
    overshoot = max(mp.mpf(0), (sgn * ymax - abs(yf)) / abs(yf) * 100)
    _, ymin, _ = extremum(lambda y: -sgn * y)
    undershoot = max(mp.mpf(0), -sgn * ymin / abs(yf) * 100)
    return {
        "initialValue": 0.0,
        "finalValue": float(yf),
        "settlingTime": float(settle),
        "riseTime": float(t90 - t10),
        "riseStart": float(t10),
        "riseEnd": float(t90),
        "peak": float(abs(pv)),
        "peakValue": float(pv),
        "peakTime": float(pt),
        "peakInterior": interior,
        "overshoot": float(overshoot),
        "undershoot": float(undershoot),
    }


def main():
    out_dir = os.path.join(ROOT, "data", "recordings", "steps")
    os.makedirs(out_dir, exist_ok=True)
    table = []
    for system in SYSTEMS:
        exact = Exact(system["num"], system["den"])
        window = system["window"]
        metrics = exact_metrics(system, exact, window)
        count = int(round(window * RATE)) + 1
        times = [k / RATE for k in range(count)]
        values = [float(exact.y(t)) for t in times]
        path = os.path.join(out_dir, system["name"] + ".csv")
        with open(path, "w") as f:
            f.write(f"# {system['description']}: exact step response sampled at {RATE} Hz from t = 0\n")
            f.write("# written by scripts/reference/settling_reference.py; exact metrics in data/reference/settling.json\n")
            f.write("time,value\n")
            for t, y in zip(times, values):
                f.write(f"{t!r},{y!r}\n")
        info = control.step_info(np.array(values), np.array(times), SettlingTimeThreshold=THRESHOLD,
                                 RiseTimeLimits=RISE)
        entry = {
            "name": system["name"],
            "description": system["description"],
            "file": os.path.relpath(path, ROOT),
            "kind": system["kind"],
            "numerator": [float(x) for x in system["num"]],
            "denominator": [float(x) for x in system["den"]],
            "spring": system["spring"],
            "window": window,
            "samples": count,
            "exact": metrics,
            "pythonControl": {k: float(v) for k, v in info.items()},
        }
        table.append(entry)
        print(f"{system['name']:28s} settle {metrics['settlingTime']:.6f} (pc {info['SettlingTime']:.6f})"
              f"  rise {metrics['riseTime']:.6f} (pc {info['RiseTime']:.6f})"
              f"  peak {metrics['peak']:.6f}@{metrics['peakTime']:.6f} (pc {info['Peak']:.6f}@{info['PeakTime']:.6f})"
              f"  os {metrics['overshoot']:.4f} (pc {info['Overshoot']:.4f}) us {metrics['undershoot']:.4f} (pc {info['Undershoot']:.4f})")
    document = {
        "generator": "scripts/reference/settling_reference.py",
        "method": ("exact step responses in mpmath (40 digits, state-space matrix exponential); crossings and "
                   "extrema bracketed on a 0.1 ms grid and refined by bisection; python-control step_info on "
                   "the 60 Hz samples with its default final value (the last sample)"),
        "versions": {"control": control.__version__, "scipy": scipy.__version__, "numpy": np.__version__,
                     "mpmath": mp.__version__},
        "threshold": THRESHOLD,
        "riseLimits": list(RISE),
        "sampleRate": RATE,
        "systems": table,
    }
    with open(os.path.join(ROOT, "data", "reference", "settling.json"), "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
