#!/usr/bin/env python3
"""High-precision, regime-independent reference data for damped springs.

Model
-----
    m x'' + c x' + k (x - target) = 0,    x(0) = 0,    x'(0) = v0

with m = mass, k = stiffness, c = damping.  Every input is an IEEE double that
is stored verbatim in the JSON and converted *exactly* to an mpmath number
(``mpf(float)`` is exact), so the reference describes precisely the spring the
code under test builds from the same doubles.  Note that this means a spring
whose doubles satisfy ``c*c == 4*k*m`` in floating point (the "critical" cases)
may be a hair off critical in exact arithmetic; that is intended.

Method (deliberately shares nothing with the under/critical/over-damped
closed forms used by the library under test)
-----------------------------------------------------------------------
* State s = [x - target, x'] obeys s' = A s, A = [[0, 1], [-k/m, -c/m]], so
  s(t) = expm(A t) s(0).  Every stored number is evaluated with
  ``mpmath.expm`` at WORK_DPS (50) significant digits and rounded once to the
  nearest double.

* Trajectories: x(t), x'(t) at ~30 times per spring.  Every value is recomputed
  at CHECK_DPS (70) digits, and a subset is integrated independently with
  ``mpmath.odefun`` (Taylor-series ODE solver) at ODE_DPS (30) digits; the
  script aborts unless all agree (expm vs odefun to 1e-20 relative to the
  natural scale of the spring).

* Settling: y = x - target is scanned on a uniform grid t_n = n h with
  h = 1 / (400 sqrt(k/m)), i.e. 1/400 of the natural time unit (far below both
  the oscillation period and every decay time that matters).  The grid state is
  propagated with the exact one-step matrix expm(A h) and re-anchored against a
  direct expm(A t_n) every ANCHOR_INTERVAL steps (the two must agree to 1e-35).
  The scan stops at T_max, the first grid time at which the energy bound
  |y(t)| <= sqrt((k y^2 + m y'^2) / k) is below the smallest epsilon (and
  below 1e-5 of its initial value).  Because E = (k y^2 + m y'^2) / 2 is
  non-increasing for c >= 0, |y(t)| < epsilon for every t >= T_max: T_max is a
  rigorous upper bound for every settling time computed from that scan.
  - crossings: the number of times t > 0 at which |x(t) - target| = epsilon,
    i.e. zeros of y - epsilon plus zeros of y + epsilon, found as sign changes
    of each of the two functions on the grid.  (Sign changes of |y| - epsilon
    alone would miss pairs when y sweeps the whole band within one grid step
    early on, as it does for large targets.)  This count is cross-checked
    against an independent count built from the extrema of y (grid sign
    changes of y', refined with findroot whenever an extremum lies close to
    epsilon): y' solves the same ODE, so its zeros are simple and at least
    half a period apart, and between consecutive ones y is monotone and
    crosses each level at most once.  Any disagreement (e.g. a near-tangency
    the grid could have missed) aborts the script.
  - When |target| == epsilon, x(0) is exactly on the band edge.  t = 0 is not
    counted as a crossing; the side of the edge y is on just after t = 0 is
    given by the sign of y'(0) (or of y''(0) if v0 == 0).  If y moves into the
    band and never leaves it, exactSettlingTime is 0 and crossings is 0.
  - exactSettlingTime: the last crossing (0 if |x(t) - target| < epsilon for
    all t >= 0), refined from its grid bracket with mpmath.findroot
    (Anderson-Bjoerk bracketing solver), certified by a sign change of
    y -/+ epsilon at t* -/+ 1e-30 (relative to max(1, t*)), and re-checked with
    a Newton step at CHECK_DPS digits (|step| < 1e-28).  So the stored double
    is the correctly rounded value of the exact settling time.
  - peakTime / peakValue: the global maximum over t >= 0 of x(t) * sign(target)
    (sign(v0) when target == 0), located on the grid and refined as a root of
    x'(t) = 0.  peakValue is x at that time (signed position, not multiplied by
    the sign).  Both are null when there is no interior maximum exceeding
    |target| (the supremum is then x(0) = 0 or the limit |target|).  A maximum
    found before T_max is certified global because the energy bound at T_max is
    smaller than its overshoot.  Only [0, T_max] is searched: for damping
    ratios just below 1 (1 - 1e-9, 1 - 1e-6) the exact solution does have a
    first maximum at t = pi / omega_d (~2e3 to ~7e4 natural time units
    later) with an overshoot below 1e-600; it is reported as null.
  - The "swiftui.smooth" preset (m = 1, k = (2 pi / 0.5)^2, c = 2 (2 pi / 0.5))
    must give 0.7348 s for target 1, v0 0, epsilon 1e-3 (sanity assertion).

Every check raises ReferenceCheckError (the script exits non-zero) rather than
using ``assert``, so it also fails loudly under ``python -O``.

Usage
-----
From the repository root::

    python3 scripts/reference/spring_reference.py data/reference/springs.json
    python3 scripts/reference/spring_reference.py > data/reference/springs.json

With no output path the JSON goes to stdout; progress goes to stderr.
``--jobs N`` sets the number of worker processes (default: all CPUs).
Requires Python >= 3.9 and mpmath (developed with mpmath 1.3); numpy and scipy
are not needed.  Runtime is about 20 s on two cores.

Output schema (all numbers are plain JSON doubles written with Python's
shortest round-trip repr)::

    {
      "generator": "scripts/reference/spring_reference.py",
      "method": "<one line>",
      "trajectories": [{"name", "mass", "stiffness", "damping", "target",
                        "initialVelocity", "times": [...], "values": [...],
                        "velocities": [...]}],
      "settling": [{"name", "mass", "stiffness", "damping", "target",
                    "initialVelocity", "epsilon", "exactSettlingTime",
                    "peakTime": float|null, "peakValue": float|null,
                    "crossings": int}]
    }
"""

from __future__ import annotations

import argparse
import bisect
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Optional

from mpmath import mp, mpf

GENERATOR = "scripts/reference/spring_reference.py"
METHOD = (
    "x(t) from mpmath.expm(A t) applied to [x(0) - target, x'(0)], "
    "A = [[0, 1], [-k/m, -c/m]], exact double inputs, 50 digits (checked at 70 "
    "digits and against mpmath.odefun); settling times are the last crossing of "
    "|x - target| = epsilon found by a grid scan up to an energy-bound horizon "
    "and refined with mpmath.findroot; all outputs rounded once to double"
)

WORK_DPS = 50           # digits for every stored number
CHECK_DPS = 70          # digits for the precision-doubling re-check
ODE_DPS = 30            # digits for the independent odefun cross-check
ODE_TOLERANCE = mpf("1e-20")      # expm vs odefun, relative to spring scale
CHECK_TOLERANCE = mpf("1e-30")    # WORK_DPS vs CHECK_DPS, relative
ANCHOR_TOLERANCE = mpf("1e-35")   # propagated grid state vs direct expm
ROOT_CERTIFICATE = mpf("1e-30")   # half-width of the certified root bracket
NEWTON_TOLERANCE = mpf("1e-28")   # Newton step at CHECK_DPS must be smaller

GRID_STEPS_PER_TIME_UNIT = 400    # h = 1 / (400 * omega0)
ANCHOR_INTERVAL = 4096            # re-anchor the propagated grid state
RELATIVE_STOP = mpf("1e-5")       # energy bound must also fall below this
MAX_GRID_STEPS = 2_000_000
EXTREMUM_WINDOW = mpf("1e-4")     # refine extrema within this of an epsilon

# Absolute band half-widths.  With target 1e-3 and epsilon 1e-3, x(0) starts
# exactly on the band edge; those cases are kept on purpose (see start_sign).
EPSILONS = (1e-3, 1e-4, 1e-2)
SMOOTH_SETTLING_1E3 = 0.7348      # known settling time of SwiftUI .smooth


class ReferenceCheckError(AssertionError):
    """A self-consistency check of the reference computation failed."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise ReferenceCheckError(message)


# Largest discrepancy seen by each kind of check in the current worker task
# (reported on stderr so the margins stay visible).
_worst: dict = {}


def record(kind: str, value) -> None:
    _worst[kind] = max(_worst.get(kind, 0.0), float(abs(value)))


def sign(x) -> int:
    return (x > 0) - (x < 0)


# --------------------------------------------------------------------------
# Test springs
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Spring:
    name: str
    mass: float
    stiffness: float
    damping: float
    target: float
    initial_velocity: float
    ode_check: bool = False   # cross-check this spring with mpmath.odefun

    def fields(self) -> dict:
        return {
            "name": self.name,
            "mass": self.mass,
            "stiffness": self.stiffness,
            "damping": self.damping,
            "target": self.target,
            "initialVelocity": self.initial_velocity,
        }


def _label(regime: str, zeta: str, m: float, k: float, target: float, v0: float) -> str:
    return f"{regime} zeta={zeta} m={m:g} k={k:g} target={target:g} v0={v0:g}"


def with_ratio(regime: str, zeta: float, m: float, k: float, target: float,
               v0: float, zeta_label: Optional[str] = None,
               ode_check: bool = False) -> Spring:
    """Spring with damping 2*zeta*sqrt(k*m) evaluated in doubles."""
    c = 2.0 * zeta * math.sqrt(k * m)
    label = zeta_label if zeta_label is not None else f"{zeta:g}"
    return Spring(_label(regime, label, m, k, target, v0), m, k, c, target, v0, ode_check)


def critical(m: float, k: float, c: float, target: float, v0: float,
             ode_check: bool = False) -> Spring:
    """Spring that is critically damped in double arithmetic: c*c == 4*k*m."""
    check(c * c == 4.0 * k * m, f"not critical in doubles: m={m} k={k} c={c}")
    return Spring(_label("critical", "1", m, k, target, v0), m, k, c, target, v0, ode_check)


def swiftui_preset(name: str, response: float, damping_fraction: float,
                   ode_check: bool = False) -> Spring:
    """SwiftUI-style spring (mass 1) from response and damping fraction."""
    omega = 2.0 * math.pi / response
    k = omega * omega
    c = 2.0 * damping_fraction * omega
    if damping_fraction == 1.0:
        check(c * c == 4.0 * k, f"preset {name} is not critical in doubles")
    return Spring(f"swiftui.{name}", 1.0, k, c, 1.0, 0.0, ode_check)


def trajectory_springs() -> list[Spring]:
    near_below, near_above = 1.0 - 1e-9, 1.0 + 1e-9
    springs = [
        # underdamped
        with_ratio("underdamped", 0.05, 1.0, 100.0, 1.0, 0.0, ode_check=True),
        with_ratio("underdamped", 0.05, 0.5, 200.0, -3.5, 10.0),
        with_ratio("underdamped", 0.05, 2.5, 10.0, 250.0, -50.0),
        with_ratio("underdamped", 0.3, 1.0, 170.0, 1.0, 0.0),
        with_ratio("underdamped", 0.3, 2.5, 1000.0, 250.0, -50.0),
        with_ratio("underdamped", 0.3, 0.5, 10.0, 1e-3, 1.0),
        with_ratio("underdamped", 0.3, 1.0, 100.0, -3.5, 50.0),
        with_ratio("underdamped", 0.5, 1.0, 40.0, 1.0, 0.0),
        with_ratio("underdamped", 0.5, 0.5, 500.0, 0.0, 50.0, ode_check=True),
        with_ratio("underdamped", 0.5, 1.0, 1000.0, -3.5, 0.0),
        with_ratio("underdamped", 0.7, 1.0, 300.0, 1e-3, 0.0),
        with_ratio("underdamped", 0.7, 2.5, 10.0, -3.5, -50.0),
        with_ratio("underdamped", 0.7, 1.0, 100.0, 1.0, -50.0),
        with_ratio("underdamped", 0.7, 0.5, 1000.0, 250.0, 0.0),
        with_ratio("underdamped", 0.9, 1.0, 1000.0, 1.0, 5.0),
        with_ratio("underdamped", 0.9, 0.5, 50.0, 250.0, 0.0),
        with_ratio("underdamped", 0.9, 2.5, 200.0, 1e-3, -0.01),
        # within 1e-9 of critical
        with_ratio("near-critical", near_below, 1.0, 100.0, 1.0, 0.0, "1-1e-9", ode_check=True),
        with_ratio("near-critical", near_below, 2.5, 400.0, -3.5, 20.0, "1-1e-9"),
        with_ratio("near-critical", near_above, 1.0, 100.0, 1.0, 0.0, "1+1e-9", ode_check=True),
        with_ratio("near-critical", near_above, 0.5, 1000.0, -3.5, -50.0, "1+1e-9"),
        # exactly critical in doubles
        critical(1.0, 100.0, 20.0, 1.0, 0.0),
        critical(1.0, 100.0, 20.0, 0.0, 50.0, ode_check=True),
        critical(1.0, 100.0, 20.0, 1.0, -50.0),
        critical(0.5, 200.0, 20.0, -3.5, 0.0),
        critical(2.5, 1000.0, 100.0, 250.0, -50.0),
        # overdamped
        with_ratio("overdamped", 1.5, 1.0, 100.0, 1.0, 0.0),
        with_ratio("overdamped", 1.5, 0.5, 30.0, 250.0, 50.0),
        with_ratio("overdamped", 1.5, 1.0, 100.0, 1.0, -50.0),
        with_ratio("overdamped", 1.5, 2.5, 1000.0, 1e-3, 0.0),
        with_ratio("overdamped", 3.0, 1.0, 500.0, 1e-3, 0.0),
        with_ratio("overdamped", 3.0, 2.5, 100.0, 0.0, -50.0, ode_check=True),
        with_ratio("overdamped", 3.0, 1.0, 100.0, 1.0, 50.0),
        with_ratio("overdamped", 10.0, 1.0, 1000.0, 1.0, 0.0),
        with_ratio("overdamped", 10.0, 0.5, 10.0, -3.5, 5.0, ode_check=True),
        with_ratio("overdamped", 10.0, 2.5, 100.0, 1.0, -50.0),
        # undamped (trajectories only: such a spring never settles)
        Spring(_label("undamped", "0", 1.0, 100.0, 1.0, 0.0), 1.0, 100.0, 0.0, 1.0, 0.0),
        Spring(_label("undamped", "0", 2.5, 10.0, -3.5, 50.0), 2.5, 10.0, 0.0, -3.5, 50.0,
               ode_check=True),
        Spring(_label("undamped", "0", 0.5, 1000.0, 0.0, -5.0), 0.5, 1000.0, 0.0, 0.0, -5.0),
    ]
    return springs + swiftui_presets()


def swiftui_presets() -> list[Spring]:
    return [
        swiftui_preset("smooth", 0.5, 1.0, ode_check=True),   # Spring(duration: 0.5, bounce: 0)
        swiftui_preset("snappy", 0.5, 0.85),                  # bounce 0.15
        swiftui_preset("bouncy", 0.5, 0.7),                   # bounce 0.3
        swiftui_preset("spring", 0.55, 0.825),                # .spring() default
        swiftui_preset("interactiveSpring", 0.15, 0.86),
    ]


def extra_settling_springs() -> list[Spring]:
    """Springs that appear only in the settling table (target 1, various v0)."""
    return [
        with_ratio("underdamped", 0.3, 1.0, 100.0, 1.0, -20.0),
        with_ratio("underdamped", 0.3, 1.0, 100.0, 1.0, 20.0),
        with_ratio("underdamped", 0.7, 1.0, 100.0, 1.0, 10.0),
        critical(1.0, 100.0, 20.0, 1.0, 20.0),
        critical(1.0, 100.0, 20.0, 1.0, -5.0),
        with_ratio("overdamped", 1.5, 1.0, 100.0, 1.0, 5.0),
        with_ratio("overdamped", 1.5, 1.0, 100.0, 1.0, 50.0),   # overshoots
        with_ratio("overdamped", 3.0, 1.0, 100.0, 1.0, -20.0),
        with_ratio("near-critical", 1.0 - 1e-6, 1.0, 100.0, 1.0, 0.0, "1-1e-6", ode_check=True),
        with_ratio("near-critical", 1.0 + 1e-6, 1.0, 100.0, 1.0, 0.0, "1+1e-6"),
        with_ratio("near-critical", 1.0 - 1e-6, 2.5, 400.0, 1.0, -20.0, "1-1e-6"),
        with_ratio("near-critical", 1.0 + 1e-6, 0.5, 1000.0, 1.0, 20.0, "1+1e-6"),
    ]


def settling_springs() -> list[Spring]:
    return [s for s in trajectory_springs() if s.damping != 0.0] + extra_settling_springs()


# --------------------------------------------------------------------------
# Exact model
# --------------------------------------------------------------------------

class ExactSpring:
    """The first-order system s' = A s at the current mpmath precision."""

    def __init__(self, spring: Spring):
        self.m = mpf(spring.mass)            # exact: mpf(float) does not round
        self.k = mpf(spring.stiffness)
        self.c = mpf(spring.damping)
        self.target = mpf(spring.target)
        self.v0 = mpf(spring.initial_velocity)
        self.y0 = -self.target               # y = x - target
        self.A = mp.matrix([[0, 1], [-self.k / self.m, -self.c / self.m]])
        self.omega0 = mp.sqrt(self.k / self.m)

    def state(self, t) -> tuple:
        """(y, y') at time t, from the matrix exponential."""
        e = mp.expm(self.A * t)
        return (e[0, 0] * self.y0 + e[0, 1] * self.v0,
                e[1, 0] * self.y0 + e[1, 1] * self.v0)

    def acceleration(self, y, v):
        return -(self.k * y + self.c * v) / self.m

    def start_sign(self, level) -> int:
        """Sign of y(t) - level just after t = 0.

        Equals sign(y0 - level) unless x(0) lies exactly on the band edge
        (|target| == epsilon); then it is the direction in which y leaves
        the edge (sign of y'(0), or of y''(0) when v0 == 0).
        """
        return (sign(self.y0 - level) or sign(self.v0)
                or sign(self.acceleration(self.y0, self.v0)))

    def position_scale(self):
        """Natural size of y: |y| and |y'|/omega0 are bounded by this times ~1."""
        return max(mp.sqrt(self.y0 ** 2 + (self.v0 / self.omega0) ** 2), mpf(1e-300))

    def odefun(self):
        """Independent Taylor-series solution (call at the desired precision)."""
        a, b = self.k / self.m, self.c / self.m
        return mp.odefun(lambda t, s: [s[1], -a * s[0] - b * s[1]], 0, [self.y0, self.v0])


def to_double(x) -> float:
    value = float(x)   # mpf -> float rounds to nearest
    check(math.isfinite(value), f"non-finite result {x}")
    return value


def refine_root(f: Callable, a, b, widen=0):
    """Root of f in the grid bracket [a, b], certified to ROOT_CERTIFICATE.

    The bracket comes from signs seen on the propagated grid; if the root sits
    within rounding error of a grid point, direct evaluation may disagree about
    the sign there, so the bracket is widened by up to two steps of `widen`
    (roots of the functions used here are always much further apart).
    """
    for grow in range(3):
        lo, hi = max(mpf(0), a - grow * widen), b + grow * widen
        f_lo, f_hi = f(lo), f(hi)
        if f_lo == 0:
            return lo
        if f_hi == 0:
            return hi
        if f_lo * f_hi < 0:
            break
    else:
        raise ReferenceCheckError(f"not a bracket: f({a})={f(a)}, f({b})={f(b)}")
    root = mp.findroot(f, (lo, hi), solver="anderson", tol=mpf(10) ** (-WORK_DPS + 8),
                       maxsteps=200, verify=False)
    delta = ROOT_CERTIFICATE * max(1, abs(root))
    left, right = max(lo, root - delta), min(hi, root + delta)
    check(f(left) * f(right) <= 0, f"root {root} not certified to {delta}")
    return root


# --------------------------------------------------------------------------
# Table 1: trajectories
# --------------------------------------------------------------------------

def sample_times(spring: Spring) -> list[float]:
    """~30 readable times covering [0, 3 x (time to reach 1%)]."""
    m, k, c = spring.mass, spring.stiffness, spring.damping
    omega0 = math.sqrt(k / m)
    # slowest decay rate = -max Re(eigenvalue of A), only used to pick times
    disc = (c / m) ** 2 - 4.0 * k / m
    rate = (c / m - math.sqrt(disc)) / 2.0 if disc > 0 else c / (2.0 * m)
    if rate < 1e-12 * omega0:
        horizon = 6.0 * 2.0 * math.pi / omega0          # undamped: six periods
    else:
        horizon = 3.0 * math.log(100.0) / rate
    times = {0.0, 1e-6}
    for j in range(12):                                  # early dynamics, log-spaced
        times.add(horizon * 10.0 ** (-3.0 + 2.0 * j / 11.0))
    for j in range(1, 17):                               # the rest, linear
        times.add(horizon * (0.1 + 0.9 * j / 16.0))
    return sorted({float(f"{t:.4g}") for t in times})


def trajectory_case(spring: Spring) -> dict:
    times = sample_times(spring)

    mp.dps = WORK_DPS
    model = ExactSpring(spring)
    scale_y = model.position_scale()
    scale_v = scale_y * model.omega0
    states = [model.state(mpf(t)) for t in times]

    with mp.workdps(CHECK_DPS):
        fine = ExactSpring(spring)
        for t, (y, v) in zip(times, states):
            yf, vf = fine.state(mpf(t))
            record("digits 50 vs 70 (relative)", max(abs(yf - y) / scale_y, abs(vf - v) / scale_v))
            check(abs(yf - y) <= CHECK_TOLERANCE * scale_y and
                  abs(vf - v) <= CHECK_TOLERANCE * scale_v,
                  f"{spring.name}: {WORK_DPS} vs {CHECK_DPS} digits disagree at t={t}")

    if spring.ode_check:
        with mp.workdps(ODE_DPS):
            solution = ExactSpring(spring).odefun()
            for t, (y, v) in zip(times, states):
                yo, vo = solution(mpf(t))
                record("expm vs odefun (relative)",
                       max(abs(yo - y) / scale_y, abs(vo - v) / scale_v))
                check(abs(yo - y) <= ODE_TOLERANCE * scale_y and
                      abs(vo - v) <= ODE_TOLERANCE * scale_v,
                      f"{spring.name}: expm vs odefun disagree at t={t}: "
                      f"dy={yo - y}, dv={vo - v}")

    return {
        **spring.fields(),
        "times": times,
        "values": [to_double(model.target + y) for y, _ in states],
        "velocities": [to_double(v) for _, v in states],
    }


# --------------------------------------------------------------------------
# Table 2: settling
# --------------------------------------------------------------------------

@dataclass
class Extremum:
    """A sign change of y' between grid points a < b (an extremum of y)."""
    a: int
    b: int
    is_max: bool
    grid_value: object    # grid estimate: true |value| is slightly larger


@dataclass
class Scan:
    h: object
    steps: int                        # T_max = steps * h
    y_end: object
    bound_end: object                 # energy bound on |y| for t >= T_max
    transitions: list                 # (n, old band, new band) between n-1 and n
    extrema: list                     # [Extremum]


def grid_scan(model: ExactSpring, levels: list, peak_sign: int) -> Scan:
    """Scan y on t_n = n h until the energy bound certifies |y| < min level.

    levels is the sorted list of all +/-epsilon; the "band" of y is the number
    of levels below it, so a change of band between consecutive grid points is
    a crossing of the levels in between.
    """
    h = 1 / (GRID_STEPS_PER_TIME_UNIT * model.omega0)
    step = mp.expm(model.A * h)
    e11, e12, e21, e22 = step[0, 0], step[0, 1], step[1, 0], step[1, 1]
    k, m = model.k, model.m
    scale = model.position_scale()

    eps_min = min(abs(level) for level in levels)
    stop = min(eps_min, RELATIVE_STOP * mp.sqrt(model.y0 ** 2 + m * model.v0 ** 2 / k))
    stop_energy = k * stop ** 2         # k y^2 + m v^2 below this => |y| < stop

    y, v = model.y0, model.v0
    band = sum(1 for level in levels if model.start_sign(level) > 0)
    v_sign, v_sign_index = sign(v), 0
    prev_y = y
    transitions, extrema = [], []
    best_overshoot = None               # grid max of peak_sign * y at a maximum
    n = 0
    while True:
        n += 1
        check(n <= MAX_GRID_STEPS, "grid scan did not reach the energy bound")
        y, v = e11 * y + e12 * v, e21 * y + e22 * v
        if n % ANCHOR_INTERVAL == 0:
            yd, vd = model.state(n * h)
            record("grid drift (relative)", abs(yd - y) / scale)
            check(abs(yd - y) <= ANCHOR_TOLERANCE * scale and
                  abs(vd - v) <= ANCHOR_TOLERANCE * scale * model.omega0,
                  f"grid propagation drifted at step {n}")
            y, v = yd, vd

        new_band = bisect.bisect_left(levels, y)
        if new_band != band:
            transitions.append((n, band, new_band))
            band = new_band

        s = sign(v)
        if s != 0:
            if v_sign != 0 and s != v_sign:
                is_max = v_sign > 0
                value = max(prev_y, y) if is_max else min(prev_y, y)
                extrema.append(Extremum(v_sign_index, n, is_max, value))
                if (is_max == (peak_sign > 0)) and peak_sign * value > 0:
                    if best_overshoot is None or peak_sign * value > best_overshoot:
                        best_overshoot = peak_sign * value
            v_sign, v_sign_index = s, n
        prev_y = y

        energy = k * y * y + m * v * v
        if energy < stop_energy and (best_overshoot is None or
                                     energy < k * (best_overshoot / 2) ** 2):
            return Scan(h, n, y, mp.sqrt(energy / k), transitions, extrema)


def refine_extremum(model: ExactSpring, scan: Scan, ext: Extremum) -> tuple:
    """(time, y) of the extremum bracketed by a grid sign change of y'."""
    t = refine_root(lambda t: model.state(t)[1], ext.a * scan.h, ext.b * scan.h, scan.h)
    return t, model.state(t)[0]


def count_from_extrema(model: ExactSpring, scan: Scan, eps) -> int:
    """Independent crossing count: y is monotone between consecutive extrema."""
    points = [None]     # stands for y(0+), see start_sign()
    for ext in scan.extrema:
        value = ext.grid_value
        if abs(abs(value) - eps) <= EXTREMUM_WINDOW * eps:
            _, value = refine_extremum(model, scan, ext)
            check(abs(abs(value) - eps) > mpf("1e-20") * eps,
                  f"extremum {value} is tangent to the band edge {eps}")
        points.append(value)
    points.append(scan.y_end)
    count = 0
    for level in (eps, -eps):
        signs = [model.start_sign(level)] + [sign(p - level) for p in points[1:]]
        check(all(signs), "an extremum lies exactly on the band edge")
        count += sum(1 for s0, s1 in zip(signs, signs[1:]) if s0 != s1)
    return count


def settling_time(model: ExactSpring, scan: Scan, levels: list, eps) -> tuple:
    """(exact settling time, crossing count) for the band |y| <= eps."""
    indices = {levels.index(eps), levels.index(-eps)}
    crossings = []                     # (n, level) for every grid crossing
    for n, old, new in scan.transitions:
        for i in range(min(old, new), max(old, new)):
            if i in indices:
                crossings.append((n, levels[i]))

    count = len(crossings)
    check(count == count_from_extrema(model, scan, eps),
          f"grid and extrema crossing counts disagree for eps={eps}")
    if count == 0:
        check(model.start_sign(eps) < 0 < model.start_sign(-eps),
              "no crossing but x(0+) is outside the band")
        return mpf(0), 0

    last_n = crossings[-1][0]
    roots = []
    for n, level in crossings:
        if n == last_n:   # both edges may be crossed within the last step
            roots.append(refine_root(lambda t: model.state(t)[0] - level,
                                     (n - 1) * scan.h, n * scan.h, scan.h))
    t_star = max(roots)
    check(0 < t_star < scan.steps * scan.h, "settling time outside (0, T_max)")
    check(scan.bound_end < eps, "energy bound does not certify the band")
    return t_star, count


def newton_check(spring: Spring, t, residual: Callable, slope: Callable, what: str) -> None:
    """Re-evaluate at CHECK_DPS digits: a Newton step from t must be tiny."""
    with mp.workdps(CHECK_DPS):
        fine = ExactSpring(spring)
        y, v = fine.state(t)
        step = residual(fine, y, v) / slope(fine, y, v)
        record(f"Newton step at {CHECK_DPS} digits (s)", step)
        check(abs(step) < NEWTON_TOLERANCE * max(1, abs(t)),
              f"{spring.name}: {what} moves by {step} at {CHECK_DPS} digits")


def settling_cases(spring: Spring) -> list[dict]:
    mp.dps = WORK_DPS
    model = ExactSpring(spring)
    epsilons = EPSILONS
    levels = sorted([mpf(e) for e in epsilons] + [-mpf(e) for e in epsilons])
    peak_sign = sign(model.target) or sign(model.v0)
    check(peak_sign != 0, f"{spring.name}: trivial spring")

    scan = grid_scan(model, levels, peak_sign)

    # peak: best interior maximum of peak_sign * y (refine the two best to be safe)
    candidates = [e for e in scan.extrema if e.is_max == (peak_sign > 0)]
    candidates.sort(key=lambda e: peak_sign * e.grid_value, reverse=True)
    peak = None
    for ext in candidates[:2]:
        t, y = refine_extremum(model, scan, ext)
        if peak is None or peak_sign * y > peak_sign * peak[1]:
            peak = (t, y)
    if peak is not None and peak_sign * peak[1] <= 0:
        peak = None      # never exceeds |target|: supremum at t = 0 or t -> infinity
    if peak is not None:
        check(peak_sign * peak[1] > scan.bound_end, "peak not certified as global")
        newton_check(spring, peak[0],
                     lambda f, y, v: v, lambda f, y, v: f.acceleration(y, v), "peak time")

    results, settled = [], []
    for eps in epsilons:
        eps_mp = mpf(eps)
        t_star, count = settling_time(model, scan, levels, eps_mp)
        if t_star > 0:
            y_star = model.state(t_star)[0]
            edge = eps_mp if y_star > 0 else -eps_mp
            newton_check(spring, t_star, lambda f, y, v: y - edge,
                         lambda f, y, v: v, f"settling time (eps={eps})")
        settled.append((eps_mp, t_star))
        results.append({
            **spring.fields(),
            "name": f"{spring.name} eps={eps:g}",
            "epsilon": eps,
            "exactSettlingTime": to_double(t_star),
            "peakTime": to_double(peak[0]) if peak else None,
            "peakValue": to_double(model.target + peak[1]) if peak else None,
            "crossings": count,
        })

    if spring.ode_check:   # independent solver: |y| == eps at t*, y' == 0 at the peak
        with mp.workdps(ODE_DPS):
            solution = ExactSpring(spring).odefun()
            scale = model.position_scale()
            for eps_mp, t_star in sorted(settled, key=lambda item: item[1]):
                if t_star > 0:
                    y_ode = solution(t_star)[0]
                    record("odefun |y(t*)| - eps (relative)", (abs(y_ode) - eps_mp) / scale)
                    check(abs(abs(y_ode) - eps_mp) <= ODE_TOLERANCE * scale,
                          f"{spring.name}: odefun disagrees at settling time (eps={eps_mp})")
            if peak is not None:
                v_ode = solution(peak[0])[1]
                check(abs(v_ode) <= ODE_TOLERANCE * scale * model.omega0,
                      f"{spring.name}: odefun velocity at the peak is {v_ode}")
    return results


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def run_task(task: tuple):
    kind, spring = task
    _worst.clear()
    started = time.perf_counter()
    result = trajectory_case(spring) if kind == "trajectory" else settling_cases(spring)
    return result, time.perf_counter() - started, dict(_worst)


def sanity_checks(settling: list[dict]) -> None:
    by_name = {case["name"]: case for case in settling}
    smooth = by_name["swiftui.smooth eps=0.001"]
    check(abs(smooth["exactSettlingTime"] - SMOOTH_SETTLING_1E3) < 5e-5,
          f"swiftui.smooth settles at {smooth['exactSettlingTime']}, expected ~0.7348")
    names = [case["name"] for case in settling]
    check(len(names) == len(set(names)), "duplicate settling case names")


def build_reference(jobs: int) -> dict:
    trajectories = trajectory_springs()
    settlings = settling_springs()
    names = [s.name for s in trajectories]
    check(len(names) == len(set(names)), "duplicate trajectory names")
    tasks = [("trajectory", s) for s in trajectories] + [("settling", s) for s in settlings]

    results, worst = [], {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for (kind, spring), (result, seconds, stats) in zip(tasks, pool.map(run_task, tasks)):
            print(f"  {kind:10s} {seconds:6.2f}s  {spring.name}", file=sys.stderr)
            results.append(result)
            for key, value in stats.items():
                worst[key] = max(worst.get(key, 0.0), value)
    for key, value in sorted(worst.items()):
        print(f"worst {key}: {value:.1e}", file=sys.stderr)

    trajectory_table = results[:len(trajectories)]
    settling_table = [case for cases in results[len(trajectories):] for case in cases]
    sanity_checks(settling_table)
    return {
        "generator": GENERATOR,
        "method": METHOD,
        "trajectories": trajectory_table,
        "settling": settling_table,
    }


def format_json(doc: dict) -> str:
    """Indented JSON with one key per line and number arrays kept on one line."""
    def dump(value) -> str:
        return json.dumps(value, allow_nan=False)

    lines = ["{"]
    lines.append(f'  "generator": {dump(doc["generator"])},')
    lines.append(f'  "method": {dump(doc["method"])},')
    for table in ("trajectories", "settling"):
        lines.append(f'  "{table}": [')
        cases = doc[table]
        for i, case in enumerate(cases):
            body = ",\n".join(f"      {dump(key)}: {dump(value)}" for key, value in case.items())
            lines.append("    {\n" + body + "\n    }" + ("," if i < len(cases) - 1 else ""))
        lines.append("  ]," if table == "trajectories" else "  ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    check(json.loads(text) == doc, "JSON does not round-trip")
    return text


def main(argv: Optional[list] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Generate the high-precision spring reference table (JSON).")
    parser.add_argument("output", nargs="?",
                        help="output path (default: write the JSON to stdout)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: number of CPUs)")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    doc = build_reference(max(1, args.jobs))
    text = format_json(doc)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
    print(f"{len(doc['trajectories'])} trajectories, {len(doc['settling'])} settling cases, "
          f"{len(text)} bytes, {time.perf_counter() - started:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
