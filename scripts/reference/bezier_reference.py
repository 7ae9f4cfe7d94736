#!/usr/bin/env python3
"""Reference table for MotionLab's timing curves, computed with mpmath at 50 significant digits.

Writes data/reference/bezier.json. The table is independent of the Swift code: every root is found
here by bracketing in high precision, and every tolerance is derived from the contract in SPEC.md §3,
not from what the Swift solver happens to achieve.

For each cubic bezier (0,0), (x1,y1), (x2,y2), (1,1) and each double x in [0, 1]:

* t      the exact root of x(t) = x, rounded to a double (the exact value is what is compared);
* tLow, tHigh are the exact roots for x − 4·ulp(x) and x + 4·ulp(x) (clamped to [0, 1]). As x(t) is
  monotone, a solver's t satisfies |x(t) − x| ≤ 4 ulp(x) in exact arithmetic iff tLow ≤ t ≤ tHigh.
  They are stored as "tLowGap" = t − tLow and "tHighGap" = tHigh − t, with t the rounded root,
  rounded *down* to 3 digits, so the test is conservative;
* y      y(t*) (the SwiftUI/CSS value), with yTol = |dy/dx|·4·ulp(x) + 2·ulp(y): what a 4-ulp error in
  x permits plus a couple of ulps for the final rounding. Where the curve is steep in x (dy/dx large)
  the second-order term of y over [tLow, tHigh] is included, so yTol is the true range of y over the
  4-ulp window, widened by 2 ulp(y);
* v      the velocity dy/dx = y'(t*)/x'(t*) with SwiftUI's conventions (1 when both derivatives are 0,
  ±inf when only x' is 0), with vTol = the range of v over [tLow, tHigh] plus the a-priori rounding
  bound of evaluating y'(t) and x'(t) in double (8u times the sums of absolute terms) and 4u·|v|.

Also closed-form circular curves (no solve) and CSS extrapolation outside [0, 1] (Chromium's
cc/base/math / ui/gfx/geometry/cubic_bezier.cc InitGradients rules, applied exactly).

Run: python3 scripts/reference/bezier_reference.py   (about a minute; deterministic, seed 20240611)
"""

import json
import math
import os
import random
from decimal import Decimal, ROUND_DOWN, ROUND_UP

import mpmath
from mpmath import mpf

mpmath.mp.dps = 50
U = 2.0 ** -53  # unit roundoff of binary64

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "data", "reference", "bezier.json")


def coefficients(p1, p2):
    """Power-basis coefficients (a, b, c) of B(t) = a t^3 + b t^2 + c t for one coordinate, exact."""
    p1, p2 = mpf(p1), mpf(p2)
    c = 3 * p1
    b = 3 * (p2 - p1) - c
    a = 1 - c - b
    return a, b, c


def poly(co, t):
    a, b, c = co
    return ((a * t + b) * t + c) * t


def dpoly(co, t):
    a, b, c = co
    return (3 * a * t + 2 * b) * t + c


def ddpoly(co, t):
    a, b, _ = co
    return 6 * a * t + 2 * b


def solve_t(cx, x):
    """The root of x(t) = x in [0, 1] for a monotone x(t), by bisection then bracketed secant."""
    x = mpf(x)
    if x <= 0:
        return mpf(0)
    if x >= 1:
        return mpf(1)
    # x(t) ≤ 3t on [0, 1], so t = x/4 is below the root even for the smallest subnormal x.
    lo, hi = x / 4, mpf(1)
    flo, fhi = poly(cx, lo) - x, 1 - x
    # Bisection first: robust at multiple roots (vertical tangents) and for tiny x.
    for _ in range(200):
        if hi - lo <= mpf(2) ** -60 * hi:
            break
        mid = (lo + hi) / 2
        if hi / lo > 4:
            mid = mpmath.sqrt(lo * hi)  # geometric steps reach tiny roots quickly
        fm = poly(cx, mid) - x
        if fm == 0:
            return mid
        if fm < 0:
            lo, flo = mid, fm
        else:
            hi, fhi = mid, fm
    # Illinois (regula falsi with halving): superlinear and always bracketed.
    side = 0
    for _ in range(400):
        if hi - lo <= mpf(10) ** -48 * max(hi, mpf(10) ** -300):
            break
        m = (lo * fhi - hi * flo) / (fhi - flo)
        if not (lo < m < hi):
            m = (lo + hi) / 2
        fm = poly(cx, m) - x
        if fm == 0:
            return m
        if fm < 0:
            lo, flo = m, fm
            if side == -1:
                fhi /= 2
            side = -1
        else:
            hi, fhi = m, fm
            if side == 1:
                flo /= 2
            side = 1
    return (lo + hi) / 2


def ulp(x):
    return math.ulp(x)


def round_down(v):
    """A non-negative tolerance rounded down to 3 significant digits (so tests stay conservative)."""
    v = float(v)
    if v == 0:
        return 0.0
    if math.isinf(v):
        return "inf"
    r = float(_sig(v, ROUND_DOWN))
    return r if r <= v else math.nextafter(r, 0.0)


def round_up(v):
    """A non-negative tolerance rounded up to 3 significant digits."""
    v = float(v)
    if v == 0:
        return 0.0
    if math.isinf(v) or math.isnan(v):
        return "inf"
    r = float(_sig(v, ROUND_UP))
    return r if r >= v else math.nextafter(r, math.inf)


def _sig(v, rounding):
    d = Decimal(repr(v))
    exponent = d.adjusted() - 2
    return d.quantize(Decimal(1).scaleb(exponent), rounding=rounding)


def velocity(cx, cy, t):
    dx, dy = dpoly(cx, t), dpoly(cy, t)
    if dx == 0 and dy == 0:
        return mpf(1)
    if dx == 0:
        return mpmath.inf if dy > 0 else -mpmath.inf
    return dy / dx


def abs_sum_derivative(co, t):
    a, b, c = co
    t = abs(t)
    return abs(3 * a) * t * t + abs(2 * b) * t + abs(c)


def number(v):
    if isinstance(v, str):
        return v
    f = float(v)
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def bezier_points(x1, y1, x2, y2, xs):
    cx, cy = coefficients(x1, x2), coefficients(y1, y2)
    rows = []
    for x in xs:
        t = solve_t(cx, x)
        # solve_t clamps, so the window ends at 0 and 1 stay exact there.
        t_lo = solve_t(cx, mpf(x) - 4 * mpf(ulp(x))) if x > 0 else mpf(0)
        t_hi = solve_t(cx, mpf(x) + 4 * mpf(ulp(x))) if x < 1 else mpf(1)
        y = poly(cy, t)
        # The range of y over the permitted window [tLow, tHigh] (y is a cubic; sample it densely and
        # add its interior extremum if any), widened by 2 ulp(y) for the final rounding.
        candidates = [poly(cy, t_lo), poly(cy, t_hi), y]
        a, b, c = cy
        for root in quadratic_roots(3 * a, 2 * b, c):
            if t_lo < root < t_hi:
                candidates.append(poly(cy, root))
        spread = max(abs(v - y) for v in candidates)
        yf = float(y)
        y_tol = spread + 2 * mpf(ulp(yf) if yf != 0 else 5e-324)
        # Velocity: SwiftUI semantics, its range over the window, plus rounding of x'(t) and y'(t).
        v = velocity(cx, cy, t)
        if mpmath.isinf(v):
            v_tol = "inf"
        else:
            vs = [velocity(cx, cy, s) for s in (t_lo, t_hi)]
            for k in range(1, 8):
                vs.append(velocity(cx, cy, t_lo + (t_hi - t_lo) * k / 8))
            if any(mpmath.isinf(w) for w in vs):
                v_tol = "inf"
            else:
                dx = abs(dpoly(cx, t)) if dpoly(cx, t) != 0 else None
                spread_v = max(abs(w - v) for w in vs)
                if dx is None:
                    v_tol = "inf"
                else:
                    rounding = 8 * U * (abs_sum_derivative(cy, t) + abs(v) * abs_sum_derivative(cx, t)) / dx
                    v_tol = round_up(2 * spread_v + rounding + 4 * U * abs(v))
        # Gaps from the *rounded* root, so a test can compare t − tStar (exact in double).
        t_double = mpf(float(t))
        rows.append([
            float(x),
            float(t),
            round_down(t_double - t_lo),
            round_down(t_hi - t_double),
            float(y),
            round_up(y_tol),
            number(v),
            v_tol,
        ])
    return rows


def quadratic_roots(a, b, c):
    if a == 0:
        return [-c / b] if b != 0 else []
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    s = mpmath.sqrt(disc)
    return [(-b + s) / (2 * a), (-b - s) / (2 * a)]


def sample_xs(rng, extra_singular=(), count_random=260):
    xs = {0.0, 1.0}
    xs.update(rng.random() for _ in range(count_random))
    xs.update(k / 32 for k in range(33))  # table boundaries of any power-of-two table
    for k in range(33):
        v = k / 32
        xs.add(math.nextafter(v, 0.0))
        xs.add(math.nextafter(v, 1.0))
    for k in range(1, 61, 3):
        xs.add(2.0 ** -k)
        xs.add(3.0 * 2.0 ** -(k + 2))
    for k in range(1, 54, 2):
        xs.add(1.0 - 2.0 ** -k)
    xs.update([1e-300, 1e-200, 1e-100, 1e-30, 1e-12, 1e-7])
    for s in extra_singular:
        xs.add(s)
        for k in range(2, 50, 4):
            xs.add(s + 2.0 ** -k)
            xs.add(s - 2.0 ** -k)
    return sorted(x for x in xs if 0.0 <= x <= 1.0)


def circular(name, p):
    p = mpf(p)
    # Cancellation-free forms, so tiny progress keeps its relative precision even at 50 digits.
    def cin(q):
        return q * q / (1 + mpmath.sqrt((1 - q) * (1 + q)))
    def cout(q):
        return mpmath.sqrt(q * (2 - q))
    def dcin(q):
        return mpmath.inf if q == 1 else q / mpmath.sqrt((1 - q) * (1 + q))
    def dcout(q):
        return mpmath.inf if q == 0 else (1 - q) / mpmath.sqrt(q * (2 - q))
    if name == "circularEaseIn":
        return cin(p), dcin(p)
    if name == "circularEaseOut":
        return cout(p), dcout(p)
    if p < mpf(1) / 2:
        return cin(2 * p) / 2, dcin(2 * p)
    return cout(2 * p - 1) / 2 + mpf(1) / 2, dcout(2 * p - 1)


def circular_points(name, xs):
    rows = []
    for x in xs:
        y, v = circular(name, x)
        yf = float(y)
        # The closed forms take p exactly; a few roundings in sqrt and products: 4 ulp of y.
        y_tol = 4 * ulp(yf) if yf != 0 else 0.0
        if mpmath.isinf(v):
            rows.append([x, yf, y_tol, "inf", "inf"])
        else:
            rows.append([x, yf, y_tol, float(v), round_up(8 * U * abs(v) + 1e-300)])
    return rows


def css_gradients(x1, y1, x2, y2):
    """Chromium's InitGradients: the slopes used to extrapolate outside [0, 1]."""
    x1, y1, x2, y2 = map(mpf, (x1, y1, x2, y2))
    if x1 > 0:
        start = y1 / x1
    elif y1 == 0 and x2 > 0:
        start = y2 / x2
    elif y1 == 0 and y2 == 0:
        start = mpf(1)
    else:
        start = mpf(0)
    if x2 < 1:
        end = (y2 - 1) / (x2 - 1)
    elif y2 == 1 and x1 < 1:
        end = (y1 - 1) / (x1 - 1)
    elif y2 == 1 and y1 == 1:
        end = mpf(1)
    else:
        end = mpf(0)
    return start, end


def css_points(x1, y1, x2, y2, xs):
    start, end = css_gradients(x1, y1, x2, y2)
    rows = []
    for x in xs:
        if x < 0:
            y, g, span = start * x, start, abs(start * x)
        else:
            y, g, span = 1 + end * (mpf(x) - 1), end, abs(end * (mpf(x) - 1))
        yf = float(y)
        tol = 4 * U * (span + 1) + 2 * (ulp(yf) if yf != 0 else 0)
        rows.append([x, yf, round_up(tol), float(g)])
    return rows


def main():
    rng = random.Random(20240611)
    named = [
        ("linear", (0, 0, 1, 1), []),
        ("easeIn", (0.42, 0, 1, 1), []),
        ("easeOut", (0, 0, 0.58, 1), []),
        ("easeInOut", (0.42, 0, 0.58, 1), []),
        ("ease", (0.25, 0.1, 0.25, 1), []),
        ("sCurveVertical", (1, 0, 0, 1), [0.5]),
        ("backwardsS", (0, 1, 1, 0), [0.5]),
        ("x1x2zero", (0, 0, 0, 1), []),
        ("x1x2zeroOvershoot", (0, 0.5, 0, 1.2), []),
        ("x1x2one", (1, 0, 1, 1), []),
        ("x1x2oneY", (1, 0.3, 1, 0.7), []),
        ("allZero", (0, 0, 0, 0), []),
        ("allOne", (1, 1, 1, 1), []),
        ("overshootBoth", (0.68, -0.6, 0.32, 1.6), []),
        ("overshootEnd", (0.34, 1.56, 0.64, 1), []),
        ("nearVertical1", (0.9, 0, 0.1, 1), [0.5]),
        ("nearVertical2", (0.99, 0.2, 0.01, 0.8), [0.5]),
        ("nearVertical3", (1, 0.1, 0.02, 0.9), []),
        ("nearVerticalOffCentre", (1, 0, 0.2, 1), []),
        ("tinyX1", (1e-6, 0.5, 0.5, 1), []),
        ("largeY", (0.5, -5, 0.5, 6), []),
        ("inverseEaseIn", (0, 0.42, 1, 1), []),
        ("inverseEase", (0.1, 0.25, 1, 0.25), []),
    ]
    for k in range(8):
        x1, x2 = rng.random(), rng.random()
        y1, y2 = rng.uniform(-1, 2), rng.uniform(-1, 2)
        named.append((f"random{k}", (round(x1, 6), round(y1, 6), round(x2, 6), round(y2, 6)), []))

    # The interior singular point of the S-shaped degenerate curves: x'(t) = 0 at t = 1/2.
    curves = []
    total = 0
    for name, (x1, y1, x2, y2), singular in named:
        xs = sample_xs(rng, singular, count_random=160)
        # Where the interior tangent is vertical, x at that t is the singular input.
        rows = bezier_points(x1, y1, x2, y2, xs)
        total += len(rows)
        curves.append({"name": name, "controlPoints": [x1, y1, x2, y2], "points": rows})

    circ = []
    cxs = sorted(set([0.0, 1.0, 0.5, math.nextafter(0.5, 0), math.nextafter(0.5, 1), 1e-300, 1e-8,
                      1 - 1e-8, math.nextafter(1.0, 0)] + [rng.random() for _ in range(180)]
                     + [k / 64 for k in range(65)]))
    for name in ("circularEaseIn", "circularEaseOut", "circularEaseInOut"):
        rows = circular_points(name, cxs)
        total += len(rows)
        circ.append({"name": name, "points": rows})

    css = []
    css_x = [-10.0, -2.0, -1.0, -0.5, -0.25, -1e-3, -1e-9, 1 + 1e-9, 1.001, 1.25, 1.5, 2.0, 3.0, 10.0]
    for name, cp in [
        ("ease", (0.25, 0.1, 0.25, 1)),
        ("ease-in", (0.42, 0, 1, 1)),
        ("ease-out", (0, 0, 0.58, 1)),
        ("ease-in-out", (0.42, 0, 0.58, 1)),
        ("linear", (0, 0, 1, 1)),
        ("overshoot", (0.68, -0.6, 0.32, 1.6)),
        ("backOut", (0.34, 1.56, 0.64, 1)),
        ("startUsesOtherPoint", (0, 0, 0.5, 2)),      # p1 = p0: gradient from p2
        ("startVertical", (0, 0.5, 0.5, 1)),         # x1 = 0, y1 != 0: Chromium uses 0
        ("endUsesOtherPoint", (0.3, -0.5, 1, 1)),    # p2 = p3: gradient from p1
        ("endVertical", (0.3, 0, 1, 0.5)),           # x2 = 1, y2 != 1: Chromium uses 0
        ("bothCoincide", (0, 0, 1, 1)),
        ("allZero", (0, 0, 0, 0)),                   # start: linear (1); end from p1
        ("allOne", (1, 1, 1, 1)),
    ]:
        css.append({"name": name, "controlPoints": list(cp), "gradients": [float(g) for g in css_gradients(*cp)],
                    "points": css_points(*cp, css_x)})

    doc = {
        "source": "scripts/reference/bezier_reference.py (mpmath, 50 digits)",
        "columns": ["x", "t", "tLowGap", "tHighGap", "y", "yTol", "velocity", "velocityTol"],
        "circularColumns": ["progress", "value", "valueTol", "velocity", "velocityTol"],
        "cssColumns": ["x", "value", "valueTol", "gradient"],
        "curves": curves,
        "circular": circ,
        "css": css,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {OUT}: {total} points, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
