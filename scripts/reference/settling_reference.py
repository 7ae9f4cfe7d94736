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
   sample) and stores its results beside the exact ones in data/reference/settling.json;
4. writes independent references for the two building blocks of `settle` (key "interpolants"):
   scipy's `PchipInterpolator` (slopes and values) on uneven grids with flat stretches, sampled
   extrema and ramps, and the order-3 Whittaker smoother with its GCV-optimal smoothing parameter
   computed with dense linear algebra (numpy: the hat matrix itself, its trace, a fine grid in λ
   refined by golden section) on a seeded noisy spring on a jittered clock.

A spring from rest at 0 towards Δ with initial velocity v0, m·x'' + c·x' + k·(x − Δ) = 0, has
X(s) = (v0·s + ω0²·Δ) / (s·(s² + 2ζω0·s + ω0²)): the unit-step response of (v0·s + ω0²Δ)/(s² + 2ζω0 s + ω0²).
SwiftUI's Spring(duration: d, bounce: b) has ω0 = 2π/d and ζ = 1 − b (b ≥ 0) or 1/(1 + b) (b < 0).

Run once by hand (not in CI), in a throwaway virtualenv:
    python3 -m venv /tmp/venv-settle && /tmp/venv-settle/bin/pip install control scipy numpy mpmath
    /tmp/venv-settle/bin/python scripts/reference/settling_reference.py
`--interpolants-only` rewrites only step 4's key of the existing table (needs numpy and scipy, not
python-control).
"""

import json
import os

import sys

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


def pchip_references():
    """scipy's PchipInterpolator on uneven grids: slopes at the knots and values between them."""
    from scipy.interpolate import PchipInterpolator
    rng = np.random.default_rng(20240515)
    cases = []
    x = np.cumsum(rng.uniform(0.2, 1.8, 14))
    x = np.concatenate([[0.0], x])
    # a ramp that meets plateaus, a sampled maximum, a flat stretch and a sign change
    y = np.array([0, 0, 1, 2, 3, 3.5, 3.5, 3.5, 2.0, -1.0, -0.5, 2.5, 2.4, 2.4, 7.0])
    cases.append(("ramp-plateaus-extrema", x, y))
    x2 = np.sort(rng.uniform(0, 1, 11))
    y2 = np.cos(7 * x2) + 0.3 * x2
    cases.append(("smooth-uneven", x2, y2))
    x3 = np.array([0.0, 0.1, 0.35, 0.4])
    y3 = np.array([1.0, 3.0, 2.0, 2.5])  # the end slopes' limiter (data turns next to both ends)
    cases.append(("four-points", x3, y3))
    out = []
    for name, xs, ys in cases:
        p = PchipInterpolator(xs, ys)
        query = np.sort(np.concatenate([np.linspace(xs[0], xs[-1], 41), (xs[:-1] + xs[1:]) / 2]))
        out.append({"name": name, "x": xs.tolist(), "y": ys.tolist(),
                    "slopes": p.derivative()(xs).tolist(), "query": query.tolist(), "values": p(query).tolist()})
    return out


def whittaker_matrix(x):
    """The scaled third divided differences D ((n−3)×n) of MotionAnalysis's order-3 smoother."""
    n = len(x)
    spacing = (x[-1] - x[0]) / (n - 1)
    D = np.zeros((n - 3, n))
    for r in range(n - 3):
        s = (x[r:r + 4] - x[r]) / spacing
        weight = 6 * np.sqrt(s[3] / 3)
        for j in range(4):
            D[r, r + j] = weight / np.prod([s[j] - s[l] for l in range(4) if l != j])
    return D


def smoothing_references():
    """The smoother with dense linear algebra: z = (I + λDᵀD)⁻¹y, tr H, GCV, and the GCV optimum."""
    rng = np.random.default_rng(7)
    n = 200
    t = np.sort(np.arange(n) / (n - 1) + rng.uniform(-0.3, 0.3, n) / (n - 1))
    t = (t - t[0]) / (t[-1] - t[0])
    duration, bounce = 0.5, 0.3  # a SwiftUI spring over a 1.5 s window, 1 % noise
    w0 = 2 * np.pi / duration
    zeta = 1 - bounce
    lam_, om = zeta * w0, w0 * np.sqrt(1 - zeta ** 2)
    time = 1.5 * t
    y = 1 - np.exp(-lam_ * time) * (np.cos(om * time) + lam_ / om * np.sin(om * time)) + 0.01 * rng.standard_normal(n)
    D = whittaker_matrix(t)
    P = D.T @ D

    def solve(lam):
        H = np.linalg.solve(np.eye(n) + lam * P, np.eye(n))
        z = H @ y
        tr = np.trace(H)
        gcv = n * np.sum((y - z) ** 2) / (n - tr) ** 2
        return z, tr, gcv

    fixed = []
    for lam in [1e-2, 1.0, 1e3]:
        z, tr, gcv = solve(lam)
        fixed.append({"lambda": lam, "values": z.tolist(), "degreesOfFreedom": tr, "gcv": gcv})
    grid = np.arange(-8, 10.001, 0.05)
    scores = [solve(10.0 ** e)[2] for e in grid]
    k = int(np.argmin(scores))
    a, b = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
    ratio = (np.sqrt(5) - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = solve(10.0 ** c)[2], solve(10.0 ** d)[2]
    for _ in range(60):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = solve(10.0 ** c)[2]
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = solve(10.0 ** d)[2]
    best = (a + b) / 2
    z, tr, gcv = solve(10.0 ** best)
    return {"description": ("Spring(duration: 0.5, bounce: 0.3) from 0 to 1 over 1.5 s, 200 samples on a jittered "
                            "clock normalised to [0, 1], Gaussian noise 0.01 (seed 7); dense solves of "
                            "(I + λDᵀD)z = y, D the scaled third divided differences"),
            "x": t.tolist(), "y": y.tolist(), "fixed": fixed,
            "optimum": {"lambda": 10.0 ** best, "log10Lambda": best, "gcv": gcv, "degreesOfFreedom": tr,
                        "values": z.tolist()}}


def interpolant_references():
    return {"generator": "scripts/reference/settling_reference.py (interpolant_references)",
            "versions": {"scipy": scipy.__version__, "numpy": np.__version__},
            "pchip": pchip_references(), "smoothing": smoothing_references()}


def main():
    path = os.path.join(ROOT, "data", "reference", "settling.json")
    if "--interpolants-only" in sys.argv:
        with open(path) as f:
            document = json.load(f)
        document["interpolants"] = interpolant_references()
        with open(path, "w") as f:
            json.dump(document, f, indent=1)
            f.write("\n")
        return
    import control
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
        "interpolants": interpolant_references(),
    }
    with open(os.path.join(ROOT, "data", "reference", "settling.json"), "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
