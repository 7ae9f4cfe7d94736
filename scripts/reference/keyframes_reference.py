#!/usr/bin/env python3
"""Independent reference values for MotionLab's keyframe timelines (SPEC.md §4, JSON of §6).

Written from the text of SPEC §4/§6 (and §2.1/§3 for springs and timing curves), not from the Swift
code. Reads every timeline in data/timelines/*.json and writes data/reference/keyframes.json.

Method
------
* Numbers: every JSON number is a double, converted exactly to an mpmath number; all arithmetic
  below runs at mp.dps = 30 and is rounded once to a double (Python's repr) on output.
* Springs: the parameterization of §2.1 gives (ω, λ) (ω signed: > 0 under-, 0 critically,
  < 0 overdamped), so ω0² = λ² + ω|ω|. The motion "from rest at 0 towards Δ with initial velocity v0"
  is the solution of y'' = −ω0²·y − 2λ·y' with y = x − Δ, taken from the matrix exponential of the
  first-order system: [y, v](t) = expm([[0, 1], [−ω0², −2λ]]·t)·[−Δ, v0]. No closed form is used.
* Default spring-keyframe durations: SwiftUI's settlingDuration of §2.1 with ε = 1e-4 on the spring's
  displacement: the envelope bound max(0, −ln(ε/(|Δλ − v0| + |Δ|))/λ) when underdamped; otherwise the
  scan t = 0, 0.1, 0.2, … (t accumulated in doubles, `t += 0.1`, at most 1024 samples) that returns the
  first sample of a run of samples with |x − Δ| < ε once the run has lasted more than 1 s.
* Timing curves (§3): a bezier (x1, y1, x2, y2) is solved for x(t) = p with mpmath.findroot (Illinois,
  on a bracket narrowed by bisection); value y(t); velocity y'(t)/x'(t), 1 when both are 0, ±inf when
  only x' is 0. Circular curves from their closed forms (velocity by exact differentiation).
* Keyframes (§4): segments are resolved in order with the tangent rules of §4; each keyframe starts
  where the previous one ended (a spring cut short ends short of its target).

Conventions chosen where the spec is silent (stated in the README of data/timelines and the report):
* Keyframe start times are the double sums of the durations in order (fl(start + d)), as any double
  implementation computes them, so that a query at a boundary time means the same boundary in both.
* A zero-duration linear or cubic keyframe behaves like a move: it jumps to `to` and its start and end
  velocity are 0 (the formulas divide by d = 0). A zero-duration spring stays where it starts
  (value = start + spring.value(…, time: 0) = start) with velocity 0.
* value(progress: p) = value(time: fl(p · duration)), no clamping of p.

Run: python3 scripts/reference/keyframes_reference.py   (a few seconds; deterministic)
"""

import glob
import json
import math
import os

import mpmath
from mpmath import mpf

mpmath.mp.dps = 30

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMELINES = os.path.join(ROOT, "data", "timelines")
OUT = os.path.join(ROOT, "data", "reference", "keyframes.json")

DESCRIPTIONS = {
    "lone-cubic.json": "A lone cubic 0 → 10 over 0.4 s: zero tangents at both ends, i.e. 10·smoothstep(t/0.4).",
    "three-linear.json": "Three linear keyframes 3 → 5 → −1 → 2 (durations 1, 0.5, 0.25): piecewise linear.",
    "eased-linear.json": "Linear keyframes with easeInOut, a bezier ease (0.25, 0.1, 0.25, 1), easeIn, easeOut, a "
                         "back-ease bezier with y outside [0, 1] (0.68, −0.55, 0.265, 1.55) and the identity curve.",
    "circular-curves.json": "Linear keyframes with circularEaseIn, circularEaseOut, circularEaseInOut, then a cubic "
                            "that starts with circularEaseInOut's end velocity (0).",
    "cubic-after-linear.json": "Cubics after linear keyframes take the linear's end velocity: 40 after a 0 → 10 linear "
                               "over 0.25 s; −10 after bezier (0.3, 0.6, 0.7, 0.8); 20 after easeIn (SwiftUI's "
                               "'both derivatives 0 → velocity 1' rule at the end of easeIn); Catmull-Rom between cubics.",
    "cubic-before-linear.json": "Cubics before linear keyframes end with the linear's start velocity: 40 before bezier "
                                "(0.3, 0.6, 0.7, 1), −10 before an identity linear, 10 before easeOut (velocity 1 "
                                "rule), 0 before easeInOut.",
    "explicit-velocities.json": "Cubics with explicit start/end velocities, including a mismatch (endVelocity 5 then "
                                "startVelocity −3: a C1 break of −8) and an explicit velocity at the track's end.",
    "catmull-rom-unequal.json": "Automatic cubic tangents with unequal durations (0.1, 0.4, 0.25, 0.75, 0.05): "
                                "velocity (to − P)/(dPrev + d) at each interior junction.",
    "spring-with-duration.json": "Spring keyframes with explicit durations: an underdamped duration/bounce spring, an "
                                 "overdamped response/dampingRatio one that inherits the previous end velocity, and "
                                 "a snappy preset with an explicit startVelocity.",
    "spring-default-duration.json": "Spring keyframes without a duration: underdamped (envelope bound, ε = 1e-4), the "
                                    "default critically damped Spring() (0.1 s scan) starting with the previous "
                                    "spring's end velocity, and an overdamped spring with startVelocity −20. Each ends "
                                    "within 1e-4 of — but not at — its target.",
    "spring-cut-short.json": "A spring 0 → 100 cut short after 0.15 s, then a linear keyframe from where it stopped, a "
                             "default spring cut after 0.1 s starting with the linear's velocity, and cubics after it.",
    "cubic-before-spring.json": "Cubic before a spring: end tangent ½(next.to − to) + ½(to − from) (not scaled by "
                                "durations); cubic after a spring takes its end velocity; a cubic before a spring with "
                                "an explicit startVelocity; a spring after a cubic with explicit endVelocity; "
                                "mass/stiffness/damping springs (one overdamped → clamped to critical).",
    "move-in-middle.json": "Moves in the middle and at the end: jumps; a cubic after a move starts at rest, a cubic "
                           "before a move ends at rest; the boundary time belongs to the earlier keyframe.",
    "leading-move.json": "A move as the first keyframe: at t = 0 the track is at the move's value (the move is the "
                         "keyframe that owns time 0); before 0 the initial value.",
    "struct-two-tracks.json": "Two tracks of a struct-like value {x, s}: cubics on x (1 s), an easeOut linear then a "
                              "bouncy spring on s (0.75 s).",
    "untracked-property.json": "{x, s, rotation} with tracks on s and x only: rotation keeps its initial value 45.",
    "same-property-last-wins.json": "Two tracks write x (the second is shorter): the last track wins at every time, "
                                    "including after it has ended.",
    "zero-duration.json": "Zero-duration linear, cubic and spring keyframes between ordinary ones.",
    "spec-example.json": "The example timeline of the Timeline JSON format (MotionKeyframes' *Timeline JSON* "
                         "article): linear, cubic, spring, then a move.",
    "spring-parameterizations.json": "Spring keyframes given by a preset with duration and extraBounce, by "
                                     "settlingDuration/dampingRatio(/epsilon) (SwiftUI's Spring(settlingDuration:dampingRatio:epsilon:)), "
                                     "and by "
                                     "mass/stiffness/damping with mass ≠ 1.",
}

# ---------------------------------------------------------------------------------------------
# Springs (§2.1)
# ---------------------------------------------------------------------------------------------
TWO_PI = 2 * mpmath.pi
PRESETS = {"smooth": 0.0, "snappy": 0.15, "bouncy": 0.3}


def damping_ratio_for_bounce(b):
    if b <= -1:
        raise ValueError("bounce ≤ −1")
    if b < 0:
        return 1 / (1 + b)
    if b <= 1:
        return 1 - b
    return mpf(0)


def spring_from_response(r, zeta):
    """(ω, λ) of SwiftUI's Spring(response: r, dampingRatio: ζ) (== duration/bounce form)."""
    scale = TWO_PI / r
    root = mpmath.sqrt(abs(1 - zeta * zeta))
    omega = -root * scale if zeta > 1 else root * scale
    return omega, scale * zeta


def parse_spring(obj):
    """(ω, λ) for a §6 spring object; None → Spring() = (duration 0.5, bounce 0)."""
    if obj is None:
        obj = {}
    if "preset" in obj:
        base = PRESETS[obj["preset"]]
        d = mpf(obj.get("duration", 0.5))
        b = mpf(base) + mpf(obj.get("extraBounce", 0.0))  # base bounce is the double literal
        return spring_from_response(d, damping_ratio_for_bounce(b))
    if "response" in obj:
        return spring_from_response(mpf(obj["response"]), mpf(obj["dampingRatio"]))
    if "stiffness" in obj or "damping" in obj or "mass" in obj:
        m = mpf(obj.get("mass", 1))
        k, c = mpf(obj["stiffness"]), mpf(obj["damping"])
        w0sq, lam = k / m, c / (2 * m)
        diff = w0sq - lam * lam
        if diff >= 0:
            return mpmath.sqrt(diff), lam
        if obj.get("allowOverDamping", False):
            return -mpmath.sqrt(-diff), lam
        return mpf(0), mpmath.sqrt(w0sq)  # SwiftUI's clamp: critical, λ = ω0
    if "settlingDuration" in obj:
        # Spring(settlingDuration:dampingRatio:epsilon:) of §2.1 (beyond the four forms §6 lists).
        zeta = min(max(mpf(obj["dampingRatio"]), mpf(2) ** -52), mpf(1))
        big_t = min(max(mpf(obj["settlingDuration"]), mpf(0.01)), mpf(10))
        eps = mpf(obj.get("epsilon", 0.001))

        def newton(w, iterations):
            for _ in range(iterations):
                if zeta < 1:
                    e = zeta / mpmath.sqrt(1 - zeta * zeta) * mpmath.exp(-zeta * big_t * w)
                    w -= (e - eps) / (-zeta * big_t * e)
                else:
                    e = mpmath.exp(-big_t * w)
                    w -= (e * (1 + big_t * w) - eps) / (-big_t * big_t * w * e)
            return w

        w0 = newton(5 / big_t, 12)
        if not (mpmath.isfinite(w0) and w0 > 0):
            w0 = newton(1 / big_t, 20)
        return spring_from_response(TWO_PI / w0, zeta)
    d = mpf(obj.get("duration", 0.5))
    b = mpf(obj.get("bounce", 0))
    return spring_from_response(d, damping_ratio_for_bounce(b))


def spring_state(spring, delta, v0, t):
    """(x(t), x'(t)) of the motion from 0 with velocity v0 towards Δ, by the matrix exponential."""
    omega, lam = spring
    w0sq = lam * lam + omega * abs(omega)
    if t == 0:
        return mpf(0), mpf(v0)
    a = mpmath.matrix([[0, 1], [-w0sq, -2 * lam]])
    e = mpmath.expm(a * t)
    y = e[0, 0] * (-delta) + e[0, 1] * v0
    v = e[1, 0] * (-delta) + e[1, 1] * v0
    return delta + y, v


def settling_duration(spring, delta, v0, eps):
    """SwiftUI's settlingDuration (§2.1), returned as the double a double implementation computes."""
    omega, lam = spring
    if lam == 0:
        return math.inf
    if omega > 0:
        bound = abs(delta * lam - v0) + abs(delta)
        return float(max(mpf(0), -mpmath.log(mpf(eps) / bound) / lam))
    t = 0.0
    first = None
    for _ in range(1024):
        x, _v = spring_state(spring, delta, v0, mpf(t))
        err = abs(x - delta)
        # the reference must not depend on rounding at the threshold
        assert abs(err - eps) > mpf(eps) * mpf("1e-9"), "scan sample too close to epsilon"
        if err < eps:
            if first is None:
                first = t
            elif t - first > 1:
                return first
        else:
            first = None
        t += 0.1
    return 0.0


# ---------------------------------------------------------------------------------------------
# Timing curves (§3)
# ---------------------------------------------------------------------------------------------
NAMED = {
    "linear": None,
    "easeIn": (0.42, 0, 1, 1),
    "easeOut": (0, 0, 0.58, 1),
    "easeInOut": (0.42, 0, 0.58, 1),
    "circularEaseIn": "cin",
    "circularEaseOut": "cout",
    "circularEaseInOut": "cinout",
}


def parse_curve(obj):
    if obj is None:
        return None
    if isinstance(obj, str):
        c = NAMED[obj]
        if isinstance(c, tuple):
            return ("bezier",) + tuple(mpf(v) for v in c)
        return c
    x1, y1, x2, y2 = (mpf(v) for v in obj["bezier"])
    return ("bezier", min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)


def bez(p1, p2, t):
    return 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3


def dbez(p1, p2, t):
    return 3 * (1 - t) ** 2 * p1 + 6 * (1 - t) * t * (p2 - p1) + 3 * t * t * (1 - p2)


def solve_bezier_t(x1, x2, x):
    if x <= 0:
        return mpf(0)
    if x >= 1:
        return mpf(1)
    lo, hi = mpf(0), mpf(1)
    for _ in range(20):  # narrow the bracket, then let findroot converge
        mid = (lo + hi) / 2
        if bez(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    t = mpmath.findroot(lambda s: bez(x1, x2, s) - x, (lo, hi), solver="illinois")
    assert abs(bez(x1, x2, t) - x) < mpf("1e-27"), "bezier solve did not converge"
    return t


def curve_value(curve, p):
    p = min(max(p, mpf(0)), mpf(1))
    if curve is None:
        return p
    if curve == "cin":
        return 1 - mpmath.sqrt(1 - p * p)
    if curve == "cout":
        return mpmath.sqrt(1 - (1 - p) ** 2)
    if curve == "cinout":
        if p < mpf(1) / 2:
            return (1 - mpmath.sqrt(1 - 4 * p * p)) / 2
        return (mpmath.sqrt(1 - (2 * p - 2) ** 2) + 1) / 2
    _, x1, y1, x2, y2 = curve
    return bez(y1, y2, solve_bezier_t(x1, x2, p))


def curve_velocity(curve, p):
    p = min(max(p, mpf(0)), mpf(1))
    if curve is None:
        return mpf(1)
    if curve == "cin":
        return p / mpmath.sqrt(1 - p * p) if p < 1 else mpmath.inf
    if curve == "cout":
        q = 1 - p
        return q / mpmath.sqrt(1 - q * q) if q < 1 else mpmath.inf
    if curve == "cinout":
        if p < mpf(1) / 2:
            return 4 * p / mpmath.sqrt(1 - 4 * p * p)  # d/dp of ½(1 − √(1 − 4p²))
        q = 2 - 2 * p
        return 2 * q / mpmath.sqrt(1 - q * q) if q < 1 else mpmath.inf
    _, x1, y1, x2, y2 = curve
    t = solve_bezier_t(x1, x2, p)
    dx, dy = dbez(x1, x2, t), dbez(y1, y2, t)
    if dx == 0 and dy == 0:
        # SPEC §3: where both vanish (an end's control point on the end), real SwiftUI prints
        # 1 at the start (easeOut at 0) and 0 at the end (easeIn at 1).
        return mpf(1) if t < mpf(1) / 2 else mpf(0)
    if dx == 0:
        return mpmath.inf if dy > 0 else -mpmath.inf
    return dy / dx


# ---------------------------------------------------------------------------------------------
# Keyframes (§4)
# ---------------------------------------------------------------------------------------------
class Segment:
    """One keyframe resolved: start (double), duration (double), from/to and its motion."""

    def __init__(self, kind, start, duration, frm, to):
        self.kind, self.start, self.duration, self.frm, self.to = kind, start, duration, frm, to
        self.curve = None  # linear
        self.v0 = self.v1 = None  # cubic velocities (value per second)
        self.spring = None  # spring (ω, λ)
        self.spring_v0 = None

    @property
    def end(self):
        return self.start + self.duration  # double sum, as the boundary is queried

    def value(self, local):
        d = mpf(self.duration)
        if self.duration == 0:
            return self.frm if self.kind == "spring" else self.to
        t = min(max(local, mpf(0)), d)
        if self.kind == "linear":
            return self.frm + (self.to - self.frm) * curve_value(self.curve, t / d)
        if self.kind == "cubic":
            u = t / d
            h00, h10 = 2 * u ** 3 - 3 * u ** 2 + 1, u ** 3 - 2 * u ** 2 + u
            h01, h11 = -2 * u ** 3 + 3 * u ** 2, u ** 3 - u ** 2
            return h00 * self.frm + h10 * self.v0 * d + h01 * self.to + h11 * self.v1 * d
        if self.kind == "spring":
            x, _ = spring_state(self.spring, self.to - self.frm, self.spring_v0, t)
            return self.frm + x
        raise AssertionError(self.kind)

    def velocity(self, local):
        if self.duration == 0 or self.kind == "move":
            return mpf(0)
        d = mpf(self.duration)
        t = min(max(local, mpf(0)), d)
        if self.kind == "linear":
            return (self.to - self.frm) / d * curve_velocity(self.curve, t / d)
        if self.kind == "cubic":
            u = t / d
            dp = ((6 * u * u - 6 * u) * self.frm + (3 * u * u - 4 * u + 1) * self.v0 * d
                  + (-6 * u * u + 6 * u) * self.to + (3 * u * u - 2 * u) * self.v1 * d)
            return dp / d
        _, v = spring_state(self.spring, self.to - self.frm, self.spring_v0, t)
        return v

    @property
    def end_value(self):
        return self.value(mpf(self.duration))

    @property
    def start_velocity(self):
        return self.velocity(mpf(0))

    @property
    def end_velocity(self):
        return self.velocity(mpf(self.duration))


def linear_start_velocity(k, frm):
    """The start velocity of linear keyframe k starting at frm."""
    d = k["duration"]
    if d == 0:
        return mpf(0)
    return (mpf(k["to"]) - frm) / mpf(d) * curve_velocity(parse_curve(k.get("curve")), mpf(0))


def resolve_track(keyframes, initial):
    segs = []
    start = 0.0
    frm = mpf(initial)
    for i, k in enumerate(keyframes):
        kind = k["type"]
        prev_k = keyframes[i - 1] if i > 0 else None
        prev = segs[-1] if segs else None
        nxt = keyframes[i + 1] if i + 1 < len(keyframes) else None
        to = mpf(k["to"])
        if kind == "move":
            s = Segment("move", start, 0.0, frm, to)
        elif kind == "linear":
            s = Segment("linear", start, float(k["duration"]), frm, to)
            s.curve = parse_curve(k.get("curve"))
        elif kind == "cubic":
            d = float(k["duration"])
            s = Segment("cubic", start, d, frm, to)
            # start velocity
            if "startVelocity" in k:
                v0 = mpf(k["startVelocity"])
            elif prev_k is None or prev_k["type"] == "move":
                v0 = mpf(0)
            elif prev_k["type"] == "cubic":
                if "endVelocity" in prev_k:
                    v0 = mpf(prev_k["endVelocity"])
                else:
                    span = mpf(prev.duration) + mpf(d)
                    v0 = (to - prev.frm) / span if span > 0 else mpf(0)
            else:  # linear or spring: its end velocity
                v0 = prev.end_velocity
            # end velocity
            if "endVelocity" in k:
                v1 = mpf(k["endVelocity"])
            elif nxt is None or nxt["type"] == "move":
                v1 = mpf(0)
            elif nxt["type"] == "cubic":
                if "startVelocity" in nxt:
                    v1 = mpf(nxt["startVelocity"])
                else:
                    span = mpf(nxt["duration"]) + mpf(d)
                    v1 = (mpf(nxt["to"]) - frm) / span if span > 0 else mpf(0)
            elif nxt["type"] == "spring":
                if "startVelocity" in nxt:
                    v1 = mpf(nxt["startVelocity"])
                else:
                    tangent = (mpf(nxt["to"]) - to) / 2 + (to - frm) / 2
                    v1 = tangent / mpf(d) if d > 0 else mpf(0)
            else:  # linear
                v1 = linear_start_velocity(nxt, to)
            s.v0, s.v1 = v0, v1
        elif kind == "spring":
            s = Segment("spring", start, 0.0, frm, to)
            s.spring = parse_spring(k.get("spring"))
            if "startVelocity" in k:
                s.spring_v0 = mpf(k["startVelocity"])
            elif prev is not None:
                s.spring_v0 = prev.end_velocity
            else:
                s.spring_v0 = mpf(0)
            if "duration" in k:
                s.duration = float(k["duration"])
            else:
                s.duration = settling_duration(s.spring, to - frm, s.spring_v0, 1e-4)
        else:
            raise ValueError(f"unknown keyframe type {kind}")
        segs.append(s)
        start = s.end
        frm = s.end_value
    return segs, start


def track_value(segs, initial, t):
    if t < 0 or t != t:
        return mpf(initial)
    for s in segs:
        if s.end >= t:  # a boundary belongs to the earlier keyframe
            return s.value(mpf(t) - mpf(s.start))
    return segs[-1].end_value if segs else mpf(initial)


def r(x):
    """A double for JSON; infinities as the strings "inf"/"-inf" (SPEC §7)."""
    f = float(x)
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def load_tracks(doc):
    initial = doc["initialValue"]
    if "keyframes" in doc:
        return initial, [(None, doc["keyframes"])]
    return initial, [(t.get("property"), t["keyframes"]) for t in doc["tracks"]]


def evaluate(initial, resolved, t):
    if isinstance(initial, dict):
        value = {name: mpf(v) for name, v in initial.items()}
        for prop, segs in resolved:
            value[prop] = track_value(segs, initial[prop], t)
        return {name: r(v) for name, v in value.items()}
    value = mpf(initial)
    for _prop, segs in resolved:
        value = track_value(segs, initial, t)
    return r(value)


def sample_times(resolved, duration):
    ends = sorted({0.0, duration} | {s.end for _p, segs in resolved for s in segs})
    times = {-1.0, -0.25, -1e-9, duration + 1e-9, duration + 0.5, duration + 10.0}
    for a, b in zip(ends, ends[1:]):
        times.add(a)
        times.add(b)
        for f in (0.05, 1 / 3, 0.5, 0.9, 0.999):
            times.add(a + (b - a) * f)
        times.add(a + 1e-7)
        times.add(b - 1e-7)
    times.update(ends)
    return sorted(t for t in times if t == t)


PROGRESS = [-0.5, 0.0, 0.1, 0.25, 1 / 3, 0.5, 0.6, 0.75, 0.9, 0.99, 1.0, 1.5]


def main():
    files = sorted(glob.glob(os.path.join(TIMELINES, "*.json")))
    entries = []
    npoints = 0
    for path in files:
        name = os.path.basename(path)
        with open(path) as f:
            doc = json.load(f)
        initial, tracks = load_tracks(doc)
        resolved = []
        track_info = []
        for prop, kfs in tracks:
            init = initial[prop] if isinstance(initial, dict) else initial
            segs, end = resolve_track(kfs, init)
            resolved.append((prop, segs))
            track_info.append({
                "property": prop,
                "duration": end,
                "endValue": r(segs[-1].end_value if segs else mpf(init)),
                "segments": [{
                    "kind": s.kind,
                    "startTime": s.start,
                    "duration": s.duration,
                    "from": r(s.frm),
                    "to": r(s.to),
                    "endValue": r(s.end_value),
                    "startVelocity": r(s.start_velocity),
                    "endVelocity": r(s.end_velocity),
                } for s in segs],
            })
        duration = max([ti["duration"] for ti in track_info], default=0.0)
        times = sample_times(resolved, duration)
        samples = [{"time": t, "value": evaluate(initial, resolved, t)} for t in times]
        progress = []
        for p in PROGRESS:
            t = p * duration  # value(progress:) = value(time: progress·duration), in doubles
            progress.append({"progress": p, "time": t, "value": evaluate(initial, resolved, t)})
        npoints += len(samples) + len(progress)
        entries.append({
            "file": name,
            "description": DESCRIPTIONS.get(name, ""),
            "properties": list(initial.keys()) if isinstance(initial, dict) else None,
            "duration": duration,
            "tracks": track_info,
            "samples": samples,
            "progressSamples": progress,
        })
    out = {
        "source": "scripts/reference/keyframes_reference.py — independent of the Swift code; SwiftUI's keyframe rules "
                  "as MotionKeyframes' *Keyframe hand-over rules* and *Timeline JSON* articles state them; "
                  "mpmath at 30 digits (springs by matrix exponential, bezier by findroot).",
        "tolerance": "compare with |actual − expected| ≤ 1e-12 · max(1, largest |value| of the timeline)",
        "timelines": entries,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, allow_nan=False)
        f.write("\n")
    print(f"{len(entries)} timelines, {npoints} points → {os.path.relpath(OUT, ROOT)} "
          f"({os.path.getsize(OUT) // 1024} KB)")


if __name__ == "__main__":
    main()
