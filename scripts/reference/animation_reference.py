#!/usr/bin/env python3
"""Independent reference implementation of SwiftUI's animation engine for MotionLab.

Written from SPEC.md §2, §3, §9 and ../shared/reference/swiftui-animation-engine.md (called "the
reference" below), not from the Swift code of this repository.  Where the reference cites OpenSwiftUI
("OSUI", OpenSwiftUIProject/OpenSwiftUI@069dd80) its files were read to settle evaluation order; where
OSUI and the reference differ, the reference (or its recommendation) is followed and the choice is listed.  Plain Python 3.11; mpmath is used only
by the self-checks (--check); numpy is not needed.

What it models
--------------
* Values are vectors: a float, or a dict of named floats (component-wise arithmetic, components kept in
  the key order of the scenario's initialValue).  magnitudeSquared = a² + b² + … summed left to right in
  that key order (it only feeds the fluid spring's finish test).
* Built-in animations, exactly as the reference gives them:
  - BezierAnimation (timingCurve / linear / easeIn / easeOut / easeInOut, default 0.35 s):
    D·curve(clamp(τ/d, 0, 1)), nil once !(d > 0 && d ≥ τ).  The UnitCurve solve is this file's own
    bracketed Newton/bisection (x of the control points clamped to [0, 1], y not, SPEC §3); a curve
    whose control points lie on the diagonal (x1 = y1, x2 = y2, e.g. linear) has y(t) = x(t) for every
    t, so its value is the progress itself.
  - FluidSpringAnimation: velocity-Verlet at 1/300 s in the reference's exact evaluation order,
    stiffness (2π/r)² capped at 45000, catch-up rule, logical completion at τ − t0 ≥ r, finish test
    max(|v|², |F|²) ≤ 0.0036 with the 1 % remainder rule, shouldMerge carrying offset/velocity/force,
    response blended by smoothstep over blendDuration.
  - SpringAnimation (interpolatingSpring, both forms): analytic unit response, overdamped evaluated as
    critical at ω0, logical completion at τ ≥ 2π/√k, removal at τ ≥ duration(ε = 0.001).
  - Animation.default: a DefaultAnimation box around a fluid spring (0.55, 1.0) ('ios17', default),
    (0.5, 0.825) ('legacy') or easeInOut(0.35) ('pre17'); it forwards animate/velocity/shouldMerge.
* Modifiers delay, speed, repeatCount(n, autoreverses), repeatForever(autoreverses),
  logicallyComplete(after:) with the reference's time mappings, state resets and merge rules.
* The animator (AnimatorState) on a frame clock t_k = k/fps, merge vs combine (DefaultCombiningAnimation),
  the hold frame, jumps without animation, snap to the model on removal, completion events per
  transaction (logicallyComplete, forked on interruption; removed).
* PhaseAnimator, looping and triggered (SPEC §9), with phase events.

Frame loop (one iteration per frame k, t_k = k / fps, all in binary64)
-------------------------------------------------------------------
1. Scenario transactions whose frame is k are applied in scenario order (a transaction's frame is the
   k with |k/fps − time| ≤ 1e-9, else the next frame).  The model value M changes by Δ; with an
   animation, the animator is created (beginFrame = k, interval I = Δ) or the new animation is combined
   into it at e = (k − beginFrame) / fps (forking the pending logical listeners, then shouldMerge → merge, else
   the DefaultCombiningAnimation chain), I += Δ, nextFrame = k.  Without an animation (or when the value
   does not change) nothing is created or combined: a running animator keeps its I, so the jump shows at
   once and the in-flight remainder stays on top.
2. The animator is updated: if !(k > nextFrame) the presented value is held, M + P − I; otherwise
   e = (k − beginFrame) / fps, a = animation.animate(I, e, context); nil → the animator is removed and the value
   snaps to M; else the logical listeners fire if the context became logically complete, the forks are
   evaluated, P = a, nextFrame = k.
3. Completions of transactions that created no animator fire (see "finalize" below).
4. PhaseAnimator: a phase transaction whose logical completion fired on this frame starts the next
   phase on the same frame (after the update, so the frame shows what was sampled and the new animation
   is first sampled on the next frame).
5. The sample is recorded: value = (M + P) − I while an animator exists, else M.

Output of one scenario (the JSON of `motionlab animate`)
-------------------------------------------------------
{"fps", "samples": [{"time", "value", "velocity"}], "events": [{"time", "kind", "transaction"}],
 "duration"}.  Phase events also carry "phase" (the index of the phase started); a phase animator's output
also has "phaseChanges": [{"time", "phase", "transaction", "velocityJump"}] (see "Velocity" below).  "duration" is the time
of the last `removed` event (0 when there is none), or "inf" when the run never ends (repeatForever as the
governing animation with no transaction left, a looping phase animator, or nothing settling within
SETTLE_HORIZON seconds after the last transaction / the window).  For a finite run the simulation goes on
past the sampling window until everything is removed, and every event is listed; for an infinite run the
events up to the end of the window are listed.

Scenario input: animations, expressions, ranges, errors
------------------------------------------------------
An animation is null (a jump), a name (default, linear, easeIn, easeOut, easeInOut, spring,
interactiveSpring, smooth, snappy, bouncy, interpolatingSpring), a JSON object (type, its parameters, and
the modifier keys, applied in the fixed order .delay(d).speed(s).repeatCount(n, autoreverses: a)
.logicallyComplete(after: t)), or a SwiftUI expression: a string that starts, after optional whitespace,
with "." or "Animation" (any other string is a name).  Expression grammar, with whitespace (space, tab,
newline, carriage return) allowed between any two tokens:

    expression := ["Animation"] "." base { "." modifier } END
    base       := NAME [ "(" arguments ")" ]
    modifier   := NAME "(" arguments ")"
    arguments  := [ argument { "," argument } ]                     (no trailing comma)
    argument   := [ LABEL ":" ] value
    number     := ["-"] digits ["." digits] [("e"|"E") ["+"|"-"] digits]   (no "+", no ".5", no "1.")
    integer    := digits                                            (repeatCount's count: "2.0" is an error)
    bool       := "true" | "false"

A base without parentheses is the name (`default` only so; `timingCurve` never).  With parentheses,
SwiftUI's signatures; labels in signature order, each at most once, optional ones may be omitted:

    timingCurve(x1, y1, x2, y2, duration: 0.35)               four unlabeled numbers
    linear | easeIn | easeOut | easeInOut(duration:)          duration required
    spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)
    spring(duration: 0.5, bounce: 0, blendDuration: 0)
    interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
    interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)     bounce 0.15 + extraBounce
    smooth | snappy | bouncy(duration: 0.5, extraBounce: 0)   bounce 0 | 0.15 | 0.3 + extraBounce
    interpolatingSpring(mass: 1, stiffness:, damping:, initialVelocity: 0)     stiffness, damping required
    interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 0)

A two-form base takes the form of its first label that belongs to one form only; with none (`spring()`,
`spring(blendDuration: 1)`) the response form for spring and interactiveSpring, and the duration form for
interpolatingSpring (`interpolatingSpring()`, `interpolatingSpring(initialVelocity: 2)`: the only form whose
parameters all have defaults, as Swift's overload resolution picks it).  A label of the other form is an
error.  Modifiers, applied left to right as written (any number, in any order): delay(_:), speed(_:),
repeatCount(_:autoreverses: true), repeatForever(autoreverses: true), logicallyComplete(after:).  So
".easeOut(duration: 0.3).speed(2).delay(0.1)" delays the sped-up ease by 0.1 s (base time
2·max(0, t − 0.1)), while the object {delay: 0.1, speed: 2} speeds up the delayed ease (max(0, 2t − 0.1)).
`.default` follows --default-animation, as the name does.  JSON objects keep their forms: timingCurve's
four numbers are `controlPoints`, the bezier presets' duration defaults to 0.35, interactiveSpring's
duration form takes extraBounce.

Ranges, the same for objects and expressions (anything else is an error): every number finite;
transaction times and triggers in [0, 3600] s and non-decreasing; bezier duration ≥ 0 (timingCurve and
the presets); spring, interactiveSpring, smooth, snappy, bouncy and interpolatingSpring duration > 0,
response > 0; dampingFraction ≥ 0; the resulting bounce (bounce, or the base + extraBounce, computed in
binary64 as it is used) in (−1, 1]; blendDuration ≥ 0; mass > 0, stiffness > 0, damping ≥ 0;
initialVelocity and the control points any finite number; delay ≥ 0; speed > 0; repeatCount an integer
≥ 1 (in JSON an integral number, 2 or 2.0; in an expression digits only; no upper bound);
logicallyCompleteAfter ≥ 0.  A value (transaction value, phase) is a number when initialValue is one, else
an object with exactly initialValue's keys; an object initialValue needs at least one key.

Errors: ScenarioError(path, detail, column) for the first problem found, reading the document in order
(for an object: unknown keys first, then its parameters in signature order, then the modifiers).
  path    object keys joined by ".", list indices as [i], no leading "$.", "" for the document, e.g.
          transactions[1].animation.duration.  A missing key's path is that key's
          (transactions[0].time); an unknown key's is that key's; a bad, missing or extra component of a
          value is that component's (transactions[0].value.scale); a bad control point is
          controlPoints[i] (a list of the wrong length: controlPoints).  "Give exactly one of
          transactions and phaseAnimator" (both or neither) is the document's, "".  An object with keys
          of both forms of a two-form base is at the first key, in signature order, of the duration
          form (spring: duration/bounce; interpolatingSpring: duration/bounce) whatever the key order;
          repeatCount with repeatForever: true is at repeatForever; autoreverses without either at
          autoreverses.  An expression's errors are at the string's path.
  column  null, or for an error inside an expression the 1-based position, in characters (code points),
          in the string (leading whitespace counted) of the first character of: the unknown base or
          modifier name; the bad, unknown, out-of-order, duplicate or other-form label; the number out of
          range, non-finite or of the wrong kind, or the token found where a number or bool was expected;
          the token found where an expected one is missing (length + 1 at the end of the string), e.g. a
          value without its label (".linear(0.3)": the 0.3), an unexpected character, "(" after default.
          A missing required argument is at that call's ")" (it is found there, so an earlier error in
          the same call wins: ".timingCurve(0.1, 0.2, 0.3, duration: -1)" reports the duration).  The
          string is read left to right and tokens are made on demand, so the error reported is the first
          in reading order.  A string that is not an expression ("spring(response: 0.4)") is an unknown
          name, column null.
str(error) is "PATH (column C): DETAIL" ("(document)" for the empty path).  data/reference/
animation_errors.json: {"generator", "conventions", "cases": [{"name", "scenario", "path", "column",
"message"}]}: each case's scenario is run through load_scenario (ios17), which must raise at the path and
column the case intends (the generator asserts both), and message is str(error) — this file's wording;
only path and column are meant to be compared.

Velocity: what is emitted
-------------------------
"velocity" is analytic: after the frame's update, the derivative with respect to the frame time of what
the animator's animation covers at e = elapsed(k), a(e), read from the state as the frame left it (no
finite difference is ever used).  Each animation's `motion(value, vrate, time, trate, ctx)` gives a and
da/dt, where vrate is how fast the value it covers moves and trate how fast its own time runs:
  - Bezier: value·f(τ/d) → vrate·f + value·f'(τ/d)·trate/d, f' the curve's slope dy/dx at the progress
    (at an end where both dx/dt and dy/dt vanish, their limit by L'Hôpital: 1/0.58 for easeOut at 0);
  - interpolatingSpring: value·s(τ) → vrate·s + value·s'(τ)·trate, s' the closed form's derivative;
  - FluidSpringAnimation: the offset does not depend on the value at the instant, so its rate is the stored
    v of the last integrated 1/300 s step (the engine's own velocity) times trate; a new animator's hold
    frame has v = 0, a merge's the carried velocity;
  - delay: trate·(1 if τ ≥ δ else 0) (at τ = δ, the motion it starts); speed: trate·s; repeat: the cycle the
    frame's update left, a reversed cycle value − a → vrate − da/dt; logicallyComplete: unchanged;
  - DefaultCombiningAnimation: entry i covers target_i − result_(i−1), so its vrate is −(the rate of the
    result below) and the result's rate is that rate plus the entry's; a finished entry pins the result to
    its target (rate 0).
The velocity is null on frames without an animator.  A phase animator's phase changes (phaseChanges in the
output) carry the velocity jump at each phase's transaction: the analytic velocity just after it minus just
before it, at the frame time (0 on a side where no animator runs).

Choices between readings of the reference (each marked so by the reference or left open by it)
----------------------------------------------------------------------------------------------
1. Time base: SPEC §9 / reference §1.6 "For MotionLab": e is the time since the transaction that
   created the animator, counted on the frame clock as whole frames over fps: e = (k − k_begin) / fps,
   so that an animation lasts the same frames and shows the same values wherever it starts (t_k − t_begin
   in binary64 does not: .linear(duration: 0.1) started at t = 0 ended a frame later than started at
   t = 1).  The same holds for each animation within an animator: a combined entry's own time is
   (k − k_join) / fps (whole frames since it joined), and a fluid spring (bare or .default) that merges
   restarts the animator's clock on the merge frame, its state's times (which shouldMerge set to the merge
   time) moving with it to 0 (so does one under a repeat: the repeat hands the spring the clock less
   its cycle's start, which moves with the spring's times, and the spring reads only their
   differences); a fork keeps the clock it was taken on.  So a looping phase animator's cycles
   all last the same frames.  This departs from SwiftUI's own binary64 differences, deliberately (a merge
   at 12/60 s with r = 0.5 completes 30 frames later, where SwiftUI's 42/60 − 12/60 < 0.5 gives 31).  Other
   modified animations that merge keep the animator's clock.  (The Swift engine recognises the spring by
   the state it leaves, a SpringState starting at the merge time, which is the same set here.)  The device start-up phases (pending/first/second, 1/60 clamp) are not modelled.
   The legacy "replace while pending" path of combine (pre-iOS 15 semantics) is not modelled.
2. Fluid spring blend progress: clamp((τ − tb)/B, 0, 1) (DEC/KR; the reference says "use this"), not
   OSUI's unclamped (τ − tb)/clamp(B, 0, 1).
3. Fluid spring with r ≤ 0: stiffness +∞ → capped at 45000 (DEC/KR and SPEC's "capped at 45000"), not
   OSUI's 1.0.
4. shouldMerge when previous.animate(I_old, e) returns nil: offset = I_old (the reference's pseudo-code,
   KR), not OSUI's "keep the stored offset" (which restarts a spring from 0 after a finished Bezier).
5. interpolatingSpring removal time (reference §3.4, UNVERIFIED, sources disagree): underdamped
   duration = max(−ln(ε'/(|A| + |B|)) / (ζ·ω0), 1.0) with ε' = max(1e-6, 0.001): KR's physical decay rate
   ζ·ω0 with the max(·, 1.0) that OSUI shows and that the reference's own figures use (1.0 s for k 170,
   c 15; 1.47 s for k 100, c 10).  OSUI's ζ/ω0 (168.6 s, 147.3 s) reads as a slip.  ζ ≥ 1: OSUI's 0.1 s
   scan (1024 samples, t += 0.1 accumulated, minTime starting at −1, 0 on a non-finite sample) as written.
   Only the removal frame (and `removed`, and the snap) depends on this; sampled values do not.
6. Animation.default: ios17 = fluid spring (0.55, 1.0) per Apple's doc (the reference's recommendation);
   legacy = (0.5, 0.825) (OSUI); pre17 = easeInOut(0.35).  All three are a DefaultAnimation box, so a
   merge after `.default` carries velocity but never blends (previous is not a bare FluidSpring).
7. shouldMerge of a modified animation (reference §5, UNVERIFIED): the "intended" reading — it merges
   only when the previous animation is the same modifier (equal parameters) over a base of the same
   type, and then asks the base with the modifier's time mapping (delay: max(0, e − δ); speed: e·s;
   repeat, logicallyComplete: e).  OSUI's literal code (merge with a previous *bare* base, combine with
   an equal modified one) passes its own modifier as "previous", which reads as a porting slip.  The
   table avoids scenarios where the two readings differ.
8. Forks: at a combine, the pending logical listeners *move* into the fork (the reference: "move into a
   Fork"; Apple's doc: they fire "ignoring the new animations").  OSUI's forkListeners does not clear
   the animator's list, which would fire them at the earlier of the two completions.  A fork is evaluated
   from its snapshot on every sampled frame (its state is never written back, as in OSUI), so a forked
   repeatCount(n ≥ 2) only completes at removal.
9. Forks at removal: when the animator is removed before a fork fired, the fork's listeners fire at the
   removal frame (Apple: the callback "will always be fired exactly one time"; a removed animation
   "reports logical completion immediately").  OSUI drops the fork, so its listener would never fire.
10. Transactions that add no animator (animation null, or the value unchanged): both completions fire
   through finalizeTransaction, 0.01 s after the transaction (reference §6.1): on the first frame
   t_k ≥ t_T + 0.01 − 1e-9 (the next frame at 60 fps, the second next at 120 fps).
11. PhaseAnimator (reference §8, RE-claimed/UNVERIFIED): the animation of the *target* phase; each phase
   change is a transaction with completion criteria .logicallyComplete and the next phase starts on the
   frame where that completion fires (after that frame's update).  The first transition (looping) is a
   transaction at t = 0; the value starts at phases[0] (initialValue only gives the shape).  A phase
   equal to the current value ("skipped") is a transaction that changes nothing: it completes through
   rule 10 one or two frames later, and still gets its phase event.  A nil animation jumps and also
   completes through rule 10.  Looping: 1, 2, …, last, 0, 1, … forever.  Triggered: each trigger starts
   the cycle 1 → … → last → 0, which stops after phase 0 completes; a trigger arriving during a cycle
   restarts it at phase 1 (the pending advance is dropped; UNVERIFIED, not in the table).
12. Completion listeners: every transaction is reported with both criteria (one logicallyComplete and
   one removed event each), as if it had registered one listener of each kind.
13. Bezier curves follow SPEC §3 (y of the control points not clamped); OSUI's UnitCurve also clamps y.
14. Arithmetic order where the reference gives a formula but not an order: presented = (M + a) − I (the
   order of AnimatorState.update; SPEC writes M − (I − a)), so the held frame equals the frame before it
   only up to rounding; magnitudeSquared sums the components left to right in initialValue's key order.
15. Within one frame: scenario transactions and triggers are applied before the animator update, phase
   transactions started by a completion after it; events are listed by (time, transaction, kind) with
   kind ordered phase < logicallyComplete < removed (a canonical order; SwiftUI's own firing order within
   a frame is not observable in this output).
16. Scenario input where the rules above leave room (see "Scenario input"): interpolatingSpring with no
   deciding label is the duration form; a JSON repeatCount may be written 2.0; expression whitespace also
   includes a carriage return; columns count code points (the same as characters for the ASCII that an
   expression can contain before its first error); repeatCount has no upper bound (SwiftUI's Int would);
   a JSON object with both spring forms is reported at the duration form's key.

Usage
-----
From the repository root::

    python3 scripts/reference/animation_reference.py            # writes data/reference/animations.json
                                                                # and data/reference/animation_errors.json
                                                                # (--out PATH, --errors-out PATH elsewhere)
    python3 scripts/reference/animation_reference.py --check    # independent self-checks (also: every
                                                                # error case raises where intended, and
                                                                # animation_errors.json is current)
    python3 scripts/reference/animation_reference.py SCENARIO.json [--fps F] (--from A --to B | --times LIST)
                                                     [--default-animation ios17|legacy|pre17]

Deterministic; the tables and the checks take about a second each.

The table: the scenarios of SPEC §9 and the reference, then SwiftUI expression strings (expr-*), then the
scenarios of data/scenarios read from their files when the table is written (emoji-bounce, its looping
and 120 fps variants, interrupted-spring, combined-eases, phase-loop, phase-ease-out; spec-example, an entry since the
first table, is also read from its file), so the table follows those files; their windows run until the
last removal (rounded up to 0.05 s) or 3 s for a loop (emoji-bounce: 0–4 s).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "data", "reference", "animations.json")
ERRORS_OUT = os.path.join(ROOT, "data", "reference", "animation_errors.json")
SCENARIO_DIR = os.path.join(ROOT, "data", "scenarios")
GENERATOR = "scripts/reference/animation_reference.py"

TAU = 2.0 * math.pi            # Double.tau
FLUID_STEP = 1.0 / 300.0       # 0x3F6B4E81B4E81B4F
FLUID_HALF_STEP = 1.0 / 600.0  # 0x3F5B4E81B4E81B4F
FLUID_MAX_STIFFNESS = 45000.0
FLUID_REST = 0.0036            # max(|v|², |F|²) threshold
FRAME_TOLERANCE = 1e-9         # a time within 1e-9 s of a frame is that frame
FINALIZE_DELAY = 0.01          # finalizeTransaction: DispatchTime.now() + 0.01
SETTLE_HORIZON = 600.0         # seconds after the last transaction / window end before "inf"
DEFAULT_MODES = ("ios17", "legacy", "pre17")
EVENT_ORDER = {"phase": 0, "logicallyComplete": 1, "removed": 2}   # canonical order within a frame


class ScenarioError(ValueError):
    """A scenario is malformed.

    path: where, as `transactions[1].animation.duration` (object keys joined by '.', list indices as [i],
    no leading '$.'; '' for the document itself).  column: None, or for an error inside a SwiftUI
    expression string the 1-based position (in characters, i.e. code points) of the offending token in
    that string.  detail: what is wrong.  str(error) = "PATH[ (column C)]: DETAIL", "(document)" for ''.
    """

    def __init__(self, path, detail, column=None):
        self.path, self.detail, self.column = path, detail, column
        where = path if path else "(document)"
        if column is not None:
            where += f" (column {column})"
        super().__init__(f"{where}: {detail}")


class UsageError(ValueError):
    """A bad command-line option (not part of the scenario)."""


class ReferenceCheckError(AssertionError):
    """A self-check failed."""


# ---------------------------------------------------------------------------------------------
# Vectors (VectorArithmetic): a float or named floats, component-wise
# ---------------------------------------------------------------------------------------------
class Vec:
    """An immutable vector: keys None for a scalar, else a tuple of names; c the components."""

    __slots__ = ("keys", "c")

    def __init__(self, keys, c):
        self.keys = keys
        self.c = tuple(c)

    def zero(self):
        return Vec(self.keys, (0.0,) * len(self.c))

    def __add__(self, o):
        return Vec(self.keys, [a + b for a, b in zip(self.c, o.c)])

    def __sub__(self, o):
        return Vec(self.keys, [a - b for a, b in zip(self.c, o.c)])

    def scaled(self, s):
        return Vec(self.keys, [a * s for a in self.c])

    def mag2(self):
        total = self.c[0] * self.c[0]
        for a in self.c[1:]:
            total = total + a * a
        return total

    def __eq__(self, o):
        return isinstance(o, Vec) and self.keys == o.keys and self.c == o.c

    def __hash__(self):
        return hash((self.keys, self.c))

    def __deepcopy__(self, memo):
        return self

    def to_json(self):
        if self.keys is None:
            return jnum(self.c[0])
        return {k: jnum(x) for k, x in zip(self.keys, self.c)}

    def __repr__(self):
        return f"Vec({self.to_json()!r})"


def jnum(x):
    if x is None:
        return None
    if math.isnan(x):
        raise ReferenceCheckError("NaN in output")
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


# ---------------------------------------------------------------------------------------------
# UnitCurve bezier (SPEC §3): own solver, full double precision
# ---------------------------------------------------------------------------------------------
class Bezier:
    def __init__(self, x1, y1, x2, y2):
        self.x1 = min(max(x1, 0.0), 1.0)
        self.x2 = min(max(x2, 0.0), 1.0)
        self.y1, self.y2 = y1, y2
        self.identity = (self.x1 == y1 and self.x2 == y2)
        self.cx = 3.0 * self.x1
        self.bx = 3.0 * (self.x2 - self.x1) - self.cx
        self.ax = 1.0 - self.cx - self.bx
        self.cy = 3.0 * y1
        self.by = 3.0 * (y2 - y1) - self.cy
        self.ay = 1.0 - self.cy - self.by

    def x(self, t):
        return ((self.ax * t + self.bx) * t + self.cx) * t

    def dx(self, t):
        return (3.0 * self.ax * t + 2.0 * self.bx) * t + self.cx

    def y(self, t):
        return ((self.ay * t + self.by) * t + self.cy) * t

    def solve(self, p):
        """t in [0, 1] with x(t) = p (x is monotone for x1, x2 in [0, 1]): bracketed Newton with
        bisection fallback until the bracket cannot shrink; returns the candidate with least |x − p|."""
        if p <= 0.0:
            return 0.0
        if p >= 1.0:
            return 1.0
        lo, hi = 0.0, 1.0
        t = p
        best, best_err = t, math.inf
        for _ in range(2000):
            f = self.x(t) - p
            err = abs(f)
            if err < best_err:
                best, best_err = t, err
            if f == 0.0:
                return t
            if f < 0.0:
                lo = t
            else:
                hi = t
            d = self.dx(t)
            nt = t - f / d if d != 0.0 else math.nan
            if not (lo < nt < hi):
                nt = lo + (hi - lo) * 0.5
                if nt <= lo or nt >= hi:
                    break
            if nt == t:
                break
            t = nt
        for cand in (lo, hi):
            err = abs(self.x(cand) - p)
            if err < best_err:
                best, best_err = cand, err
        return best

    def dy(self, t):
        return (3.0 * self.ay * t + 2.0 * self.by) * t + self.cy

    def slope(self, p):
        """d(output)/d(progress) at p (clamped to [0, 1]): dy/dt over dx/dt at the solved t.  Where
        both first derivatives vanish (an end whose control point coincides with it, e.g. easeOut at
        0: dx/dt = 3·x1 = 0, dy/dt = 3·y1 = 0) the true slope is the limit of the ratio, which by
        L'Hôpital is the ratio of the first pair of higher derivatives that do not both vanish
        (x″ = 6·ax·t + 2·bx, x‴ = 6·ax): 1/0.58 for easeOut at 0."""
        p = min(max(p, 0.0), 1.0)
        if self.identity:
            return 1.0
        t = 0.0 if p == 0.0 else 1.0 if p == 1.0 else self.solve(p)
        # In Bernstein form, so that a derivative that vanishes at an end is exactly 0 there:
        # x' = 3(1−t)²·x1 + 6(1−t)t·(x2 − x1) + 3t²·(1 − x2), x″ = 6(1−t)·(x2 − 2·x1) + 6t·(1 − 2·x2 + x1),
        # x‴ = 6·(1 − 3·x2 + 3·x1); the same for y.
        x1, y1, x2, y2 = self.x1, self.y1, self.x2, self.y2
        u = 1.0 - t

        def d1(a, b):
            return 3.0 * u * u * a + 6.0 * u * t * (b - a) + 3.0 * t * t * (1.0 - b)

        def d2(a, b):
            return 6.0 * u * (b - 2.0 * a) + 6.0 * t * (1.0 - 2.0 * b + a)

        def d3(a, b):
            return 6.0 * (1.0 - 3.0 * b + 3.0 * a)

        pairs = ((d1(x1, x2), d1(y1, y2)), (d2(x1, x2), d2(y1, y2)), (d3(x1, x2), d3(y1, y2)))
        for dx, dy in pairs:
            if dx != 0.0:
                return dy / dx
            if dy != 0.0:
                return math.copysign(math.inf, dy)
        return 0.0

    def value(self, p):
        p = min(max(p, 0.0), 1.0)
        if self.identity:
            return p
        if p == 0.0:
            return 0.0
        if p == 1.0:
            return 1.0
        return self.y(self.solve(p))


# ---------------------------------------------------------------------------------------------
# AnimationContext / AnimationState
# ---------------------------------------------------------------------------------------------
class Ctx:
    """AnimationContext: `state` is a dict keyed by state-key names (an AnimationState; copied with
    copy.deepcopy wherever Swift copies the value type), `logical` is isLogicallyComplete."""

    __slots__ = ("state", "logical")

    def __init__(self, state, logical=False):
        self.state = state
        self.logical = logical


class SpringState:
    """FluidSpringAnimation's SpringState (treated as immutable; replaced, never mutated)."""

    __slots__ = ("offset", "velocity", "force", "time", "start", "blend_start", "blend_interval")

    def __init__(self, offset, velocity, force, time=0.0, start=0.0, blend_start=0.0, blend_interval=0.0):
        self.offset, self.velocity, self.force = offset, velocity, force
        self.time, self.start = time, start
        self.blend_start, self.blend_interval = blend_start, blend_interval

    @staticmethod
    def default(like):
        z = like.zero()
        return SpringState(z, z, z)

    def replace(self, **kw):
        s = SpringState(self.offset, self.velocity, self.force, self.time, self.start,
                        self.blend_start, self.blend_interval)
        for k, v in kw.items():
            setattr(s, k, v)
        return s

    def __deepcopy__(self, memo):
        return self


# ---------------------------------------------------------------------------------------------
# Animations (CustomAnimation): animate / velocity / should_merge
# ---------------------------------------------------------------------------------------------
class Animation:
    def animate(self, value, time, ctx):
        raise NotImplementedError

    def velocity(self, value, time, ctx):
        return None

    def motion(self, value, vrate, time, trate, ctx):
        """(what animate returned at `time`, its derivative with respect to the frame time), read
        from the state the frame's update left (ctx), or None once finished.  vrate: d(value)/dt
        (None: unknown); trate: d(time)/d(frame time).  The derivative is None where unknown."""
        return None

    def should_merge(self, previous, value, time, ctx):
        return False

    def type_sig(self):
        return type(self).__name__


class BezierAnimation(Animation):
    def __init__(self, x1, y1, x2, y2, duration):
        self.points = (x1, y1, x2, y2)
        self.curve = Bezier(x1, y1, x2, y2)
        self.duration = duration

    def fraction(self, elapsed):
        if not (self.duration > 0 and self.duration >= elapsed):
            return None
        return self.curve.value(min(max(elapsed / self.duration, 0.0), 1.0))

    def animate(self, value, time, ctx):
        f = self.fraction(time)
        return None if f is None else value.scaled(f)

    def motion(self, value, vrate, time, trate, ctx):
        # value·f(τ/d): d/dt = vrate·f + value·f'(τ/d)·trate/d.
        f = self.fraction(time)
        if f is None:
            return None
        df = self.curve.slope(min(max(time / self.duration, 0.0), 1.0)) / self.duration * trate
        return value.scaled(f), (None if vrate is None else vrate.scaled(f) + value.scaled(df))

    def __eq__(self, o):
        return type(o) is type(self) and (self.points, self.duration) == (o.points, o.duration)

    def __hash__(self):
        return hash((self.points, self.duration))


class FluidSpringAnimation(Animation):
    def __init__(self, response, damping_fraction, blend_duration):
        self.response = response
        self.damping_fraction = damping_fraction
        self.blend_duration = blend_duration

    def key(self):
        return (self.response, self.damping_fraction, self.blend_duration)

    def __eq__(self, o):
        return type(o) is type(self) and self.key() == o.key()

    def __hash__(self):
        return hash(self.key())

    def animate(self, value, time, ctx):
        s = ctx.state.get("spring") or SpringState.default(value)
        r0 = self.response
        r = r0
        if self.blend_duration > 0 and s.blend_interval != 0:
            p = (time - s.blend_start) / self.blend_duration
            p = min(max(p, 0.0), 1.0)
            r = s.blend_interval * (1.0 - p * p * (3.0 - p * 2.0)) + r0
        if r > 0:
            w = TAU / r
            k = w * w
        else:
            k = math.inf
        if k > FLUID_MAX_STIFFNESS:
            k = FLUID_MAX_STIFFNESS
        if r <= time - s.start:
            ctx.logical = True
        ts = s.time
        if time - ts > 1.0:
            ts = time - 1.0 / 60.0
        x, v, force = list(s.offset.c), list(s.velocity.c), list(s.force.c)
        if ts < time:
            c = math.sqrt(k) * -2.0 * self.damping_fraction
            target = value.c
            t = ts
            n = len(x)
            while True:
                for i in range(n):
                    h = force[i] * FLUID_HALF_STEP + v[i]
                    x[i] = x[i] + h * FLUID_STEP
                    force[i] = h * c + (target[i] - x[i]) * k
                    v[i] = h + force[i] * FLUID_HALF_STEP
                t = t + FLUID_STEP
                if not (t < time):
                    break
            ts = t
        keys = value.keys
        xs, vs, fs = Vec(keys, x), Vec(keys, v), Vec(keys, force)
        ctx.state["spring"] = s.replace(offset=xs, velocity=vs, force=fs, time=ts)
        if max(vs.mag2(), fs.mag2()) <= FLUID_REST:
            tol = value.scaled(0.01).mag2()
            rem = (value - xs).mag2()
            if not (tol > 0 and tol < rem):
                return None
        return xs

    def velocity(self, value, time, ctx):
        s = ctx.state.get("spring")
        return s.velocity if s is not None else value.zero()

    def motion(self, value, vrate, time, trate, ctx):
        # The offset is the integrator's position: it does not move when the value does, and its
        # derivative is the integrator's velocity.
        s = ctx.state.get("spring") or SpringState.default(value)
        return s.offset, s.velocity.scaled(trate)

    def should_merge(self, previous, value, time, ctx):
        s = ctx.state.get("spring") or SpringState.default(value)
        pv = previous.velocity(value, time, ctx)
        if pv is not None:
            s = s.replace(velocity=pv)
        po = previous.animate(value, time, ctx)
        s = s.replace(offset=po if po is not None else value, time=time, start=time)
        if type(previous) is FluidSpringAnimation and self.response != previous.response:
            s = s.replace(blend_interval=previous.response - self.response, blend_start=time)
        ctx.state["spring"] = s
        return True


class SpringAnimation(Animation):
    """interpolatingSpring: SpringModel of the reference §3 (constant A = 1)."""

    def __init__(self, mass, stiffness, damping, initial_velocity):
        self.mass, self.stiffness, self.damping = mass, stiffness, damping
        self.initial_velocity = initial_velocity
        self.omega0 = math.sqrt(stiffness / mass)
        self.zeta = damping / (math.sqrt(mass * stiffness) * 2.0)
        if self.zeta >= 1.0:
            self.omega_d = 0.0
            self.b = self.omega0 - initial_velocity
        else:
            self.omega_d = self.omega0 * math.sqrt(1.0 - self.zeta * self.zeta)
            self.b = (self.omega0 * self.zeta - initial_velocity) / self.omega_d
        self.duration = self._duration(0.001)

    def key(self):
        return (self.mass, self.stiffness, self.damping, self.initial_velocity)

    def __eq__(self, o):
        return type(o) is type(self) and self.key() == o.key()

    def __hash__(self):
        return hash(self.key())

    def sample(self, t):
        if self.zeta >= 1.0:
            amplitude = 1.0 + self.b * t
            decay = math.exp(-t * self.omega0)
        else:
            amplitude = math.exp((-self.zeta * self.omega0) * t)
            decay = 1.0 * math.cos(self.omega_d * t) + self.b * math.sin(self.omega_d * t)
        return 1.0 - amplitude * decay

    def _duration(self, epsilon):
        eps = max(1e-6, epsilon)
        if self.zeta == 0.0:
            return math.inf
        if self.zeta < 1.0:
            v = eps / (abs(1.0) + abs(self.b))
            return max(-math.log(v) / (self.zeta * self.omega0), 1.0)   # choice 5
        t = 0.0
        min_value = math.inf
        min_time = -1.0
        for _ in range(1024):
            err = abs(1.0 - self.sample(t))
            if not math.isfinite(err):
                return 0.0
            if min_value >= eps:
                if err < min_value:
                    min_value, min_time = err, t
            elif err >= eps:
                min_value = math.inf
            elif not (t - min_time <= 1.0):
                break
            t += 0.1
        return min_time

    def animate(self, value, time, ctx):
        if not (self.duration > time):
            return None
        s = self.sample(time)
        if not math.isfinite(s):
            return None
        end = TAU / math.sqrt(self.stiffness) if math.isfinite(self.stiffness) else 0.0
        if time >= end:
            ctx.logical = True
        return value.scaled(s)

    def sample_rate(self, t):
        """d(sample)/dt, differentiating sample() term by term (product rule)."""
        if self.zeta >= 1.0:
            e = math.exp(-t * self.omega0)
            # −d/dt[(1 + b·t)·e^(−ω0·t)] = −b·e + ω0·(1 + b·t)·e
            return -self.b * e + self.omega0 * (1.0 + self.b * t) * e
        e = math.exp(-self.zeta * self.omega0 * t)
        wd = self.omega_d
        c, sn = math.cos(wd * t), math.sin(wd * t)
        # −d/dt[e·(cos + b·sin)] = ζω0·e·(cos + b·sin) − e·(−wd·sin + b·wd·cos)
        return self.zeta * self.omega0 * e * (c + self.b * sn) - e * (-wd * sn + self.b * wd * c)

    def motion(self, value, vrate, time, trate, ctx):
        if not (self.duration > time):
            return None
        s = self.sample(time)
        if not math.isfinite(s):
            return None
        ds = self.sample_rate(time) * trate
        return value.scaled(s), (None if vrate is None else vrate.scaled(s) + value.scaled(ds))


class DefaultAnimation(Animation):
    def __init__(self, base, mode):
        self.base, self.mode = base, mode

    def __eq__(self, o):
        return type(o) is type(self) and self.mode == o.mode

    def __hash__(self):
        return hash(("default", self.mode))

    def animate(self, value, time, ctx):
        return self.base.animate(value, time, ctx)

    def velocity(self, value, time, ctx):
        return self.base.velocity(value, time, ctx)

    def motion(self, value, vrate, time, trate, ctx):
        return self.base.motion(value, vrate, time, trate, ctx)

    def should_merge(self, previous, value, time, ctx):
        return self.base.should_merge(previous, value, time, ctx)


# Modifiers -----------------------------------------------------------------------------------
class Delay:
    def __init__(self, delay):
        self.delay = delay

    def key(self):
        return ("delay", self.delay)

    def map_time(self, t):
        return max(0.0, t - self.delay)

    def animate(self, base, value, time, ctx):
        return base.animate(value, self.map_time(time), ctx)

    def motion(self, base, value, vrate, time, trate, ctx):
        # d max(0, t − δ)/dt: 0 while waiting, 1 from t = δ on (the motion it starts).
        return base.motion(value, vrate, self.map_time(time), trate if time >= self.delay else 0.0, ctx)


class Speed:
    def __init__(self, speed):
        self.speed = speed

    def key(self):
        return ("speed", self.speed)

    def map_time(self, t):
        return t * self.speed

    def animate(self, base, value, time, ctx):
        return base.animate(value, self.map_time(time), ctx)

    def motion(self, base, value, vrate, time, trate, ctx):
        return base.motion(value, vrate, self.map_time(time), trate * self.speed, ctx)


class Repeat:
    def __init__(self, count, autoreverses):
        self.count, self.autoreverses = count, autoreverses

    def key(self):
        return ("repeat", self.count, self.autoreverses)

    def map_time(self, t):
        return t

    def animate(self, base, value, time, ctx):
        index, offset = ctx.state.get("repeat", (0, 0.0))
        elapsed = time - offset
        reversed_ = (index % 2 == 1) and self.autoreverses
        a = base.animate(value, elapsed, ctx)
        if a is None:
            ctx.state = {}                       # the whole context state is reset
            index += 1
            ctx.state["repeat"] = (index, time)
            if self.count is not None and index >= self.count:
                return None
            return value.zero() if reversed_ else value
        return value - a if reversed_ else a

    def motion(self, base, value, vrate, time, trate, ctx):
        # The cycle the frame's update left (a restart on this frame begins the next cycle).
        index, offset = ctx.state.get("repeat", (0, 0.0))
        m = base.motion(value, vrate, time - offset, trate, ctx)
        if m is None:
            return None
        if (index % 2 == 1) and self.autoreverses:
            return value - m[0], (None if vrate is None or m[1] is None else vrate - m[1])
        return m


class LogicallyCompleteAfter:
    def __init__(self, duration):
        self.duration = duration

    def key(self):
        return ("logicallyComplete", self.duration)

    def map_time(self, t):
        return t

    def animate(self, base, value, time, ctx):
        a = base.animate(value, time, ctx)
        if not ctx.logical:
            ctx.logical = self.duration <= time
        return a

    def motion(self, base, value, vrate, time, trate, ctx):
        return base.motion(value, vrate, time, trate, ctx)


class Modified(Animation):
    """CustomAnimationModifiedContent(base, modifier)."""

    def __init__(self, base, modifier):
        self.base, self.modifier = base, modifier

    def __eq__(self, o):
        return type(o) is type(self) and self.modifier.key() == o.modifier.key() and self.base == o.base

    def __hash__(self):
        return hash((self.modifier.key(), self.base))

    def type_sig(self):
        return ("Modified", type(self.modifier).__name__, self.base.type_sig())

    def animate(self, value, time, ctx):
        return self.modifier.animate(self.base, value, time, ctx)

    # velocity: nil for every modifier (protocol default)

    def motion(self, value, vrate, time, trate, ctx):
        return self.modifier.motion(self.base, value, vrate, time, trate, ctx)

    def should_merge(self, previous, value, time, ctx):
        # Choice 7 (the "intended" reading): the previous animation must be the same modifier with
        # equal parameters over a base of the same type.
        if not (isinstance(previous, Modified) and type(previous.modifier) is type(self.modifier)
                and previous.base.type_sig() == self.base.type_sig()):
            return False
        if previous.modifier.key() != self.modifier.key():
            return False
        return self.base.should_merge(previous.base, value, self.modifier.map_time(time), ctx)


class DefaultCombiningAnimation(Animation):
    """entries: (animation, elapsed) with elapsed = j / fps, j the whole frames from the animator's begin to the
    entry's join.  An entry's own time at animator time e = n / fps is (n − j) / fps: whole frames since it
    joined (not e − elapsed, whose rounding depends on where it joined)."""

    def __init__(self, entries, fps):
        self.entries = entries   # list of (animation, elapsed)
        self.fps = fps

    def local_time(self, time, elapsed):
        return (round(time * self.fps) - round(elapsed * self.fps)) / self.fps

    def animate(self, value, time, ctx):
        comb = ctx.state.get("combined", [])
        n = len(comb)
        if n != len(self.entries):
            return None
        result = value.zero()
        for i in range(n):
            anim, elapsed = self.entries[i]
            target, st = comb[i]
            if st is None:
                result = target
                continue
            ectx = Ctx(copy.deepcopy(st), ctx.logical)
            entry_value = target - result
            a = anim.animate(entry_value, self.local_time(time, elapsed), ectx)
            if a is not None:
                comb[i] = [target, ectx.state]
                result = result + a
            else:
                comb[i] = [target, None]
                result = result + entry_value
            if i == n - 1:
                ctx.logical = ectx.logical
                return None if a is None else result
        return None

    def motion(self, value, vrate, time, trate, ctx):
        """Entry i covers target_i − result_(i−1), so its value's rate is −(the rate of the result
        below); a finished entry pins the result to its target (rate 0)."""
        comb = ctx.state.get("combined", [])
        result, rate = value.zero(), value.zero()
        for i, (anim, elapsed) in enumerate(self.entries):
            target, st = comb[i]
            if st is None:
                result, rate = target, value.zero()
                continue
            m = anim.motion(target - result, None if rate is None else value.zero() - rate,
                            self.local_time(time, elapsed), trate, Ctx(st, ctx.logical))
            if m is None:
                result, rate = target, value.zero()
                continue
            result = result + m[0]
            rate = None if rate is None or m[1] is None else rate + m[1]
        return result, rate


def combine_animation(animation, state, value, elapsed, new_animation, new_value, fps):
    """combineAnimation(into:state:value:elapsed:newAnimation:newValue:) → (animation, state)."""
    if isinstance(animation, DefaultCombiningAnimation):
        state = copy.deepcopy(state)
        state["combined"].append([value + new_value, {}])
        return DefaultCombiningAnimation(animation.entries + [(new_animation, elapsed)], fps), state
    s = {"combined": [[value, state], [value + new_value, {}]]}
    return DefaultCombiningAnimation([(animation, 0.0), (new_animation, elapsed)], fps), s


def fluid_spring_of(anim):
    """The fluid spring an animation is, bare or as .default (a DefaultAnimation box); else None."""
    if isinstance(anim, DefaultAnimation):
        anim = anim.base
    return anim if isinstance(anim, FluidSpringAnimation) else None


def without_repeat(anim):
    """The animation under one repeat, if it has one (a repeated fluid spring that merges restarts the
    clock as the bare spring does: the spring reads only differences of its times and the cycle's; a
    second repeat shares the first's cycle state, so it keeps the clock)."""
    if isinstance(anim, Modified) and isinstance(anim.modifier, Repeat):
        return anim.base
    return anim


def is_repeat_forever(anim):
    """Whether this animation (the governing one of an animator) can never return nil."""
    while True:
        if isinstance(anim, DefaultCombiningAnimation):
            anim = anim.entries[-1][0]
        elif isinstance(anim, DefaultAnimation):
            anim = anim.base
        elif isinstance(anim, Modified):
            if isinstance(anim.modifier, Repeat) and anim.modifier.count is None:
                return True
            anim = anim.base
        elif isinstance(anim, SpringAnimation):
            return anim.zeta == 0.0
        else:
            return False


# ---------------------------------------------------------------------------------------------
# Scenario parsing (SPEC §9): names, JSON objects and SwiftUI expression strings
# ---------------------------------------------------------------------------------------------
BEZIER_PRESETS = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInOut": (0.42, 0.0, 0.58, 1.0),
}
NAMES = ("default", "linear", "easeIn", "easeOut", "easeInOut", "spring", "interactiveSpring", "smooth",
         "snappy", "bouncy", "interpolatingSpring")
MODIFIER_KEYS = ("delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyCompleteAfter")
MAX_TIME = 3600.0               # transaction times and triggers lie in [0, MAX_TIME]
REQUIRED = object()             # a parameter without a default
WHITESPACE = " \t\n\r"          # allowed between the tokens of an expression
EXTRA_BOUNCE_BASE = {"smooth": 0.0, "snappy": 0.15, "bouncy": 0.3, "interactiveSpring": 0.15}


def jpath(path, key):
    """The path of an object key (str) or a list index (int) below path ('' = the document)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def damping_fraction_for_bounce(b):
    return 1.0 / (b + 1.0) if b < 0.0 else 1.0 - b


def spring_duration_bounce(duration, bounce, blend):
    return FluidSpringAnimation(duration, damping_fraction_for_bounce(bounce), blend)


def interpolating_duration_bounce(duration, bounce, v0):
    freq = TAU / duration
    k = freq * freq
    c = 2.0 * math.sqrt(k) * damping_fraction_for_bounce(bounce)
    return SpringAnimation(1.0, k, c, v0)


def default_animation(mode):
    if mode == "ios17":
        base = FluidSpringAnimation(0.55, 1.0, 0.0)
    elif mode == "legacy":
        base = FluidSpringAnimation(0.5, 0.825, 0.0)
    elif mode == "pre17":
        base = BezierAnimation(*BEZIER_PRESETS["easeInOut"], 0.35)
    else:
        raise UsageError(f"--default-animation: expected one of {', '.join(DEFAULT_MODES)}, got {mode!r}")
    return DefaultAnimation(base, mode)


# Ranges -------------------------------------------------------------------------------------
# A range is a tuple: ("any",) every finite number, ("ge", a) ≥ a, ("gt", a) > a, ("bounce", base)
# −1 < base + x ≤ 1, ("time",) 0 ≤ x ≤ MAX_TIME, ("count",) an integer ≥ 1.
ANY, GE0, GT0, TIME, COUNT = ("any",), ("ge", 0.0), ("gt", 0.0), ("time",), ("count",)


def bounce_range(base):
    return ("bounce", base)


def range_violation(x, rng):
    """None when x (finite) lies in the range, else what is wrong."""
    kind = rng[0]
    if kind == "ge" and not x >= rng[1]:
        return f"must be ≥ {rng[1]:g}, got {x!r}"
    if kind == "gt" and not x > rng[1]:
        return f"must be > {rng[1]:g}, got {x!r}"
    if kind == "time" and not 0.0 <= x <= MAX_TIME:
        return f"must be in [0, {MAX_TIME:g}] s, got {x!r}"
    if kind == "count" and not x >= 1:
        return f"must be an integer ≥ 1, got {x!r}"
    if kind == "bounce":
        b = rng[1] + x
        if not -1.0 < b <= 1.0:
            if rng[1] == 0.0:
                return f"the bounce must be in (−1, 1], got {x!r}"
            return f"the bounce {rng[1]:g} + extraBounce {x!r} = {b!r} must be in (−1, 1]"
    return None


class Param:
    """One parameter of a SwiftUI signature: label None for an unlabeled one (name says which);
    kind "number", "integer" or "bool"; default REQUIRED when the argument must be given."""

    __slots__ = ("label", "name", "kind", "default", "range")

    def __init__(self, label, default=REQUIRED, rng=ANY, kind="number", name=None):
        self.label, self.name, self.kind, self.default, self.range = label, name or label, kind, default, rng

    def key(self):
        return self.name

    def shown(self):
        return f"'{self.label}:'" if self.label else f"{self.name} (unlabeled)"


def _spring_forms(response, damping, duration, bounce_param, blend):
    return [[Param("response", response, GT0), Param("dampingFraction", damping, GE0),
             Param("blendDuration", blend, GE0)],
            [Param("duration", duration, GT0), bounce_param, Param("blendDuration", blend, GE0)]]


# The signatures of the bases with parentheses (SwiftUI's), one list per overload ("form").
BASE_SIGNATURES = {
    "timingCurve": [[Param(None, name="x1"), Param(None, name="y1"), Param(None, name="x2"),
                     Param(None, name="y2"), Param("duration", 0.35, GE0)]],
    "linear": [[Param("duration", REQUIRED, GE0)]],
    "easeIn": [[Param("duration", REQUIRED, GE0)]],
    "easeOut": [[Param("duration", REQUIRED, GE0)]],
    "easeInOut": [[Param("duration", REQUIRED, GE0)]],
    "spring": _spring_forms(0.5, 0.825, 0.5, Param("bounce", 0.0, bounce_range(0.0)), 0.0),
    "interactiveSpring": _spring_forms(0.15, 0.86, 0.15, Param("extraBounce", 0.0, bounce_range(0.15)), 0.25),
    "smooth": [[Param("duration", 0.5, GT0), Param("extraBounce", 0.0, bounce_range(0.0))]],
    "snappy": [[Param("duration", 0.5, GT0), Param("extraBounce", 0.0, bounce_range(0.15))]],
    "bouncy": [[Param("duration", 0.5, GT0), Param("extraBounce", 0.0, bounce_range(0.3))]],
    "interpolatingSpring": [[Param("mass", 1.0, GT0), Param("stiffness", REQUIRED, GT0),
                             Param("damping", REQUIRED, GE0), Param("initialVelocity", 0.0, ANY)],
                            [Param("duration", 0.5, GT0), Param("bounce", 0.0, bounce_range(0.0)),
                             Param("initialVelocity", 0.0, ANY)]],
}
# The form taken when no argument decides: spring() and interactiveSpring() are the response forms;
# interpolatingSpring() (or only initialVelocity) can only be the duration form (stiffness and damping
# have no defaults).
DEFAULT_FORM = {"spring": 0, "interactiveSpring": 0, "interpolatingSpring": 1}
FORM_NAMES = {"spring": ("response/dampingFraction", "duration/bounce"),
              "interactiveSpring": ("response/dampingFraction", "duration/extraBounce"),
              "interpolatingSpring": ("mass/stiffness/damping", "duration/bounce")}

MODIFIER_SIGNATURES = {
    "delay": [Param(None, name="delay", rng=GE0)],
    "speed": [Param(None, name="speed", rng=GT0)],
    "repeatCount": [Param(None, name="count", kind="integer", rng=COUNT),
                    Param("autoreverses", True, kind="bool")],
    "repeatForever": [Param("autoreverses", True, kind="bool")],
    "logicallyComplete": [Param("after", REQUIRED, GE0)],
}


def build_base(name, form, a):
    """The animation of a base with its arguments a (param name → value), as SwiftUI builds it."""
    if name == "timingCurve":
        return BezierAnimation(a["x1"], a["y1"], a["x2"], a["y2"], a["duration"])
    if name in BEZIER_PRESETS:
        return BezierAnimation(*BEZIER_PRESETS[name], a["duration"])
    if name in ("spring", "interactiveSpring"):
        if form == 0:
            return FluidSpringAnimation(a["response"], a["dampingFraction"], a["blendDuration"])
        if name == "spring":
            return spring_duration_bounce(a["duration"], a["bounce"], a["blendDuration"])
        return spring_duration_bounce(a["duration"], EXTRA_BOUNCE_BASE[name] + a["extraBounce"], a["blendDuration"])
    if name in ("smooth", "snappy", "bouncy"):
        return spring_duration_bounce(a["duration"], EXTRA_BOUNCE_BASE[name] + a["extraBounce"], 0.0)
    if name == "interpolatingSpring":
        if form == 0:
            return SpringAnimation(a["mass"], a["stiffness"], a["damping"], a["initialVelocity"])
        return interpolating_duration_bounce(a["duration"], a["bounce"], a["initialVelocity"])
    raise AssertionError(name)


def apply_modifier(anim, name, a):
    if name == "delay":
        return Modified(anim, Delay(a["delay"]))
    if name == "speed":
        return Modified(anim, Speed(a["speed"]))
    if name == "repeatCount":
        return Modified(anim, Repeat(a["count"], a["autoreverses"]))
    if name == "repeatForever":
        return Modified(anim, Repeat(None, a["autoreverses"]))
    if name == "logicallyComplete":
        return Modified(anim, LogicallyCompleteAfter(a["after"]))
    raise AssertionError(name)


def named_animation(name, mode, path):
    if name == "default":
        return default_animation(mode)
    if name in BEZIER_PRESETS:
        return BezierAnimation(*BEZIER_PRESETS[name], 0.35)
    if name == "spring":
        return FluidSpringAnimation(0.5, 0.825, 0.0)
    if name == "interactiveSpring":
        return FluidSpringAnimation(0.15, 0.86, 0.25)
    if name == "smooth":
        return spring_duration_bounce(0.5, 0.0, 0.0)
    if name == "snappy":
        return spring_duration_bounce(0.5, 0.15 + 0.0, 0.0)
    if name == "bouncy":
        return spring_duration_bounce(0.5, 0.3 + 0.0, 0.0)
    if name == "interpolatingSpring":
        return interpolating_duration_bounce(0.5, 0.0, 0.0)
    raise ScenarioError(path, f"unknown animation name {name!r} (expected one of {', '.join(NAMES)}, or a SwiftUI "
                              f"expression starting with '.' or 'Animation.')")


# JSON values ----------------------------------------------------------------------------------
def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def json_number(v, path, rng=ANY, integer=False):
    """A JSON number at path: finite, in the range; integer: an integral value (2 or 2.0), returned as int."""
    if not is_number(v):
        raise ScenarioError(path, f"expected a number, got {v!r}")
    try:
        x = float(v)
    except OverflowError:                  # a JSON integer beyond binary64
        x = math.inf
    if not math.isfinite(x):
        raise ScenarioError(path, f"must be finite, got {v!r}")
    if integer:
        if x != math.floor(x):
            raise ScenarioError(path, f"expected an integer, got {v!r}")
        x = int(x)
    problem = range_violation(x, rng)
    if problem:
        raise ScenarioError(path, problem)
    return x


def json_bool(v, path):
    if not isinstance(v, bool):
        raise ScenarioError(path, f"expected true or false, got {v!r}")
    return v


def parse_value(obj, keys, path):
    """A value like initialValue: a number (keys None), or an object with exactly the keys."""
    if keys is None:
        if not is_number(obj):
            raise ScenarioError(path, f"expected a number (initialValue is a number), got {obj!r}")
        return Vec(None, (json_number(obj, path),))
    if not isinstance(obj, dict):
        raise ScenarioError(path, f"expected an object with initialValue's keys {list(keys)}, got {obj!r}")
    for k in obj:
        if k not in keys:
            raise ScenarioError(jpath(path, k), f"unknown key (initialValue's keys are {list(keys)})")
    out = []
    for k in keys:
        if k not in obj:
            raise ScenarioError(jpath(path, k), "required (a key of initialValue)")
        out.append(json_number(obj[k], jpath(path, k)))
    return Vec(keys, out)


def _json_forms(t):
    """The JSON object form of a type: the signatures with timingCurve's four numbers as controlPoints
    and the bezier presets' duration optional (0.35, as the names)."""
    if t == "timingCurve":
        return [[Param("controlPoints", kind="points"), Param("duration", 0.35, GE0)]]
    if t in BEZIER_PRESETS:
        return [[Param("duration", 0.35, GE0)]]
    if t == "default":
        return [[]]
    return BASE_SIGNATURES[t]


def parse_animation_object(obj, mode, path):
    if "type" not in obj:
        raise ScenarioError(jpath(path, "type"), "required (a string)")
    t = obj["type"]
    if not isinstance(t, str):
        raise ScenarioError(jpath(path, "type"), f"expected a string, got {t!r}")
    if t != "default" and t not in BASE_SIGNATURES:
        raise ScenarioError(jpath(path, "type"), f"unknown animation type {t!r} (expected one of timingCurve, "
                                                 f"{', '.join(NAMES)})")
    forms = _json_forms(t)
    labels = {p.label for f in forms for p in f}
    for k in obj:
        if k != "type" and k not in MODIFIER_KEYS and k not in labels:
            raise ScenarioError(jpath(path, k), f"unknown key for type {t!r}")
    form = 0
    if len(forms) > 1:
        only = [[p.label for p in f if p.label in obj and all(p.label != q.label for q in other)]
                for f, other in ((forms[0], forms[1]), (forms[1], forms[0]))]
        if only[0] and only[1]:
            raise ScenarioError(jpath(path, only[1][0]),
                                f"{t} takes either {FORM_NAMES[t][0]} or {FORM_NAMES[t][1]}, not both "
                                f"(already given: {only[0][0]})")
        form = 0 if only[0] else 1 if only[1] else DEFAULT_FORM[t]
    args = {}
    for p in forms[form]:
        p_path = jpath(path, p.label)
        if p.label not in obj:
            if p.default is REQUIRED:
                raise ScenarioError(p_path, "required")
            args[p.name] = p.default
        elif p.kind == "points":
            cp = obj[p.label]
            if not isinstance(cp, list) or len(cp) != 4:
                raise ScenarioError(p_path, f"expected [x1, y1, x2, y2] (four numbers), got {cp!r}")
            for i, name in enumerate(("x1", "y1", "x2", "y2")):
                args[name] = json_number(cp[i], jpath(p_path, i))
        else:
            args[p.name] = json_number(obj[p.label], p_path, p.range)
    anim = default_animation(mode) if t == "default" else build_base(t, form, args)
    # modifiers in the fixed order .delay(d).speed(s).repeatCount(n, autoreverses: a).logicallyComplete(after: t)
    if "delay" in obj:
        anim = Modified(anim, Delay(json_number(obj["delay"], jpath(path, "delay"), GE0)))
    if "speed" in obj:
        anim = Modified(anim, Speed(json_number(obj["speed"], jpath(path, "speed"), GT0)))
    autoreverses = json_bool(obj["autoreverses"], jpath(path, "autoreverses")) if "autoreverses" in obj else True
    forever = json_bool(obj["repeatForever"], jpath(path, "repeatForever")) if "repeatForever" in obj else False
    if "repeatCount" in obj and forever:
        raise ScenarioError(jpath(path, "repeatForever"), "repeatCount and repeatForever are exclusive")
    if "repeatCount" in obj:
        anim = Modified(anim, Repeat(json_number(obj["repeatCount"], jpath(path, "repeatCount"), COUNT,
                                                 integer=True), autoreverses))
    elif forever:
        anim = Modified(anim, Repeat(None, autoreverses))
    elif "autoreverses" in obj:
        raise ScenarioError(jpath(path, "autoreverses"), "only with repeatCount or repeatForever: true")
    if "logicallyCompleteAfter" in obj:
        anim = Modified(anim, LogicallyCompleteAfter(json_number(obj["logicallyCompleteAfter"],
                                                                 jpath(path, "logicallyCompleteAfter"), GE0)))
    return anim


def is_expression(text):
    s = text.lstrip(WHITESPACE)
    return s.startswith(".") or s.startswith("Animation")


def parse_animation(obj, mode, path):
    if obj is None:
        return None
    if isinstance(obj, str):
        if is_expression(obj):
            return parse_expression(obj, mode, path)
        return named_animation(obj, mode, path)
    if not isinstance(obj, dict):
        raise ScenarioError(path, f"expected null, a name, a SwiftUI expression or an object, got {obj!r}")
    return parse_animation_object(obj, mode, path)


# SwiftUI expression strings ---------------------------------------------------------------------
class Token:
    """kind: "name", "number", "punct" (text one of . ( ) , :) or "end"; col: 1-based column of the
    first character; for numbers, integer says the literal is digits only."""

    __slots__ = ("kind", "text", "col", "integer")

    def __init__(self, kind, text, col, integer=False):
        self.kind, self.text, self.col, self.integer = kind, text, col, integer

    def is_punct(self, p):
        return self.kind == "punct" and self.text == p

    def shown(self):
        return "the end of the expression" if self.kind == "end" else repr(self.text)


def _ascii_digit(c):
    return "0" <= c <= "9"


def _ascii_name_char(c, first):
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or c == "_" or (not first and _ascii_digit(c))


class Lexer:
    """Tokens on demand, so that an error is reported where reading stops (left to right)."""

    def __init__(self, text, path):
        self.s, self.i, self.path, self.buf = text, 0, path, []

    def error(self, col, message):
        raise ScenarioError(self.path, message, col)

    def _lex(self):
        s, n = self.s, len(self.s)
        i = self.i
        while i < n and s[i] in WHITESPACE:
            i += 1
        if i >= n:
            self.i = i
            return Token("end", "", n + 1)
        c, start = s[i], i
        if _ascii_name_char(c, True):
            while i < n and _ascii_name_char(s[i], False):
                i += 1
            tok = Token("name", s[start:i], start + 1)
        elif _ascii_digit(c) or (c == "-" and i + 1 < n and _ascii_digit(s[i + 1])):
            integer = c != "-"
            i += 1
            while i < n and _ascii_digit(s[i]):
                i += 1
            if i + 1 < n and s[i] == "." and _ascii_digit(s[i + 1]):
                integer = False
                i += 1
                while i < n and _ascii_digit(s[i]):
                    i += 1
            if i < n and s[i] in "eE":
                j = i + 1
                if j < n and s[j] in "+-":
                    j += 1
                if j < n and _ascii_digit(s[j]):
                    integer = False
                    i = j
                    while i < n and _ascii_digit(s[i]):
                        i += 1
            tok = Token("number", s[start:i], start + 1, integer)
        elif c in ".(),:":
            i += 1
            tok = Token("punct", c, start + 1)
        else:
            self.error(start + 1, f"unexpected character {c!r}")
        self.i = i
        return tok

    def peek(self, ahead=0):
        while len(self.buf) <= ahead:
            self.buf.append(self._lex())
        return self.buf[ahead]

    def next(self):
        tok = self.peek()
        self.buf.pop(0)
        return tok


def _expect(lx, p, what):
    tok = lx.next()
    if not tok.is_punct(p):
        lx.error(tok.col, f"expected {what}, got {tok.shown()}")
    return tok


def _read_value(lx, param, call):
    tok = lx.next()
    what = f"{call}({param.label}:)" if param.label else f"{call}(_ {param.name})"
    if param.kind == "bool":
        if tok.kind == "name" and tok.text in ("true", "false"):
            return tok.text == "true"
        lx.error(tok.col, f"{what}: expected true or false, got {tok.shown()}")
    if tok.kind != "number":
        lx.error(tok.col, f"{what}: expected a number, got {tok.shown()}")
    if param.kind == "integer":
        if not tok.integer:
            lx.error(tok.col, f"{what}: expected an integer literal (digits only), got {tok.text!r}")
        x = int(tok.text)
    else:
        x = float(tok.text)
        if not math.isfinite(x):
            lx.error(tok.col, f"{what}: must be finite, got {tok.text!r}")
    problem = range_violation(x, param.range)
    if problem:
        lx.error(tok.col, f"{what}: {problem}")
    return x


def _read_arguments(lx, call, forms, default_form):
    """After '(': the arguments up to and including ')'.  Returns (form index, {param name: value})."""
    form = 0 if len(forms) == 1 else None
    consumed = []                      # the params matched so far (keys, in order)
    given = {}
    if lx.peek().is_punct(")"):
        close = lx.next()
    else:
        while True:
            tok = lx.peek()
            label, at = None, tok.col
            if tok.kind == "name" and lx.peek(1).is_punct(":"):
                label = tok.text
                lx.next()
                lx.next()
            if label is not None and form is None:
                owners = [fi for fi, f in enumerate(forms) if any(p.label == label for p in f)]
                if len(owners) == 1:
                    form = owners[0]
            params = forms[default_form if form is None else form]
            keys = [p.key() for p in params]
            cursor = max((keys.index(k) for k in consumed), default=-1) + 1
            index = next((i for i in range(cursor, len(params)) if params[i].label == label), None)
            if index is None:
                if label is None:
                    later = [p for p in params[cursor:] if p.label is not None]
                    if later:
                        lx.error(at, f"{call}: missing argument label {later[0].shown()}")
                    lx.error(at, f"{call}: extra argument")
                earlier = [i for i in range(cursor) if params[i].label == label]
                if earlier:
                    if params[earlier[0]].key() in consumed:
                        lx.error(at, f"{call}: duplicate argument '{label}:'")
                    later = next(p for p in params[earlier[0]:] if p.key() in consumed)
                    lx.error(at, f"{call}: argument '{label}:' must precede {later.shown()}")
                if form is not None and len(forms) > 1 and any(p.label == label for f in forms for p in f):
                    lx.error(at, f"{call}: '{label}:' belongs to the {FORM_NAMES[call][1 - form]} form, "
                                 f"not the {FORM_NAMES[call][form]} form")
                lx.error(at, f"{call}: unknown argument label '{label}:' (expected "
                             f"{', '.join(sorted({p.shown() for f in forms for p in f}))})")
            param = params[index]
            given[param.name] = _read_value(lx, param, call)
            consumed.append(param.key())
            tok = lx.next()
            if tok.is_punct(")"):
                close = tok
                break
            if not tok.is_punct(","):
                lx.error(tok.col, f"{call}: expected ',' or ')', got {tok.shown()}")
            if lx.peek().is_punct(")"):
                lx.error(lx.peek().col, f"{call}: expected an argument after ','")
    if form is None:
        form = default_form
    args = {}
    for p in forms[form]:
        if p.name in given:
            args[p.name] = given[p.name]
        elif p.default is REQUIRED:
            lx.error(close.col, f"{call}: missing argument {p.shown()}")
        else:
            args[p.name] = p.default
    return form, args


def parse_expression(text, mode, path):
    """A SwiftUI Animation expression: ["Animation"] "." base {"." modifier} (grammar in the docstring)."""
    lx = Lexer(text, path)
    tok = lx.next()
    if tok.kind == "name" and tok.text == "Animation":
        tok = lx.next()
    if not tok.is_punct("."):
        lx.error(tok.col, f"expected '.' (an expression is [Animation].base.modifier…), got {tok.shown()}")
    tok = lx.next()
    if tok.kind != "name":
        lx.error(tok.col, f"expected an animation name after '.', got {tok.shown()}")
    name = tok.text
    if name not in NAMES and name not in BASE_SIGNATURES:
        hint = " (a modifier needs an animation before it)" if name in MODIFIER_SIGNATURES else ""
        lx.error(tok.col, f"unknown animation {name!r}{hint}; expected one of timingCurve, {', '.join(NAMES)}")
    nxt = lx.peek()
    if nxt.is_punct("("):
        if name == "default":
            lx.error(nxt.col, "Animation.default takes no arguments")
        lx.next()
        forms = BASE_SIGNATURES[name]
        form, args = _read_arguments(lx, name, forms, DEFAULT_FORM.get(name, 0))
        anim = build_base(name, form, args)
    elif name == "timingCurve":
        lx.error(nxt.col, f"timingCurve needs arguments: expected '(', got {nxt.shown()}")
    else:
        anim = named_animation(name, mode, path)
    while True:
        tok = lx.next()
        if tok.kind == "end":
            return anim
        if not tok.is_punct("."):
            lx.error(tok.col, f"expected '.' and a modifier, or the end of the expression, got {tok.shown()}")
        tok = lx.next()
        if tok.kind != "name":
            lx.error(tok.col, f"expected a modifier name after '.', got {tok.shown()}")
        if tok.text not in MODIFIER_SIGNATURES:
            lx.error(tok.col, f"unknown modifier {tok.text!r}; expected one of {', '.join(MODIFIER_SIGNATURES)}")
        mod = tok.text
        _expect(lx, "(", f"'(' after .{mod}")
        _, args = _read_arguments(lx, mod, [MODIFIER_SIGNATURES[mod]], 0)
        anim = apply_modifier(anim, mod, args)


def frame_of(time, fps):
    """The frame k of a time: |k/fps − time| ≤ 1e-9, else the next frame."""
    k = max(0, math.floor((time - FRAME_TOLERANCE) * fps) - 1)
    while k / fps < time - FRAME_TOLERANCE:
        k += 1
    while k > 0 and (k - 1) / fps >= time - FRAME_TOLERANCE:
        k -= 1
    return k


# ---------------------------------------------------------------------------------------------
# The animator (AnimatorState) and the frame loop
# ---------------------------------------------------------------------------------------------
class Fork:
    """A snapshot keeps the clock it ran on: begin is its animator's begin frame when it was taken."""

    def __init__(self, animation, state, interval, listeners, begin):
        self.animation, self.state, self.interval, self.listeners = animation, state, interval, listeners
        self.begin = begin

    def done(self, time):
        ctx = Ctx(copy.deepcopy(self.state), False)
        a = self.animation.animate(self.interval, time, ctx)
        return a is None or ctx.logical


class Animator:
    """Times are frames: k is the frame index and fps the clock's rate.  The elapsed time at frame k
    is (k − begin) / fps, the whole frames since the animator began over fps (not t_k − t_begin,
    which in binary64 depends on where the animation starts)."""

    def __init__(self, animation, interval, k, fps):
        self.animation = animation
        self.state = {}
        self.interval = interval
        self.fps = fps
        self.begin = k
        self.next_frame = k
        self.previous_value = interval.zero()
        self.logical = False
        self.listeners = []
        self.logical_listeners = []
        self.forks = []

    def elapsed(self, k):
        return (k - self.begin) / self.fps

    def combine(self, new_animation, delta, k):
        elapsed = self.elapsed(k)
        ctx = Ctx(copy.deepcopy(self.state), self.logical)
        if not self.logical and self.logical_listeners:          # forkListeners (choice 8: move)
            self.forks.append(Fork(self.animation, copy.deepcopy(self.state), self.interval,
                                   self.logical_listeners, self.begin))
            self.logical_listeners = []
        self.logical = False
        if new_animation.should_merge(self.animation, self.interval, elapsed, ctx):
            self.state = ctx.state
            self.animation = new_animation
            merged = True
            if fluid_spring_of(without_repeat(new_animation)) is not None:
                # The merged spring begins on this frame: its clock restarts here, and its state's times
                # (set to the merge time by shouldMerge) move with it, so they become 0.
                self.begin = k
                st = self.state["spring"]
                self.state["spring"] = st.replace(time=st.time - elapsed, start=st.start - elapsed,
                                                  blend_start=st.blend_start - elapsed)
        else:
            self.animation, self.state = combine_animation(self.animation, self.state, self.interval,
                                                           elapsed, new_animation, delta, self.fps)
            merged = False
        self.interval = self.interval + delta
        self.next_frame = k
        return merged

    def update(self, k, fire):
        """One frame; returns False when the animator is removed.  fire(kind, listeners)."""
        if not (k > self.next_frame):
            return True
        elapsed = self.elapsed(k)
        ctx = Ctx(copy.deepcopy(self.state), self.logical)
        a = self.animation.animate(self.interval, elapsed, ctx)
        if a is None:
            fire("removed", self.listeners)
            fire("logicallyComplete", self.logical_listeners)
            for fork in self.forks:                                # choice 9
                fire("logicallyComplete", fork.listeners)
            self.listeners, self.logical_listeners, self.forks = [], [], []
            return False
        if not self.logical and ctx.logical:
            self.logical = True
            fire("logicallyComplete", self.logical_listeners)
            self.logical_listeners = []
        if self.forks:
            keep = []
            for fork in self.forks:
                if fork.done((k - fork.begin) / self.fps):
                    fire("logicallyComplete", fork.listeners)
                else:
                    keep.append(fork)
            self.forks = keep
        self.state = ctx.state
        self.previous_value = a
        self.next_frame = k
        return True

    def presented(self, model):
        return (model + self.previous_value) - self.interval

    def current_velocity(self, k):
        """The analytic velocity of the value shown: d/dt of what the animation covers at e(k), from
        the state the frame's update left (never a difference of frames)."""
        ctx = Ctx(self.state, self.logical)
        m = self.animation.motion(self.interval, self.interval.zero(), self.elapsed(k), 1.0, ctx)
        return None if m is None else m[1]


class Engine:
    def __init__(self, initial, fps):
        self.fps = fps
        self.model = initial
        self.animator = None
        self.events = []
        self.pending_finalize = []       # (threshold time, transaction)
        self.fired = set()
        self.logical_fired_now = set()
        self.tx_count = 0

    def fire(self, now):
        def _fire(kind, listeners):
            for j in listeners:
                if (j, kind) in self.fired:
                    continue
                self.fired.add((j, kind))
                self.events.append({"time": now, "kind": kind, "transaction": j})
                if kind == "logicallyComplete":
                    self.logical_fired_now.add(j)
        return _fire

    def transaction(self, j, value, animation, k):
        now = k / self.fps
        if value == self.model or animation is None:
            self.model = value
            self.pending_finalize.append((now + FINALIZE_DELAY, j))
            return
        delta = value - self.model
        self.model = value
        if self.animator is None:
            self.animator = Animator(animation, delta, k, self.fps)
        else:
            self.animator.combine(animation, delta, k)
        self.animator.listeners.append(j)
        if self.animator.logical:
            self.fire(now)("logicallyComplete", [j])
        else:
            self.animator.logical_listeners.append(j)

    def update(self, k):
        now = k / self.fps
        if self.animator is not None:
            if not self.animator.update(k, self.fire(now)):
                self.animator = None
        due = [(th, j) for th, j in self.pending_finalize if now >= th - FRAME_TOLERANCE]
        if due:
            self.pending_finalize = [(th, j) for th, j in self.pending_finalize if now < th - FRAME_TOLERANCE]
            f = self.fire(now)
            for _, j in due:
                f("logicallyComplete", [j])
                f("removed", [j])

    def sample(self, k):
        if self.animator is None:
            return self.model, None
        return self.animator.presented(self.model), self.animator.current_velocity(k)

    def idle(self):
        return self.animator is None and not self.pending_finalize


def load_scenario(doc, mode):
    """The scenario's parts, or ScenarioError(path, message, column) for the first problem found."""
    if not isinstance(doc, dict):
        raise ScenarioError("", f"expected an object, got {type(doc).__name__}")
    for k in doc:
        if k not in ("initialValue", "transactions", "phaseAnimator"):
            raise ScenarioError(k, "unknown key (expected initialValue and transactions or phaseAnimator)")
    if "initialValue" not in doc:
        raise ScenarioError("initialValue", "required")
    iv = doc["initialValue"]
    if isinstance(iv, dict):
        if not iv:
            raise ScenarioError("initialValue", "an object needs at least one key")
        keys = tuple(iv.keys())
    elif is_number(iv):
        keys = None
    else:
        raise ScenarioError("initialValue", f"expected a number or an object of numbers, got {iv!r}")
    initial = parse_value(iv, keys, "initialValue")
    if ("transactions" in doc) == ("phaseAnimator" in doc):
        raise ScenarioError("", "give exactly one of transactions and phaseAnimator")
    if "transactions" in doc:
        txs = doc["transactions"]
        if not isinstance(txs, list):
            raise ScenarioError("transactions", f"expected a list, got {txs!r}")
        out = []
        last = -math.inf
        for i, tx in enumerate(txs):
            p = jpath("transactions", i)
            if not isinstance(tx, dict):
                raise ScenarioError(p, f"expected an object, got {tx!r}")
            for k in tx:
                if k not in ("time", "value", "animation"):
                    raise ScenarioError(jpath(p, k), "unknown key (expected time, value, animation)")
            if "time" not in tx:
                raise ScenarioError(jpath(p, "time"), "required")
            t = json_number(tx["time"], jpath(p, "time"), TIME)
            if t < last:
                raise ScenarioError(jpath(p, "time"), f"transactions must be in time order ({t!r} < {last!r})")
            last = t
            if "value" not in tx:
                raise ScenarioError(jpath(p, "value"), "required")
            value = parse_value(tx["value"], keys, jpath(p, "value"))
            anim = parse_animation(tx.get("animation"), mode, jpath(p, "animation"))
            out.append((t, value, anim))
        return {"initial": initial, "transactions": out}
    pa = doc["phaseAnimator"]
    if not isinstance(pa, dict):
        raise ScenarioError("phaseAnimator", f"expected an object, got {pa!r}")
    for k in pa:
        if k not in ("phases", "animations", "triggers"):
            raise ScenarioError(jpath("phaseAnimator", k), "unknown key (expected phases, animations, triggers)")
    if "phases" not in pa:
        raise ScenarioError("phaseAnimator.phases", "required")
    phases = pa["phases"]
    if not isinstance(phases, list) or not phases:
        raise ScenarioError("phaseAnimator.phases", f"expected a non-empty list, got {phases!r}")
    phases = [parse_value(v, keys, jpath("phaseAnimator.phases", i)) for i, v in enumerate(phases)]
    anims = pa.get("animations", ["default"] * len(phases))
    if not isinstance(anims, list) or len(anims) != len(phases):
        raise ScenarioError("phaseAnimator.animations",
                            f"expected a list of {len(phases)} animations (one per phase), got {anims!r}")
    anims = [parse_animation(a, mode, jpath("phaseAnimator.animations", i)) for i, a in enumerate(anims)]
    triggers = pa.get("triggers")
    if triggers is not None:
        if not isinstance(triggers, list):
            raise ScenarioError("phaseAnimator.triggers", f"expected a list of times, got {triggers!r}")
        ts = []
        for i, t in enumerate(triggers):
            t = json_number(t, jpath("phaseAnimator.triggers", i), TIME)
            if ts and t < ts[-1]:
                raise ScenarioError(jpath("phaseAnimator.triggers", i),
                                    f"triggers must be in time order ({t!r} < {ts[-1]!r})")
            ts.append(t)
        triggers = ts
    return {"initial": initial, "phases": phases, "animations": anims, "triggers": triggers}


def run(doc, fps=60, t_from=None, t_to=None, times=None, mode="ios17"):
    """Run a scenario; returns the `motionlab animate` JSON object."""
    if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not (fps > 0) or not math.isfinite(fps):
        raise UsageError(f"--fps: must be a positive number, got {fps!r}")
    if mode not in DEFAULT_MODES:
        raise UsageError(f"--default-animation: expected one of {', '.join(DEFAULT_MODES)}, got {mode!r}")
    sc = load_scenario(doc, mode)
    if times is not None:
        if not times:
            raise UsageError("--times: empty")
        for t in times:
            if not (math.isfinite(t) and t >= 0):
                raise UsageError(f"--times: expected times ≥ 0, got {t!r}")
        wanted = sorted({frame_of(t, fps) for t in times})
    else:
        if t_from is None or t_to is None:
            raise UsageError("--from and --to (or --times) are required")
        if not (math.isfinite(t_from) and math.isfinite(t_to) and 0 <= t_from <= t_to):
            raise UsageError(f"--from/--to: need 0 ≤ from ≤ to, got {t_from!r}, {t_to!r}")
        k0 = frame_of(t_from, fps)
        k1 = math.floor((t_to + FRAME_TOLERANCE) * fps) + 1
        while k1 / fps > t_to + FRAME_TOLERANCE:
            k1 -= 1
        wanted = list(range(k0, k1 + 1))
    wanted_set = set(wanted)
    k_last = wanted[-1] if wanted else 0

    engine = Engine(sc["initial"], fps)
    schedule = []        # (frame, kind, payload) pre-update actions in order
    phase = None
    if "transactions" in sc:
        for i, (t, value, anim) in enumerate(sc["transactions"]):
            schedule.append((frame_of(t, fps), "tx", (value, anim)))
        engine.tx_count = len(sc["transactions"])
        last_action_time = sc["transactions"][-1][0] if sc["transactions"] else 0.0
    else:
        engine.model = sc["phases"][0]
        phase = {"phases": sc["phases"], "animations": sc["animations"], "current": None,
                 "looping": sc["triggers"] is None}
        if phase["looping"]:
            schedule.append((0, "phase", None))
            last_action_time = 0.0
        else:
            for t in sc["triggers"]:
                schedule.append((frame_of(t, fps), "phase", None))
            last_action_time = sc["triggers"][-1] if sc["triggers"] else 0.0
    schedule.sort(key=lambda a: a[0])   # stable: scenario order within a frame

    phase_changes = []

    def shown_velocity(k):
        # Analytic; zero when no animator runs (the value rests at the model).
        if engine.animator is None:
            return engine.model.zero()
        return engine.animator.current_velocity(k)

    def start_phase(index, k):
        j = engine.tx_count
        engine.tx_count += 1
        engine.events.append({"time": k / fps, "kind": "phase", "transaction": j, "phase": index})
        phase["current"] = (j, index)
        before = shown_velocity(k)
        engine.transaction(j, phase["phases"][index], phase["animations"][index], k)
        after = shown_velocity(k)
        jump = None if before is None or after is None else after - before
        phase_changes.append({"time": k / fps, "phase": index, "transaction": j,
                              "velocityJump": None if jump is None else jump.to_json()})

    n_phases = len(sc["phases"]) if phase else 0
    samples = []
    infinite = False
    horizon = max(k_last / fps, last_action_time) + SETTLE_HORIZON
    si = 0
    tx_index = 0
    k = 0
    while True:
        now = k / fps
        engine.logical_fired_now = set()
        while si < len(schedule) and schedule[si][0] == k:
            _, kind, payload = schedule[si]
            if kind == "tx":
                engine.transaction(tx_index, payload[0], payload[1], k)
                tx_index += 1
            else:
                start_phase(1 % n_phases, k)
            si += 1
        engine.update(k)
        if phase is not None and phase["current"] is not None:
            j, index = phase["current"]
            if j in engine.logical_fired_now:
                if index == 0 and not phase["looping"]:
                    phase["current"] = None
                else:
                    start_phase((index + 1) % n_phases, k)
        if k in wanted_set:
            value, velocity = engine.sample(k)
            samples.append({"time": now, "value": value.to_json(),
                            "velocity": None if velocity is None else velocity.to_json()})
        if k >= k_last and si >= len(schedule):
            if phase is not None and phase["looping"]:
                infinite = True
                break
            busy = not engine.idle() or (phase is not None and phase["current"] is not None)
            if not busy:
                break
            if engine.animator is not None and is_repeat_forever(engine.animator.animation):
                infinite = True
                break
            if now > horizon:
                infinite = True
                break
        k += 1

    removed = [e["time"] for e in engine.events if e["kind"] == "removed"]
    if infinite:
        duration = "inf"
    else:
        duration = max(removed) if removed else 0.0
    events = sorted(engine.events, key=lambda e: (e["time"], e["transaction"], EVENT_ORDER[e["kind"]]))
    out = {"fps": fps, "samples": samples, "events": events, "duration": duration}
    if phase is not None:
        out["phaseChanges"] = phase_changes
    return out


# ---------------------------------------------------------------------------------------------
# The reference table
# ---------------------------------------------------------------------------------------------
def table_entries():
    E = []

    def add(name, description, scenario, t_from, t_to, fps=60, mode="ios17"):
        E.append({"name": name, "description": description, "defaultAnimation": mode, "fps": fps,
                  "from": t_from, "to": t_to, "scenario": scenario})

    def one(value, anim, initial=0):
        return {"initialValue": initial, "transactions": [{"time": 0, "value": value, "animation": anim}]}

    add("easeInOut-default", "Animation.easeInOut (0.35 s) 0 → 100: hold at t = 0, D·curve(t/0.35), removed on the "
        "first frame after 0.35 s (logical completion = removal for Bezier).", one(100, "easeInOut"), 0, 0.45)
    add("easeIn-0.5", "easeIn(duration: 0.5) 0 → 1.", one(1, {"type": "easeIn", "duration": 0.5}), 0, 0.6)
    add("easeOut-default", "Animation.easeOut 10 → −30.", one(-30, "easeOut", 10), 0, 0.45)
    add("linear-default", "Animation.linear 0 → 100 (diagonal control points: value = progress).",
        one(100, "linear"), 0, 0.45)
    add("timingCurve-back", "timingCurve(0.68, −0.55, 0.265, 1.55, duration: 0.6): y outside [0, 1] is not clamped.",
        one(50, {"type": "timingCurve", "controlPoints": [0.68, -0.55, 0.265, 1.55], "duration": 0.6}), 0, 0.7)
    add("spring-response", "spring(response: 0.5, dampingFraction: 0.825) 0 → 100: velocity-Verlet at 1/300 s; "
        "logically complete at 0.5 s, removed at the finish test.",
        one(100, {"type": "spring", "response": 0.5, "dampingFraction": 0.825}), 0, 1.5)
    add("spring-duration-bounce", "spring(duration: 0.4, bounce: 0.3) 0 → 1 (dampingFraction 0.7).",
        one(1, {"type": "spring", "duration": 0.4, "bounce": 0.3}), 0, 1.2)
    add("bouncy-extra", "bouncy(duration: 0.6, extraBounce: 0.1) 0 → −200 (bounce 0.4).",
        one(-200, {"type": "bouncy", "duration": 0.6, "extraBounce": 0.1}), 0, 2.0)
    add("snappy-120fps", "Animation.snappy 0 → 300 at 120 fps.", one(300, "snappy"), 0, 1.2, fps=120)
    add("interactiveSpring", "Animation.interactiveSpring (0.15, 0.86, blend 0.25) 0 → 40.",
        one(40, "interactiveSpring"), 0, 0.6)
    add("interpolatingSpring-msd", "interpolatingSpring(stiffness: 170, damping: 15) 0 → 100: analytic, "
        "logically complete at 2π/√170, removed at max(−ln(ε/(1+|B|))/(ζω0), 1) = 1 s.",
        one(100, {"type": "interpolatingSpring", "stiffness": 170, "damping": 15}), 0, 1.1)
    add("interpolatingSpring-duration-bounce-v0", "interpolatingSpring(duration: 0.6, bounce: 0.4, initialVelocity: 3) "
        "0 → 10 (v0 in intervals per second).",
        one(10, {"type": "interpolatingSpring", "duration": 0.6, "bounce": 0.4, "initialVelocity": 3}), 0, 1.2)
    add("interpolatingSpring-critical", "interpolatingSpring(duration: 0.5, bounce: 0) 0 → 100: critical; removal "
        "from the 0.1 s scan (0.8 s).", one(100, {"type": "interpolatingSpring", "duration": 0.5, "bounce": 0}),
        0, 0.9)
    add("interpolatingSpring-overdamped", "interpolatingSpring(mass: 2, stiffness: 100, damping: 60) 0 → 100: "
        "ζ ≈ 2.12, evaluated as critical at ω0 = √50 (damping above critical has no effect).",
        one(100, {"type": "interpolatingSpring", "mass": 2, "stiffness": 100, "damping": 60}), 0, 1.6)
    add("default-ios17", "Animation.default on iOS 17+: fluid spring (response 0.55, dampingFraction 1.0).",
        one(100, "default"), 0, 1.5, mode="ios17")
    add("default-legacy", "Animation.default, --default-animation legacy: fluid spring (0.5, 0.825).",
        one(100, "default"), 0, 1.5, mode="legacy")
    add("default-pre17", "Animation.default, --default-animation pre17: easeInOut(0.35).",
        one(100, "default"), 0, 0.45, mode="pre17")
    add("spring-merge", "spring (0.5, 0.825) 0 → 100, interrupted at 0.2 s by spring(response: 0.3, "
        "dampingFraction: 0.6) → 50: merge (hold at 0.2, velocity and force carried, same coordinates); the first "
        "transaction's logical completion is forked and fires at 0.5 s as if not interrupted.",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": {"type": "spring", "response": 0.5, "dampingFraction": 0.825}},
            {"time": 0.2, "value": 50, "animation": {"type": "spring", "response": 0.3, "dampingFraction": 0.6}}]},
        0, 1.4)
    add("spring-merge-120fps", "The same merge at 120 fps, interrupted at 0.2 s.",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": {"type": "spring", "response": 0.5, "dampingFraction": 0.825}},
            {"time": 0.2, "value": 50, "animation": {"type": "spring", "response": 0.3, "dampingFraction": 0.6}}]},
        0, 1.4, fps=120)
    add("blendDuration", "spring (0.5, 0.825) 0 → 100, then at 0.1 s interactiveSpring (0.15, 0.86, blendDuration "
        "0.25) → 150: merge, response blended 0.5 → 0.15 by smoothstep over 0.25 s.",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": "spring"},
            {"time": 0.1, "value": 150, "animation": "interactiveSpring"}]}, 0, 1.0)
    add("spring-then-ease-combine", "spring (0.5, 0.825) 0 → 100, then at 0.25 s easeInOut(0.3) → 200: Bezier never "
        "merges, so the chain lerps from the still-moving spring to 200; the animator ends when the ease ends, "
        "although the spring entry is still moving; the spring's logical completion is forked (fires at 0.5 s).",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": "spring"},
            {"time": 0.25, "value": 200, "animation": {"type": "easeInOut", "duration": 0.3}}]}, 0, 0.7)
    add("ease-then-ease-combine", "easeInOut(0.5) 0 → 100, then at 0.2 s easeOut(0.4) → 0: combine "
        "r = r0 + f1·(T1 − r0).",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": {"type": "easeInOut", "duration": 0.5}},
            {"time": 0.2, "value": 0, "animation": {"type": "easeOut", "duration": 0.4}}]}, 0, 0.7)
    add("three-eases-combine", "linear(0.6) 0 → 60, easeIn(0.3) → 120 at 0.1 s, easeInOut(0.2) → 30 at 0.2 s: "
        "three combining entries; the animator ends with the last (at 0.4 s) while the first is still running.",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 60, "animation": {"type": "linear", "duration": 0.6}},
            {"time": 0.1, "value": 120, "animation": {"type": "easeIn", "duration": 0.3}},
            {"time": 0.2, "value": 30, "animation": {"type": "easeInOut", "duration": 0.2}}]}, 0, 0.5)
    add("delay", "easeInOut(0.3).delay(0.2) 0 → 100: held during the delay, removed after 0.5 s.",
        one(100, {"type": "easeInOut", "duration": 0.3, "delay": 0.2}), 0, 0.6)
    add("spring-delay", "spring(response: 0.4, dampingFraction: 0.8).delay(0.25) 0 → 100: the spring does not step "
        "while its time is 0; velocity null (modifiers have none).",
        one(100, {"type": "spring", "response": 0.4, "dampingFraction": 0.8, "delay": 0.25}), 0, 1.5)
    add("speed-2-linear-1s", "linear(duration: 1).speed(2) 0 → 100: reaches 100 at 0.5 s, removed on the next frame.",
        one(100, {"type": "linear", "duration": 1, "speed": 2}), 0, 0.6)
    add("repeatCount-2-autoreverse", "easeInOut(0.3).repeatCount(2, autoreverses: true) 0 → 100: forward, back, then "
        "removed and snapped to the model value 100; each cycle restarts on the frame where the base ended.",
        one(100, {"type": "easeInOut", "duration": 0.3, "repeatCount": 2}), 0, 0.75)
    add("repeatCount-3-no-autoreverse", "linear(0.25).repeatCount(3, autoreverses: false) 0 → 100: jumps back to 0 "
        "at the start of each cycle.",
        one(100, {"type": "linear", "duration": 0.25, "repeatCount": 3, "autoreverses": False}), 0, 0.85)
    add("repeatForever-autoreverse", "easeInOut(0.4).repeatForever(autoreverses: true) 0 → 100, sampled over "
        "[0, 2] s: never removed, duration inf.",
        one(100, {"type": "easeInOut", "duration": 0.4, "repeatForever": True}), 0, 2.0)
    add("repeated-spring-merge", "spring(response: 0.2, dampingFraction: 1).repeatCount(3, autoreverses: true) 0 → "
        "100, then at 0.8 s (in the second cycle, which began at 0.633 s) the same animation → 60: equal modifiers "
        "over equal bases merge; the merged spring restarts the clock on its frame as a bare one does, the cycle "
        "count and its start carried in the state. The merge hands the spring the animator's time, not the "
        "cycle's, so the spring holds until the cycle's time reaches the merge time.",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": {"type": "spring", "response": 0.2, "dampingFraction": 1,
                                                     "repeatCount": 3}},
            {"time": 0.8, "value": 60, "animation": {"type": "spring", "response": 0.2, "dampingFraction": 1,
                                                      "repeatCount": 3}}]}, 0, 2.4)
    add("logicallyComplete-after", "linear(1).logicallyComplete(after: 0.3) 0 → 100: logical completion at 0.3 s, "
        "removal on the first frame after 1 s.", one(100, {"type": "linear", "duration": 1, "logicallyCompleteAfter": 0.3}), 0, 1.05)
    add("logicallyComplete-after-spring", "spring(response: 0.5, dampingFraction: 0.825).logicallyComplete(after: 0.2) "
        "0 → 100: the earlier of 0.2 s and the response.",
        one(100, {"type": "spring", "response": 0.5, "dampingFraction": 0.825, "logicallyCompleteAfter": 0.2}),
        0, 1.5)
    add("jump-mid-flight", "easeInOut(0.5) 0 → 100, then at 0.2 s a jump (animation null) to 300: the jump shows at "
        "once and the in-flight remainder (100 − a(e)) stays on top; the jump's completions fire 0.01 s later "
        "(next frame).",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": {"type": "easeInOut", "duration": 0.5}},
            {"time": 0.2, "value": 300, "animation": None}]}, 0, 0.6)
    add("vector-spring-merge", "Dict values {x, y}: spring → {x: 100, y: −50}, interrupted at 0.15 s by "
        "snappy → {x: 20, y: 80}: component-wise integration, finish test on the sum of squares.",
        {"initialValue": {"x": 0, "y": 10}, "transactions": [
            {"time": 0, "value": {"x": 100, "y": -50}, "animation": "spring"},
            {"time": 0.15, "value": {"x": 20, "y": 80}, "animation": "snappy"}]}, 0, 1.5)
    add("vector-bezier-interpolating", "Dict values {x, y, s}: easeInOut(0.3) then at 0.1 s interpolatingSpring("
        "duration: 0.4, bounce: 0.2) (combine), component-wise.",
        {"initialValue": {"x": 0, "y": 0, "s": 1}, "transactions": [
            {"time": 0, "value": {"x": 100, "y": 50, "s": 1.5}, "animation": {"type": "easeInOut", "duration": 0.3}},
            {"time": 0.1, "value": {"x": -20, "y": 50, "s": 1},
             "animation": {"type": "interpolatingSpring", "duration": 0.4, "bounce": 0.2}}]}, 0, 1.15)
    spec_example = scenario_file("spec-example")     # SPEC §9's example, as data/scenarios has it
    add("spec-example", "data/scenarios/spec-example.json: a spring (0.5, 0.825) → 100 at 0; easeInOut(0.3).delay(0.1) → 200 at 0.2 "
        "(combine); jump to 0 at 0.6 keeping the remainder.",
        spec_example, 0, max(0.8, settle_window(spec_example)))
    add("spec-example-120fps", "The example scenario (data/scenarios/spec-example.json) at 120 fps; the transaction at 0.2 s is frame 24.",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": {"type": "spring", "response": 0.5, "dampingFraction": 0.825}},
            {"time": 0.2, "value": 200, "animation": {"type": "easeInOut", "duration": 0.3, "delay": 0.1}},
            {"time": 0.6, "value": 0, "animation": None}]}, 0, 0.8, fps=120)
    add("off-frame-transactions", "Transactions between frames go to the next frame (0.105 s → frame 7 at 60 fps); "
        "default (ios17) then default again merges (velocity carried, no blend).",
        {"initialValue": 0, "transactions": [
            {"time": 0.01, "value": 100, "animation": "default"},
            {"time": 0.105, "value": -100, "animation": "default"}]}, 0, 1.6)
    phase_example = {"phases": [0, -200, 0],
                     "animations": [None, "smooth", {"type": "spring", "duration": 0.3, "bounce": 0.7}]}
    add("phaseAnimator-looping", "A phase animator without triggers: 0 → −200 (smooth) → 0 "
        "(spring(duration: 0.3, bounce: 0.7)) → phase 0 (equal: completes 0.01 s later) → −200 …; each phase "
        "starts on the frame where the previous transition logically completes; loops forever.",
        {"initialValue": 0, "phaseAnimator": phase_example}, 0, 3.0)
    add("phaseAnimator-triggered", "The same phase animator with triggers [0, 2]: one cycle 1 → 2 → 0 per trigger; "
        "the second cycle merges into the still-ringing spring.",
        {"initialValue": 0, "phaseAnimator": dict(phase_example, triggers=[0.0, 2.0])}, 0, 4.5)

    # SwiftUI expression strings (SPEC §9), modifiers applied in the order written.
    add("expr-spring-delay", "\".spring(response: 0.4, dampingFraction: 0.7).delay(0.1)\" 0 → 100: the JSON object "
        "{type: spring, response: 0.4, dampingFraction: 0.7, delay: 0.1}.",
        one(100, ".spring(response: 0.4, dampingFraction: 0.7).delay(0.1)"), 0, 1.3)
    add("expr-easeOut-speed-delay", "\"Animation.easeOut(duration: 0.3).speed(2).delay(0.1)\" 0 → 100: the delay "
        "wraps the speed, so the ease sees 2·max(0, t − 0.1) and runs from 0.1 to 0.25 s (the JSON object "
        "{delay: 0.1, speed: 2} applies the delay inside the speed: max(0, 2t − 0.1), 0.05 to 0.2 s).",
        one(100, "Animation.easeOut(duration: 0.3).speed(2).delay(0.1)"), 0, 0.35)
    add("expr-linear-repeatCount-3", "\".linear(duration: 0.2).repeatCount(3, autoreverses: false)\" 0 → 100.",
        one(100, ".linear(duration: 0.2).repeatCount(3, autoreverses: false)"), 0, 0.7)
    add("expr-interpolatingSpring-msd", "\".interpolatingSpring(stiffness: 170, damping: 15)\" 0 → 100 (mass 1, "
        "initialVelocity 0 by default).", one(100, ".interpolatingSpring(stiffness: 170, damping: 15)"), 0, 1.1)
    add("expr-timingCurve", "\".timingCurve(0.68, -0.55, 0.265, 1.55, duration: 0.5)\" 0 → 100 (negative "
        "literal).", one(100, ".timingCurve(0.68, -0.55, 0.265, 1.55, duration: 0.5)"), 0, 0.6)
    add("expr-smooth-extraBounce", "\".smooth(duration: 0.4, extraBounce: 0.1)\" 0 → 100 (bounce 0 + 0.1).",
        one(100, ".smooth(duration: 0.4, extraBounce: 0.1)"), 0, 1.0)
    add("expr-vector-combine", "Dict values {x, y}: \"Animation.bouncy(duration: 0.5)\" → {x: 100, y: −40}, then "
        "at 0.15 s \".easeInOut(duration: 0.25).delay(0.05)\" → {x: 30, y: 60} (combine).",
        {"initialValue": {"x": 0, "y": 0}, "transactions": [
            {"time": 0, "value": {"x": 100, "y": -40}, "animation": "Animation.bouncy(duration: 0.5)"},
            {"time": 0.15, "value": {"x": 30, "y": 60}, "animation": ".easeInOut(duration: 0.25).delay(0.05)"}]},
        0, 0.5)
    add("expr-interactiveSpring-merge", "\".spring(duration: 0.5, bounce: 0.2)\" 0 → 100, then at 0.1 s "
        "\".interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0.1)\" → 40: merge, response "
        "blended over 0.1 s (interactiveSpring's duration form: bounce 0.15 + 0.1).",
        {"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": ".spring(duration: 0.5, bounce: 0.2)"},
            {"time": 0.1, "value": 40,
             "animation": ".interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0.1)"}]}, 0, 0.7)
    add("expr-spring-negative-bounce-logicallyComplete", "\".spring(duration: 0.6, bounce: -0.2)"
        ".logicallyComplete(after: 0.25)\" 0 → 100 (dampingFraction 1/0.8).",
        one(100, ".spring(duration: 0.6, bounce: -0.2).logicallyComplete(after: 0.25)"), 0, 2.2)
    add("expr-interpolatingSpring-duration-v0", "\"Animation.interpolatingSpring(duration: 0.5, bounce: 0.3, "
        "initialVelocity: -2)\" 0 → 100.",
        one(100, "Animation.interpolatingSpring(duration: 0.5, bounce: 0.3, initialVelocity: -2)"), 0, 1.1)
    add("expr-repeat-then-delay", "\".easeIn(duration: 0.2).repeatCount(2).delay(0.1)\" 0 → 100: one delay before "
        "both cycles (the JSON object {delay: 0.1, repeatCount: 2} repeats the delay in every cycle).",
        one(100, ".easeIn(duration: 0.2).repeatCount(2).delay(0.1)"), 0, 0.6)
    add("expr-multiline", "An expression over several lines with tabs: Animation .easeInOut(duration: 0.4) "
        ".delay(0.1) .speed(0.5) 0 → 100 (speed outside the delay: the ease sees 0.5·t − 0.1 clamped).",
        one(100, "\n  Animation\n    .easeInOut(duration: 0.4)\n\t.delay(0.1)\n    .speed(0.5)\n"), 0, 1.1)
    add("expr-default-legacy", "\"Animation.default\" with --default-animation legacy: fluid spring (0.5, 0.825), "
        "as the name.", one(100, "Animation.default"), 0, 1.5, mode="legacy")

    # The scenarios of data/scenarios, read from the files (so the table follows them).
    emoji = scenario_file("emoji-bounce")
    add("emoji-bounce", "data/scenarios/emoji-bounce.json: a {offsetY, scale} phase animator with expression "
        "animations, triggered at 0.5 and 2.5 s.", emoji, 0, 4.0)
    emoji_loop = copy.deepcopy(emoji)
    emoji_loop["phaseAnimator"].pop("triggers", None)
    add("emoji-bounce-looping", "emoji-bounce without triggers: loops forever.", emoji_loop, 0, 3.0)
    add("emoji-bounce-120fps", "emoji-bounce at 120 fps.", emoji, 0, 4.0, fps=120)
    for name, description in (
            ("interrupted-spring", "data/scenarios/interrupted-spring.json: expression springs interrupted twice."),
            ("combined-eases", "data/scenarios/combined-eases.json: eases combined, the last an expression with a "
                               "delay."),
            ("phase-loop", "data/scenarios/phase-loop.json: the looping phase animator of phaseAnimator-looping."),
            ("phase-ease-out", "data/scenarios/phase-ease-out.json: a {rotation, scale} phase animator whose "
                               "easeOut phases start from rest (velocity jump = Δ·(1/0.58)/0.5, −620.69 for the "
                               "rotation) and while a smooth spring still moves the scale.")):
        doc = scenario_file(name)
        add(name, description + " Sampled until everything is removed (3 s for a loop).", doc, 0,
            settle_window(doc))
    return E


def scenario_file(name):
    """A scenario of data/scenarios (NAME.json)."""
    with open(os.path.join(SCENARIO_DIR, name + ".json")) as f:
        return json.load(f)


def settle_window(doc, fps=60, mode="ios17", loop=3.0):
    """The end of a window that covers the run until its last removal (rounded up to 0.05 s), or loop
    seconds when it never ends."""
    d = run(doc, fps=fps, t_from=0, t_to=0, mode=mode)["duration"]
    if d == "inf":
        return loop
    return math.ceil(d * 20 - 1e-9) / 20


def build_table():
    entries = []
    for e in table_entries():
        expected = run(e["scenario"], fps=e["fps"], t_from=e["from"], t_to=e["to"], mode=e["defaultAnimation"])
        entries.append(dict(e, expected=expected))
    return {
        "generator": GENERATOR,
        "source": "SwiftUI's animation engine written a second time in Python, from a description of its rules "
                  "(MotionAnimations' *The animation engine* article states them), independent of the Swift code. "
                  "The choices made where that description is open are listed in the generator's docstring.",
        "tolerance": "each sample equals the reference to 1e-9 relative (max(1, |value|)); events identical "
                     "(same frames, kinds, transactions); duration identical",
        "output": "expected = the JSON of `motionlab animate SCENARIO --fps F --from A --to B "
                  "--default-animation M`: {fps, samples: [{time, value, velocity}], events: [{time, kind, "
                  "transaction}], duration}; velocity is analytic (the derivative of what the running animations "
                  "cover, see the generator's docstring) or null when no animator runs; a phase animator's "
                  "phaseChanges [{time, phase, transaction, velocityJump}] are the analytic velocity after its "
                  "transaction minus before (0 where no animator runs)",
        "scenarios": entries,
    }


def write_json_atomically(table, path):
    """Writes `table` as indented JSON to `path` through a temporary file and a rename."""
    text = json.dumps(table, indent=1, allow_nan=False, ensure_ascii=False)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
        f.write("\n")
    os.replace(tmp, path)


def write_table(path=OUT):
    table = build_table()
    write_json_atomically(table, path)
    n = sum(len(e["expected"]["samples"]) for e in table["scenarios"])
    print(f"{len(table['scenarios'])} scenarios, {n} samples → {os.path.relpath(path, ROOT)} "
          f"({os.path.getsize(path) // 1024} KB)")


# ---------------------------------------------------------------------------------------------
# The error table: malformed scenarios with the path, column and message of the error they raise
# ---------------------------------------------------------------------------------------------
def error_cases():
    """(name, scenario, expected path, expected column) of every case; the table records what the
    loader raises, after checking that it raises at exactly this path and column."""
    C = []

    def case(name, scenario, path, column=None):
        C.append((name, scenario, path, column))

    def tx(anim, value=100, initial=0):
        return {"initialValue": initial, "transactions": [{"time": 0, "value": value, "animation": anim}]}

    def expr(name, text, column, initial=0):
        case(name, tx(text, initial=initial), "transactions[0].animation", column)

    def at(text, token, nth=0):
        """The 1-based column of the nth occurrence of token in text."""
        i = -1
        for _ in range(nth + 1):
            i = text.index(token, i + 1)
        return i + 1

    A = "transactions[0].animation"
    vec = {"offsetY": 0, "scale": 1}
    # documents and their shape
    case("document-not-object", [0, 100], "")
    case("missing-initialValue", {"transactions": []}, "initialValue")
    case("initialValue-empty-object", {"initialValue": {}, "transactions": []}, "initialValue")
    case("initialValue-string", {"initialValue": "0", "transactions": []}, "initialValue")
    case("unknown-top-level-key", {"initialValue": 0, "transactions": [], "fps": 60}, "fps")
    case("both-transactions-and-phaseAnimator",
         {"initialValue": 0, "transactions": [], "phaseAnimator": {"phases": [0, 1]}}, "")
    case("neither-transactions-nor-phaseAnimator", {"initialValue": 0}, "")
    case("transactions-not-list", {"initialValue": 0, "transactions": {"time": 0, "value": 1}}, "transactions")
    case("transaction-not-object", {"initialValue": 0, "transactions": [[0, 100]]}, "transactions[0]")
    # transactions
    case("transaction-missing-time", {"initialValue": 0, "transactions": [{"value": 100}]}, "transactions[0].time")
    case("transaction-time-string", {"initialValue": 0, "transactions": [{"time": "0.5", "value": 100}]},
         "transactions[0].time")
    case("transaction-time-negative", {"initialValue": 0, "transactions": [{"time": -0.1, "value": 100}]},
         "transactions[0].time")
    case("transaction-time-over-3600", {"initialValue": 0, "transactions": [{"time": 3600.5, "value": 100}]},
         "transactions[0].time")
    case("transactions-out-of-time-order", {"initialValue": 0, "transactions": [
        {"time": 0.5, "value": 100, "animation": "smooth"}, {"time": 0.2, "value": 0, "animation": "smooth"}]},
        "transactions[1].time")
    case("transaction-unknown-key", {"initialValue": 0, "transactions": [
        {"time": 0, "value": 100, "animation": "smooth", "completion": "removed"}]}, "transactions[0].completion")
    case("transaction-missing-value", {"initialValue": 0, "transactions": [{"time": 0, "animation": "smooth"}]},
         "transactions[0].value")
    # values
    case("value-array", tx("smooth", value=[100, 50]), "transactions[0].value")
    case("value-string", tx("smooth", value="100"), "transactions[0].value")
    case("value-object-for-number", tx("smooth", value={"x": 100}), "transactions[0].value")
    case("value-number-for-object", tx("smooth", value=100, initial=vec), "transactions[0].value")
    case("value-missing-key", tx("smooth", value={"offsetY": -200}, initial=vec), "transactions[0].value.scale")
    case("value-extra-key", tx("smooth", value={"offsetY": -200, "scale": 1.5, "rotation": 10}, initial=vec),
         "transactions[0].value.rotation")
    case("value-component-string", tx("smooth", value={"offsetY": "-200", "scale": 1.5}, initial=vec),
         "transactions[0].value.offsetY")
    case("initialValue-component-bool", {"initialValue": {"x": 0, "y": True}, "transactions": []},
         "initialValue.y")
    # animations: shape, names, types
    case("animation-number", tx(0.3), A)
    case("animation-list", tx(["spring", 0.5]), A)
    case("unknown-name", tx("wobbly"), A)
    case("name-without-dot", tx("spring(response: 0.4)"), A)
    case("animation-missing-type", tx({"duration": 0.3}), A + ".type")
    case("animation-type-not-string", tx({"type": 1}), A + ".type")
    case("unknown-type", tx({"type": "elastic", "duration": 0.3}), A + ".type")
    case("animation-unknown-key", tx({"type": "linear", "duration": 0.3, "curve": "ease"}), A + ".curve")
    case("duration-string", tx({"type": "easeIn", "duration": "0.3"}), A + ".duration")
    # ranges of the bases (JSON objects)
    case("bezier-duration-negative", tx({"type": "easeInOut", "duration": -0.3}), A + ".duration")
    case("timingCurve-three-points", tx({"type": "timingCurve", "controlPoints": [0.1, 0.2, 0.3], "duration": 1}),
         A + ".controlPoints")
    case("timingCurve-point-string", tx({"type": "timingCurve", "controlPoints": [0.1, "0.2", 0.3, 0.4]}),
         A + ".controlPoints[1]")
    case("timingCurve-missing-points", tx({"type": "timingCurve", "duration": 0.5}), A + ".controlPoints")
    case("timingCurve-duration-negative", tx({"type": "timingCurve", "controlPoints": [0.1, 0.2, 0.3, 0.4],
                                              "duration": -1}), A + ".duration")
    case("spring-response-zero", tx({"type": "spring", "response": 0, "dampingFraction": 0.8}), A + ".response")
    case("spring-dampingFraction-negative", tx({"type": "spring", "response": 0.3, "dampingFraction": -0.1}),
         A + ".dampingFraction")
    case("spring-duration-zero", tx({"type": "spring", "duration": 0, "bounce": 0.2}), A + ".duration")
    case("spring-bounce-minus-one", tx({"type": "spring", "duration": 0.3, "bounce": -1}), A + ".bounce")
    case("spring-bounce-above-one", tx({"type": "spring", "duration": 0.3, "bounce": 1.2}), A + ".bounce")
    case("spring-both-forms", tx({"type": "spring", "response": 0.3, "bounce": 0.2}), A + ".bounce")
    case("spring-blendDuration-negative", tx({"type": "spring", "response": 0.3, "blendDuration": -0.1}),
         A + ".blendDuration")
    case("spring-extraBounce", tx({"type": "spring", "duration": 0.3, "extraBounce": 0.1}), A + ".extraBounce")
    case("interactiveSpring-extraBounce-too-high", tx({"type": "interactiveSpring", "duration": 0.2,
                                                       "extraBounce": 0.9}), A + ".extraBounce")
    case("smooth-duration-negative", tx({"type": "smooth", "duration": -0.5}), A + ".duration")
    case("bouncy-extraBounce-too-high", tx({"type": "bouncy", "extraBounce": 0.8}), A + ".extraBounce")
    case("snappy-extraBounce-too-low", tx({"type": "snappy", "extraBounce": -1.2}), A + ".extraBounce")
    case("interpolatingSpring-mass-zero", tx({"type": "interpolatingSpring", "mass": 0, "stiffness": 100,
                                              "damping": 10}), A + ".mass")
    case("interpolatingSpring-stiffness-negative", tx({"type": "interpolatingSpring", "stiffness": -100,
                                                       "damping": 10}), A + ".stiffness")
    case("interpolatingSpring-damping-negative", tx({"type": "interpolatingSpring", "stiffness": 100,
                                                     "damping": -1}), A + ".damping")
    case("interpolatingSpring-missing-damping", tx({"type": "interpolatingSpring", "stiffness": 100}),
         A + ".damping")
    case("interpolatingSpring-duration-zero", tx({"type": "interpolatingSpring", "duration": 0}), A + ".duration")
    case("interpolatingSpring-both-forms", tx({"type": "interpolatingSpring", "stiffness": 100, "damping": 10,
                                               "duration": 0.5}), A + ".duration")
    case("interpolatingSpring-initialVelocity-string", tx({"type": "interpolatingSpring", "duration": 0.5,
                                                           "initialVelocity": "fast"}), A + ".initialVelocity")
    # modifiers (JSON objects)
    case("delay-negative", tx({"type": "easeIn", "delay": -0.1}), A + ".delay")
    case("speed-zero", tx({"type": "easeIn", "speed": 0}), A + ".speed")
    case("repeatCount-zero", tx({"type": "easeIn", "repeatCount": 0}), A + ".repeatCount")
    case("repeatCount-fraction", tx({"type": "easeIn", "repeatCount": 2.5}), A + ".repeatCount")
    case("repeatCount-with-repeatForever", tx({"type": "easeIn", "repeatCount": 2, "repeatForever": True}),
         A + ".repeatForever")
    case("autoreverses-without-repeat", tx({"type": "easeIn", "autoreverses": False}), A + ".autoreverses")
    case("autoreverses-not-bool", tx({"type": "easeIn", "repeatCount": 2, "autoreverses": "yes"}),
         A + ".autoreverses")
    case("repeatForever-not-bool", tx({"type": "easeIn", "repeatForever": 1}), A + ".repeatForever")
    case("logicallyCompleteAfter-negative", tx({"type": "spring", "logicallyCompleteAfter": -0.5}),
         A + ".logicallyCompleteAfter")
    # phase animators
    PA = "phaseAnimator"
    case("phaseAnimator-not-object", {"initialValue": 0, PA: [0, 1]}, PA)
    case("phaseAnimator-unknown-key", {"initialValue": 0, PA: {"phases": [0, 1], "loop": True}}, PA + ".loop")
    case("phases-missing", {"initialValue": 0, PA: {"animations": ["smooth"]}}, PA + ".phases")
    case("phases-empty", {"initialValue": 0, PA: {"phases": []}}, PA + ".phases")
    case("phase-missing-key", {"initialValue": vec, PA: {"phases": [vec, {"offsetY": -200}]}},
         PA + ".phases[1].scale")
    case("animations-wrong-length", {"initialValue": 0, PA: {"phases": [0, -200, 0], "animations": [None, "smooth"]}},
         PA + ".animations")
    case("triggers-out-of-order", {"initialValue": 0, PA: {"phases": [0, 1], "triggers": [2.0, 1.0]}},
         PA + ".triggers[1]")
    case("trigger-over-3600", {"initialValue": 0, PA: {"phases": [0, 1], "triggers": [4000]}}, PA + ".triggers[0]")
    text = ".easeInOut(duration: 0.3).repeatCount(2, autoreverses: maybe)"
    case("phase-animation-expression", {"initialValue": 0, PA: {"phases": [0, 1, 2],
                                                                 "animations": [None, ".smooth", text]}},
         PA + ".animations[2]", at(text, "maybe"))
    # malformed SwiftUI expressions (path: the string; column: 1-based in it)
    expr("expr-unknown-base", ".sprung", 2)
    t = ".spring(response: -1)"
    expr("expr-response-negative", t, at(t, "-1"))
    t = ".spring(dampingFraction: 0.5, response: 0.3)"
    expr("expr-label-out-of-order", t, at(t, "response"))
    t = ".spring(response: 0.3, bounce: 0.2)"
    expr("expr-label-of-other-form", t, at(t, "bounce"))
    t = ".spring(response: 0.3, response: 0.4)"
    expr("expr-duplicate-label", t, at(t, "response", 1))
    t = ".spring(duration: 0.5, extraBounce: 0.1)"
    expr("expr-unknown-label", t, at(t, "extraBounce"))
    t = ".linear()"
    expr("expr-linear-missing-duration", t, at(t, ")"))
    t = ".linear(0.3)"
    expr("expr-missing-label", t, at(t, "0.3"))
    t = ".easeIn(duration: 0.3"
    expr("expr-missing-close-paren", t, len(t) + 1)
    expr("expr-modifier-without-base", ".delay(0.1)", 2)
    t = ".linear(duration: 0.2).repeatCount(2.0)"
    expr("expr-repeatCount-not-integer", t, at(t, "2.0"))
    t = ".easeIn(duration: 0.3).repeatCount(0)"
    expr("expr-repeatCount-zero", t, at(t, "0)"))
    t = ".easeIn(duration: 0.3).speed(0)"
    expr("expr-speed-zero", t, at(t, "0)"))
    t = ".easeOut(duration: 0.3).delay(-0.1)"
    expr("expr-delay-negative", t, at(t, "-0.1"))
    t = ".smooth x"
    expr("expr-trailing-garbage", t, at(t, "x"))
    t = ".timingCurve(0.1, 0.2, 0.3, duration: 1)"
    expr("expr-timingCurve-three-numbers", t, at(t, ")"))
    t = ".interpolatingSpring(mass: 1)"
    expr("expr-interpolatingSpring-missing-stiffness", t, at(t, ")"))
    t = ".smooth(duration: 1e999)"
    expr("expr-number-overflow", t, at(t, "1e999"))
    t = ".spring(response: .5)"
    expr("expr-number-without-leading-digit", t, at(t, ".5"))
    t = ".spring(response: +0.5)"
    expr("expr-number-with-plus", t, at(t, "+"))
    t = ".bouncy(extraBounce: 0.8)"
    expr("expr-extraBounce-too-high", t, at(t, "0.8"))
    t = ".linear(duration: 0.4).wobble(1)"
    expr("expr-unknown-modifier", t, at(t, "wobble"))
    t = ".easeIn(duration: 0.3).repeatCount(2, autoreverses: 1)"
    expr("expr-autoreverses-not-bool", t, at(t, "1)"))
    t = ".default()"
    expr("expr-default-with-arguments", t, at(t, "("))
    t = ".linear.repeatForever"
    expr("expr-modifier-without-parentheses", t, len(t) + 1)
    t = "Animation.spring(duration: 0.3).logicallyComplete(after: -1)"
    expr("expr-logicallyComplete-negative", t, at(t, "-1"))
    return C


def build_error_table(mode="ios17"):
    cases = []
    for name, scenario, path, column in error_cases():
        try:
            load_scenario(copy.deepcopy(scenario), mode)
        except ScenarioError as exc:
            if (exc.path, exc.column) != (path, column):
                raise ReferenceCheckError(f"error case {name}: raised at path {exc.path!r} column {exc.column}, "
                                          f"expected {path!r} column {column}: {exc}")
            cases.append({"name": name, "scenario": scenario, "path": exc.path, "column": exc.column,
                          "message": str(exc)})
        else:
            raise ReferenceCheckError(f"error case {name}: the loader accepted it")
    names = [c["name"] for c in cases]
    if len(set(names)) != len(names):
        raise ReferenceCheckError("error cases: duplicate names")
    return {
        "generator": GENERATOR,
        "conventions": "Each scenario is rejected by the loader (--default-animation ios17) with the first problem "
                       "found.  path: object keys joined by '.', list indices as [i], no leading '$.', '' for the "
                       "document; a missing key's path is that key's, an unknown key's is that key's.  column: null, "
                       "or for an error inside a SwiftUI expression string the 1-based character position in that "
                       "string of the offending token (a missing argument: the call's ')'; a missing token: where "
                       "the next token begins, or the string's length + 1 at its end).  message: the Python "
                       "reference's text (\"PATH (column C): what\"); only path and column are meant to match.",
        "cases": cases,
    }


def write_error_table(path=ERRORS_OUT):
    table = build_error_table()
    write_json_atomically(table, path)
    n_expr = sum(1 for c in table["cases"] if c["column"] is not None)
    print(f"{len(table['cases'])} error cases ({n_expr} with a column) → {os.path.relpath(path, ROOT)}")


# ---------------------------------------------------------------------------------------------
# Self-checks (independent closed forms, mpmath)
# ---------------------------------------------------------------------------------------------
def run_checks():
    import mpmath
    from mpmath import mpf
    mpmath.mp.dps = 40
    results = []

    def check(cond, msg):
        if not cond:
            raise ReferenceCheckError(msg)

    def mp_bezier(x1, y1, x2, y2, p):
        """y(x = p) by mpmath.findroot on the exact cubic (bisection-bracketed)."""
        p = mpf(p)
        if p <= 0:
            return mpf(0)
        if p >= 1:
            return mpf(1)
        x1, y1, x2, y2 = (mpf(v) for v in (x1, y1, x2, y2))

        def B(a, b, t):
            return 3 * (1 - t) ** 2 * t * a + 3 * (1 - t) * t ** 2 * b + t ** 3

        lo, hi = mpf(0), mpf(1)
        for _ in range(60):
            mid = (lo + hi) / 2
            if B(x1, x2, mid) < p:
                lo = mid
            else:
                hi = mid
        t = mpmath.findroot(lambda s: B(x1, x2, s) - p, (lo, hi), solver="anderson")
        return B(y1, y2, t)

    def values(out):
        return [(s["time"], s["value"]) for s in out["samples"]]

    def near(a, b, tol=1e-12, scale=1.0):
        return abs(a - b) <= tol * max(1.0, abs(scale))

    # 1. Uninterrupted Bezier = D·curve(t/d) on every frame; hold at 0; removed on the first frame > d.
    for name, cp, d, fps in (("easeInOut", (0.42, 0, 0.58, 1), 0.35, 60), ("easeIn", (0.42, 0, 1, 1), 0.5, 120),
                             ("back", (0.68, -0.55, 0.265, 1.55), 0.6, 60), ("easeOut", (0, 0, 0.58, 1), 0.35, 60)):
        D = 80.0
        out = run({"initialValue": 0, "transactions": [{"time": 0, "value": D, "animation": {
            "type": "timingCurve", "controlPoints": list(cp), "duration": d}}]}, fps=fps, t_from=0, t_to=d + 0.1)
        worst = 0.0
        removed_at = [e["time"] for e in out["events"] if e["kind"] == "removed"][0]
        for k, (t, v) in enumerate(values(out)):
            e = t
            if k == 0:
                check(v == 0.0, f"bezier {name}: the transaction frame must hold 0, got {v}")
            elif e <= d:
                exact = D * mp_bezier(*cp, mpf(e) / mpf(d))
                worst = max(worst, float(abs(v - exact)))
                check(near(v, float(exact), 1e-12, D), f"bezier {name} t={t}: {v} vs {exact}")
            else:
                check(v == D, f"bezier {name} t={t}: after removal the value is the model, got {v}")
        first_after = min(t for t, _ in values(out) if t > d)
        check(removed_at == first_after, f"bezier {name}: removed at {removed_at}, expected {first_after}")
        results.append(f"bezier {name} ({fps} fps): D·curve(t/d) on every frame, max |Δ| = {worst:.2e}; "
                       f"removed at {removed_at:.4f} s")

    # 2. interpolatingSpring = closed-form spring (expm of the first-order system), overdamped as critical.
    for label, params in (("underdamped k170 c15", (1.0, 170.0, 15.0, 0.0)),
                          ("duration 0.6 bounce 0.4 v0 3", None),
                          ("critical", None),
                          ("overdamped m2 k100 c60", (2.0, 100.0, 60.0, 1.5))):
        if params is not None:
            m, k_, c, v0 = params
        if label.startswith("duration"):
            anim = {"type": "interpolatingSpring", "duration": 0.6, "bounce": 0.4, "initialVelocity": 3}
            k_ = (TAU / 0.6) ** 2
            m, c, v0 = 1.0, 2.0 * math.sqrt(k_) * 0.6, 3.0
        elif label == "critical":
            anim = {"type": "interpolatingSpring", "duration": 0.5, "bounce": 0}
            k_ = (TAU / 0.5) ** 2
            m, c, v0 = 1.0, 2.0 * math.sqrt(k_), 0.0
        else:
            anim = {"type": "interpolatingSpring", "mass": m, "stiffness": k_, "damping": c, "initialVelocity": v0}
        D = 100.0
        out = run({"initialValue": 0, "transactions": [{"time": 0, "value": D, "animation": anim}]},
                  fps=60, t_from=0, t_to=0.9)
        mm, kk, cc = mpf(m), mpf(k_), mpf(c)
        if cc * cc > 4 * kk * mm:          # overdamped → critical at ω0 (the quirk)
            cc = 2 * mpmath.sqrt(kk * mm)
        A = mpmath.matrix([[0, 1], [-kk / mm, -cc / mm]])
        worst = worst_v = 0.0
        removed_at = [e["time"] for e in out["events"] if e["kind"] == "removed"]
        for idx, (t, v) in enumerate(values(out)):
            velocity = out["samples"][idx]["velocity"]
            y = mpmath.expm(A * mpf(t)) * mpmath.matrix([[-1], [mpf(v0)]])
            if removed_at and t >= removed_at[0]:
                check(v == D, f"spring {label}: snapped to the model after removal")
                check(velocity is None, f"spring {label}: no velocity once removed")
                continue
            # The velocity is the closed form's: D·x'(t) of the first-order system (D·v0 at t = 0).
            worst_v = max(worst_v, float(abs(velocity - D * y[1])))
            check(near(velocity, float(D * y[1]), 1e-10, D), f"spring {label} t={t}: velocity {velocity} vs {D * y[1]}")
            if idx == 0:
                check(v == 0.0, f"spring {label}: hold at the transaction frame")
                continue
            exact = D * (1 + y[0])
            worst = max(worst, float(abs(v - exact)))
            check(near(v, float(exact), 1e-11, D), f"spring {label} t={t}: {v} vs {exact}")
        results.append(f"interpolatingSpring {label}: closed form on every frame, max |Δ| = {worst:.2e}; "
                       f"velocity = its derivative, max |Δ| = {worst_v:.2e}")

    # 3. speed(2) halves a 1 s linear.
    out = run({"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation": {
        "type": "linear", "duration": 1, "speed": 2}}]}, fps=60, t_from=0, t_to=0.7)
    for t, v in values(out):
        if t <= 0.5:
            check(near(v, 200.0 * t, 1e-13, 100), f"speed(2): t={t} value {v} != {200 * t}")
        else:
            check(v == 100.0, f"speed(2): t={t} must be at the model 100, got {v}")
    check(dict(values(out))[0.5] == 100.0, "speed(2): must reach 100 at exactly 0.5 s")
    rem = [e["time"] for e in out["events"] if e["kind"] == "removed"]
    check(rem == [31 / 60], f"speed(2): removed at {rem}, expected the first frame after 0.5 s")
    results.append("speed(2) on linear(1): value = 100·2t, 100 at 0.5 s, removed at frame 31 (0.5167 s)")

    # 4. repeatCount(2, autoreverses: true): forward, back, stops (snap to the model).
    d = 0.3
    out = run({"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation": {
        "type": "easeInOut", "duration": d, "repeatCount": 2}}]}, fps=60, t_from=0, t_to=0.9)
    vals = values(out)
    ends = [t for t, _ in vals if t > d][:1]
    t_end1 = ends[0]                                   # frame where the base first returned nil
    rem = [e["time"] for e in out["events"] if e["kind"] == "removed"]
    check(len(rem) == 1, "repeatCount(2): one removal")
    phase_up, phase_down = [], []
    for t, v in vals:
        if 0 < t <= d:
            exact = 100 * mp_bezier(0.42, 0, 0.58, 1, mpf(t) / mpf(d))
            check(near(v, float(exact), 1e-12, 100), f"repeat forward t={t}: {v} vs {exact}")
            phase_up.append(v)
        elif t == t_end1:
            check(v == 100.0, f"repeat: the frame where cycle 1 ends shows the end value, got {v}")
        elif t_end1 < t < rem[0]:
            exact = 100 - 100 * mp_bezier(0.42, 0, 0.58, 1, (mpf(t) - mpf(t_end1)) / mpf(d))
            check(near(v, float(exact), 1e-12, 100), f"repeat reverse t={t}: {v} vs {exact}")
            phase_down.append(v)
        elif t >= rem[0]:
            check(v == 100.0, f"repeat: stops and snaps to the model value, got {v} at {t}")
    check(all(a < b for a, b in zip(phase_up, phase_up[1:])), "repeat: forward cycle increases")
    check(all(a > b for a, b in zip(phase_down, phase_down[1:])), "repeat: reverse cycle decreases")
    check(phase_down[-1] < 1.0, "repeat: reverse cycle ends near the start")
    t_end2 = min(t for t, _ in vals if t - t_end1 > d)
    check(rem[0] == t_end2, f"repeat: removal at {rem[0]}, expected {t_end2}")
    results.append(f"repeatCount(2, autoreverses): forward to 100, back to {phase_down[-1]:.3g}, removed and "
                   f"snapped to 100 at {rem[0]:.4f} s")

    # 5. A merged fluid spring keeps the value continuous at the merge frame and carries the velocity.
    for fps in (60, 120):
        out = run({"initialValue": 0, "transactions": [
            {"time": 0, "value": 100, "animation": "spring"},
            {"time": 0.2, "value": 50, "animation": {"type": "spring", "response": 0.3, "dampingFraction": 0.6}}]},
            fps=fps, t_from=0, t_to=1.0)
        s = out["samples"]
        km = frame_of(0.2, fps)
        # (M + P) − I is held; M and I both change by Δ, so equal up to rounding
        check(near(s[km]["value"], s[km - 1]["value"], 1e-13, 100), "merge: the merge frame holds the value")
        check(s[km]["velocity"] == s[km - 1]["velocity"], "merge: the velocity is carried bitwise")
        step = abs(s[km + 1]["value"] - s[km]["value"])
        vmax = max(abs(s[i]["velocity"]) for i in range(km - 2, km + 3))
        check(step <= 1.5 * vmax * 2 / fps, f"merge: no jump after the merge frame ({step} vs v {vmax})")
        # and the uninterrupted fluid spring follows the exact spring to the integrator's accuracy
        out1 = run({"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation": "spring"}]},
                   fps=fps, t_from=0, t_to=0.6)
        w0 = 2 * mpmath.pi / mpf(0.5)
        lam = mpf(0.825) * w0
        wd = mpmath.sqrt(w0 ** 2 - lam ** 2)
        worst = 0.0
        step_time = 0.0
        for t, v in values(out1)[1:]:
            while step_time < t:                           # the 1/300 s step the integrator lands on
                step_time += 1.0 / 300.0                   # (accumulated, as the reference's loop does)
            ts = mpf(step_time)
            exact = 100 * (1 - mpmath.exp(-lam * ts) * (mpmath.cos(wd * ts) + lam / wd * mpmath.sin(wd * ts)))
            worst = max(worst, float(abs(v - exact)))
        # velocity-Verlet at 1/300 s starting from F = 0 (not k·D): a lag of about half a step early on
        check(worst < 0.01 * 100, f"fluid spring vs exact spring: {worst}")
        results.append(f"fluid spring merge ({fps} fps): merge frame holds, velocity carried, next step "
                       f"{step:.3g} ≤ 3|v|/fps; uninterrupted spring within {worst:.2e} of the exact spring")

    # 6. A combine keeps the value continuous: ease then ease against the lerp chain, independently.
    out = run({"initialValue": 0, "transactions": [
        {"time": 0, "value": 100, "animation": {"type": "easeInOut", "duration": 0.5}},
        {"time": 0.2, "value": 0, "animation": {"type": "easeOut", "duration": 0.4}}]}, fps=60, t_from=0, t_to=0.7)
    s = values(out)
    kc = 12
    check(near(s[kc][1], s[kc - 1][1], 1e-13, 100), "combine: the combine frame holds")
    for t, v in s:
        if 0.2 < t <= 0.6 + 1e-12:
            r0 = 100 * mp_bezier(0.42, 0, 0.58, 1, min(mpf(t) / mpf(0.5), mpf(1)))
            f1 = mp_bezier(0, 0, 0.58, 1, (mpf(t) - mpf(12) / 60) / mpf(0.4))
            exact = r0 + f1 * (0 - r0)
            check(near(v, float(exact), 1e-12, 100), f"combine t={t}: {v} vs {exact}")
    # The velocity is the derivative of that chain (mpmath.diff of the exact formula; away from the kinks
    # at 0.2, 0.5 and 0.6 s where one side's derivative is taken); an ease from rest starts with the
    # limit of y/x at 0 (1/0.58 for easeOut), taken here as mp_bezier(h)/h for a tiny h.
    def chain(t):
        r0 = 100 * mp_bezier(0.42, 0, 0.58, 1, min(t / mpf(0.5), mpf(1)))
        return r0 + mp_bezier(0, 0, 0.58, 1, (t - mpf(12) / 60) / mpf(0.4)) * (0 - r0)
    worst_v = 0.0
    for sample in out["samples"]:
        t = sample["time"]
        if 0.2 < t < 0.6 and abs(t - 0.5) > 1e-9:
            exact = mpmath.diff(chain, mpf(t))
            worst_v = max(worst_v, float(abs(sample["velocity"] - exact)))
            check(near(sample["velocity"], float(exact), 1e-9, 1000), f"combine t={t}: velocity {sample['velocity']} vs {exact}")
    h = mpf(10) ** -25
    ease_out_start = mp_bezier(0, 0, 0.58, 1, h) / h
    check(abs(ease_out_start - 1 / mpf(0.58)) < 1e-10, f"easeOut's slope at 0: {ease_out_start}")
    single = run({"initialValue": 0, "transactions": [{"time": 0, "value": -180, "animation": ".easeOut(duration: 0.5)"}]},
                 fps=60, t_from=0, t_to=0)
    check(near(single["samples"][0]["velocity"], float(-180 * ease_out_start / mpf(0.5)), 1e-13, 1000),
          f"easeOut from rest: starting velocity {single['samples'][0]['velocity']}")
    # the held frame makes the next step cover two frames of motion: no jump beyond that
    before = abs(s[kc - 1][1] - s[kc - 2][1])
    after = abs(s[kc + 1][1] - s[kc][1])
    check(after <= 2.5 * before, f"combine: continuous after the combine frame ({after} vs {before})")
    out = run({"initialValue": 0, "transactions": [
        {"time": 0, "value": 100, "animation": "spring"},
        {"time": 0.25, "value": 200, "animation": {"type": "easeInOut", "duration": 0.3}}]}, fps=60, t_from=0,
        t_to=0.6)
    s = values(out)
    check(near(s[15][1], s[14][1], 1e-13, 100), "spring → ease: the combine frame holds")
    before = abs(s[14][1] - s[13][1])
    after = abs(s[16][1] - s[15][1])
    check(after <= 2.5 * before, f"spring → ease combine continuous ({after} vs {before})")
    results.append(f"combine: velocity = d/dt of the chain, max |Δ| = {worst_v:.2e}; an easeOut(0.5) of −180 from "
                   f"rest starts at {single['samples'][0]['velocity']:.6g} = −180·(1/0.58)/0.5")
    results.append("combine: hold at the combine frame; ease→ease equals r0 + f1·(T1 − r0) on every frame; "
                   "spring→ease continuous")

    # 7. Component-wise dict values equal per-component scalars (Bezier and interpolating springs).
    for anim in ({"type": "easeInOut", "duration": 0.3},
                 {"type": "interpolatingSpring", "duration": 0.4, "bounce": 0.2, "initialVelocity": 1}):
        start = {"x": 0.0, "y": 10.0}
        txs = [({"x": 100.0, "y": -50.0}, 0), ({"x": 20.0, "y": 80.0}, 0.1)]
        vec = run({"initialValue": start, "transactions": [{"time": t, "value": v, "animation": anim}
                                                            for v, t in txs]}, fps=60, t_from=0, t_to=1.2)
        for key in ("x", "y"):
            sc = run({"initialValue": start[key], "transactions": [{"time": t, "value": v[key], "animation": anim}
                                                                    for v, t in txs]}, fps=60, t_from=0, t_to=1.2)
            for a, b in zip(vec["samples"], sc["samples"]):
                check(a["value"][key] == b["value"], f"dict {key} at {a['time']}: {a['value'][key]} vs {b['value']}")
            ev_s = [(e["time"], e["kind"], e["transaction"]) for e in sc["events"]]
            ev_v = [(e["time"], e["kind"], e["transaction"]) for e in vec["events"]]
            check(ev_s == ev_v, f"dict {key}: events differ")
        results.append(f"dict values = per-component scalars for {anim['type']} (bitwise, with the same events)")

    # 8. Worked figures of the reference: removal of a 0 → 90° .spring() rotation (animatableData ×128) at
    #    1.283 s and of a raw π/2 at 0.833 s (§9); a merge at 12/60 s with r = 0.5 completes logically on
    #    frame 42, 30 whole frames after the merge (choice 1: SwiftUI's 42/60 − 12/60 = 0.4999… would give 43,
    #    as the reference's §6.2 figure does).
    for D, expected in ((math.pi / 2 * 128, 77 / 60), (math.pi / 2, 50 / 60)):
        out = run({"initialValue": 0, "transactions": [{"time": 0, "value": D, "animation": "spring"}]},
                  fps=60, t_from=0, t_to=0)
        check(out["duration"] == expected, f"spring removal for Δ = {D}: {out['duration']} vs {expected}")
    out = run({"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation": "spring"},
                                                   {"time": 0.2, "value": 50, "animation": "spring"}]},
              fps=60, t_from=0, t_to=0)
    lc = [e["time"] for e in out["events"] if e["kind"] == "logicallyComplete" and e["transaction"] == 1]
    check(lc == [42 / 60], f"merge at 12/60: logical completion at {lc}, expected frame 42")
    d1 = SpringAnimation(1.0, 170.0, 15.0, 0.0).duration
    d2 = SpringAnimation(1.0, 100.0, 10.0, 0.0).duration
    check(d1 == 1.0 and abs(d2 - 1.47) < 0.005, f"interpolatingSpring durations {d1}, {d2} (reference: 1.0, 1.47)")
    results.append("reference figures: interpolatingSpring durations 1.0 s (k 170, c 15) and 1.47 s (k 100, c 10); "
                   ".spring() removal at 1.283 s (Δ 201.06) and 0.833 s (Δ π/2); "
                   "merge at 12/60 s completes logically on frame 42, 30 frames after it")

    # 9. Frame clock and event bookkeeping sanity.
    check(frame_of(0.2, 60) == 12 and frame_of(0.105, 60) == 7 and frame_of(0.2, 120) == 24
          and frame_of(1e-10, 60) == 0 and frame_of(0.01, 60) == 1, "frame_of")
    for e in table_entries():
        out = run(e["scenario"], fps=e["fps"], t_from=e["from"], t_to=e["to"], mode=e["defaultAnimation"])
        kinds = {}
        for ev in out["events"]:
            if ev["kind"] != "phase":
                key = (ev["transaction"], ev["kind"])
                check(key not in kinds, f"{e['name']}: {key} fired twice")
                kinds[key] = ev["time"]
        for (j, kind), t in kinds.items():
            if kind == "removed":
                lc = kinds.get((j, "logicallyComplete"))
                check(lc is not None and lc <= t, f"{e['name']}: transaction {j} logical after removal")
    results.append("frame_of snapping; per table scenario every completion fires once, logical ≤ removed")

    # 10. SwiftUI expression strings: each equals its JSON object (or name) on every frame, with the same
    #     events and duration, alone and interrupting (merge or combine) a spring at 0.2 s.
    pairs = [
        (".spring(response: 0.4, dampingFraction: 0.7).delay(0.1)",
         {"type": "spring", "response": 0.4, "dampingFraction": 0.7, "delay": 0.1}),
        ("Animation.easeOut(duration: 0.3).delay(0.1).speed(2)",
         {"type": "easeOut", "duration": 0.3, "delay": 0.1, "speed": 2}),
        # speed before delay: 2·max(0, t − 0.1) = max(0, 2t − 0.2) bitwise (scaling by 2 is exact)
        ("Animation.easeOut(duration: 0.3).speed(2).delay(0.1)",
         {"type": "easeOut", "duration": 0.3, "delay": 0.2, "speed": 2}),
        (".linear(duration: 0.2).repeatCount(3, autoreverses: false)",
         {"type": "linear", "duration": 0.2, "repeatCount": 3, "autoreverses": False}),
        (".easeInOut(duration: 0.3).repeatCount(2)", {"type": "easeInOut", "duration": 0.3, "repeatCount": 2}),
        (".easeInOut(duration: 0.4).repeatForever()", {"type": "easeInOut", "duration": 0.4, "repeatForever": True}),
        (".linear(duration: 1).logicallyComplete(after: 0.3)",
         {"type": "linear", "duration": 1, "logicallyCompleteAfter": 0.3}),
        (".interpolatingSpring(stiffness: 170, damping: 15)",
         {"type": "interpolatingSpring", "stiffness": 170, "damping": 15}),
        (".interpolatingSpring(mass: 2, stiffness: 100, damping: 60, initialVelocity: 1.5)",
         {"type": "interpolatingSpring", "mass": 2, "stiffness": 100, "damping": 60, "initialVelocity": 1.5}),
        ("Animation.interpolatingSpring(duration: 0.5, bounce: 0.3, initialVelocity: -2)",
         {"type": "interpolatingSpring", "duration": 0.5, "bounce": 0.3, "initialVelocity": -2}),
        (".timingCurve(0.68, -0.55, 0.265, 1.55, duration: 0.5)",
         {"type": "timingCurve", "controlPoints": [0.68, -0.55, 0.265, 1.55], "duration": 0.5}),
        (".timingCurve(0.42, 0, 0.58, 1)", "easeInOut"),
        (".smooth(duration: 0.4, extraBounce: 0.1)", {"type": "smooth", "duration": 0.4, "extraBounce": 0.1}),
        (".snappy(extraBounce: -0.1)", {"type": "snappy", "extraBounce": -0.1}),
        (" \n Animation . bouncy ( duration : 0.6 ,\textraBounce: 1e-1 ) ",
         {"type": "bouncy", "duration": 0.6, "extraBounce": 0.1}),
        (".spring(duration: 0.3, bounce: 0.7, blendDuration: 0.2)",
         {"type": "spring", "duration": 0.3, "bounce": 0.7, "blendDuration": 0.2}),
        (".interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0.1)",
         {"type": "interactiveSpring", "duration": 0.2, "extraBounce": 0.1, "blendDuration": 0.1}),
        (".interactiveSpring(response: 0.2, dampingFraction: 0.5)",
         {"type": "interactiveSpring", "response": 0.2, "dampingFraction": 0.5}),
        (".spring", "spring"), (".spring()", "spring"), (".interactiveSpring()", "interactiveSpring"),
        (".smooth()", "smooth"), ("Animation.snappy()", "snappy"), (".bouncy", "bouncy"),
        (".interpolatingSpring()", "interpolatingSpring"), (".interpolatingSpring", "interpolatingSpring"),
        (".easeIn", "easeIn"), (".linear(duration: 0.35)", "linear"), ("Animation.default", "default"),
    ]

    def same_run(a, b, mode="ios17"):
        for txs in ([(0, 100, "x")], [(0, 100, "spring"), (0.2, -50, "x")]):
            docs = [{"initialValue": 0, "transactions": [
                {"time": t, "value": v, "animation": ab if anim == "x" else anim}
                for t, v, anim in txs]} for ab in (a, b)]
            outs = [run(d, fps=60, t_from=0, t_to=1.5, mode=mode) for d in docs]
            check(outs[0] == outs[1], f"expression {a!r} differs from {b!r} ({mode}, {len(txs)} transactions)")

    for a, b in pairs:
        same_run(a, b)
    for mode in DEFAULT_MODES:
        same_run(".default", "default", mode)
    check(run({"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation":
                                                     "Animation.easeOut(duration: 0.3).speed(2).delay(0.1)"}]},
              fps=60, t_from=0, t_to=0.4)
          != run({"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation":
                                                        {"type": "easeOut", "duration": 0.3, "delay": 0.1, "speed": 2}}]},
                 fps=60, t_from=0, t_to=0.4), "speed-then-delay must differ from the object's delay-then-speed")
    results.append(f"{len(pairs)} SwiftUI expressions equal their JSON objects / names on every frame (alone and "
                   f"interrupting a spring), .default in each --default-animation mode; .speed(2).delay(0.1) ≠ the "
                   f"object {{delay: 0.1, speed: 2}}")

    # 12. Elapsed time counts whole frames: a scenario shifted to start on frame k shows the same values and
    # fires the same events the same frames after its start, for any k; .linear(duration: 0.1) at 60 fps is
    # removed 7 frames after it starts (6/60 = 0.1 exactly, and it is sampled while e ≤ d).
    shift_cases = [
        [(0, 100, {"type": "linear", "duration": 0.1})],
        [(0, 100, "easeInOut"), (7, -40, {"type": "spring", "response": 0.3, "dampingFraction": 0.6})],
        [(0, 100, {"type": "easeOut", "duration": 0.25, "delay": 0.05}), (5, 30, "bouncy"), (9, 0, "smooth")],
        [(0, 100, {"type": "interpolatingSpring", "stiffness": 170, "damping": 15}), (3, 20, None)],
        [(0, 100, {"type": "spring", "response": 0.4, "dampingFraction": 0.7, "blendDuration": 0.2}),
         (11, -60, {"type": "spring", "response": 0.2, "dampingFraction": 0.9})],
    ]
    shifts = (1, 7, 59, 60, 61, 600, 6007, 60_001, 215_000)
    for fps in (60, 120):
        for txs in shift_cases:
            def shifted(k):
                doc = {"initialValue": 0, "transactions": [
                    {"time": (k + f) / fps, "value": v, "animation": anim} for f, v, anim in txs]}
                out = run(doc, fps=fps, t_from=k / fps, t_to=(k + 240) / fps)
                events = [(round(e["time"] * fps) - k, e["kind"], e["transaction"]) for e in out["events"]]
                return ([(s["value"], s["velocity"]) for s in out["samples"]], events,
                        round(out["duration"] * fps) - k)
            base = shifted(0)
            for k in shifts:
                check(shifted(k) == base, f"{txs} at {fps} fps started on frame {k} differs from frame 0")
    for k in shifts:
        out = run({"initialValue": 0, "transactions": [{"time": k / 60, "value": 100, "animation":
                                                        {"type": "linear", "duration": 0.1}}]},
                  fps=60, t_from=k / 60, t_to=(k + 8) / 60)
        check(out["duration"] == (k + 7) / 60, f"linear(0.1) started on frame {k}: removed at {out['duration']}")
    results.append(f"{len(shift_cases)} scenarios shifted to start on {len(shifts)} later frames (60 and 120 fps) "
                   f"give the same frames and events relative to their start; linear(0.1) is removed 7 frames after "
                   f"it starts")

    # 11. The error table: every case raises at its intended path and column, and the written file is current.
    errors = build_error_table()
    if os.path.exists(ERRORS_OUT):
        with open(ERRORS_OUT) as f:
            check(json.load(f) == errors, f"{os.path.relpath(ERRORS_OUT, ROOT)} is stale: regenerate it")
    results.append(f"error table: {len(errors['cases'])} malformed scenarios each raise at the intended path and "
                   f"column")

    for r in results:
        print("ok  " + r)
    print(f"{len(results)} checks passed")


# ---------------------------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenario", nargs="?", help="scenario JSON (prints the `motionlab animate` JSON)")
    ap.add_argument("--check", action="store_true", help="run the independent self-checks")
    ap.add_argument("--out", default=OUT, help="where the table goes (default data/reference/animations.json)")
    ap.add_argument("--errors-out", default=ERRORS_OUT,
                    help="where the error table goes (default data/reference/animation_errors.json)")
    ap.add_argument("--fps", type=float, default=60.0)
    ap.add_argument("--from", dest="t_from", type=float)
    ap.add_argument("--to", dest="t_to", type=float)
    ap.add_argument("--times", type=lambda s: [float(x) for x in s.split(",") if x.strip()])
    ap.add_argument("--default-animation", default="ios17", choices=DEFAULT_MODES)
    args = ap.parse_args(argv)
    if args.check:
        run_checks()
        return 0
    if args.scenario:
        try:
            with open(args.scenario) as f:
                doc = json.load(f)
            fps = int(args.fps) if args.fps == int(args.fps) else args.fps
            out = run(doc, fps=fps, t_from=args.t_from, t_to=args.t_to, times=args.times,
                      mode=args.default_animation)
        except (ScenarioError, UsageError, OSError, json.JSONDecodeError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        json.dump(out, sys.stdout, indent=1, allow_nan=False)
        sys.stdout.write("\n")
        return 0
    write_table(args.out)
    write_error_table(args.errors_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
