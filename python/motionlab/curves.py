"""Timing curves: SwiftUI's `UnitCurve` or CSS easing functions, values, velocities and inverses on arrays."""
from typing import Any, Optional, Sequence, Tuple

import numpy as np

from . import _native
from ._result import Record, json_number
from .errors import ArgumentError


class CurveSamples(Record):
    """A curve evaluated at progress values: `curve` (`name`, `semantics`, `inverse`,
    `control_points`) and the arrays `progress`, `value`, `velocity`, `exact_velocity`.
    `to_dict()` is the `curve --json` document."""

    _title = "Curve"

    def __init__(self, curve: dict, progress: np.ndarray, value: np.ndarray, velocity: np.ndarray,
                 exact_velocity: np.ndarray):
        samples = [{"progress": json_number(p), "value": json_number(v), "velocity": json_number(s),
                    "exactVelocity": json_number(e)}
                   for p, v, s, e in zip(progress.tolist(), value.tolist(), velocity.tolist(), exact_velocity.tolist())]
        super().__init__({"curve": curve, "samples": samples})
        for name, array in (("progress", progress), ("value", value), ("velocity", velocity),
                            ("exact_velocity", exact_velocity)):
            object.__setattr__(self, name, array)

    def __repr__(self) -> str:
        rows = [f"{self.curve.name}  —  {self.curve.semantics}"]
        rows += [f"  {p:>12.10g}  {v:>16.12g}  {s:>16.12g}" for p, v, s in
                 zip(self.progress[:20], self.value[:20], self.velocity[:20])]
        if self.progress.size > 20:
            rows.append(f"  … {self.progress.size} samples")
        return "\n".join(rows)


class Curve:
    """A timing curve: a name (``Curve("easeInOut")``, CSS keywords with ``css=True``) or a cubic
    bezier (``Curve(bezier=(0.42, 0, 0.58, 1))``, copied: changing the sequence later does not change
    the curve); ``css=True`` for CSS semantics (extrapolation outside [0, 1]), ``inverse=True`` for
    the curve with x and y swapped.

    `value` and `velocity` return arrays shaped like their input; a number or 0-d array gives a
    numpy float64 scalar, as numpy's ufuncs do."""

    def __init__(self, name: Optional[str] = None, *, bezier: Optional[Sequence[float]] = None, css: bool = False,
                 inverse: bool = False):
        self.name, self.css, self.inverse = name, css, inverse
        self._name = _native.text(name)
        self._css, self._inverse = int(css), int(inverse)
        # A copy: the curve must not follow later changes to the caller's array.
        self._bezier = None if bezier is None else _native.as_array(bezier).copy()
        if self._bezier is not None and self._bezier.size != 4:
            raise ArgumentError(f"bezier needs exactly 4 numbers x1,y1,x2,y2; got {self._bezier.size}")
        self._bezier_address = _native.pointer(self._bezier)
        self.description = self.evaluate([]).curve

    def evaluate(self, progress: Any) -> CurveSamples:
        """Values, velocities (as the platform reports them) and exact velocities at `progress`
        (flattened; `progress` is a copy, never the caller's array)."""
        x = _native.as_array(progress).flatten()
        value, velocity, exact = np.empty_like(x), np.empty_like(x), np.empty_like(x)
        curve, _ = _native.call("motionlab_curve_eval", self._name, _native.pointer(self._bezier),
                                int(self.css), int(self.inverse), _native.pointer(x), x.size, _native.pointer(value),
                                _native.pointer(velocity), _native.pointer(exact))
        return CurveSamples(curve, x, value, velocity, exact)

    def _evaluate(self, progress: Any, which: int) -> Any:
        """One output (0 values, 1 velocities, 2 exact velocities) at `progress`, shaped like it."""
        x = _native.as_array(progress)
        out = np.empty_like(x)
        outputs = [None, None, None]
        outputs[which] = _native.pointer(out)
        # No description document (out = NULL): only the array.
        _native.call("motionlab_curve_eval", self._name, self._bezier_address, self._css, self._inverse,
                     _native.pointer(x), x.size, outputs[0], outputs[1], outputs[2], None, document=False)
        return _native.shaped(out)

    def value(self, progress: Any) -> Any:
        """The curve's values at `progress` (array-like), shaped like it (a number gives a numpy float64)."""
        return self._evaluate(progress, 0)

    def velocity(self, progress: Any, exact: bool = False) -> Any:
        """The curve's velocities at `progress`: as the platform reports them, or the exact limit."""
        return self._evaluate(progress, 2 if exact else 1)

    def inverted(self) -> "Curve":
        """The inverse curve (x and y swapped): its `value` maps output progress back to input progress."""
        return Curve(self.name, bezier=None if self._bezier is None else self._bezier.tolist(), css=self.css,
                     inverse=not self.inverse)

    def _export_subject(self) -> Tuple[Optional[bytes], Optional[np.ndarray]]:
        """What `export` passes for this curve: (SwiftUI name, None) or (None, control points).

        An inverse, CSS or bezier curve exports as the control points the library reports for it
        (its description's `controlPoints`: an inverse already swapped, a CSS keyword resolved), so
        the export is the curve this object evaluates. The inverses without control points have
        SwiftUI names: linear's is linear, circularEaseIn's is exactly circularEaseOut
        (y = 1 − √(1 − x²) solved for x is √(1 − (1 − y)²)) and vice versa; circularEaseInOut's
        has none and is refused."""
        points = self.description.to_dict().get("controlPoints")
        if (self.inverse or self.css or self._bezier is not None) and points is not None:
            return None, np.array(points, dtype=np.float64)
        if not self.inverse:
            return self._name, None
        name = _INVERSE_NAMES.get(self.name or "")
        if name is None:
            raise ArgumentError(f"the inverse of {self.name} has no SwiftUI name and no control points: it cannot be "
                                "exported (the inverses that can: of a bezier, a CSS curve, linear, easeIn/Out/InOut, "
                                "circularEaseIn, circularEaseOut)")
        return _native.text(name), None

    def __repr__(self) -> str:
        return f"Curve({self.description.name!r}, {self.description.semantics})"


#: The named curves without control points whose inverse is a named curve.
_INVERSE_NAMES = {"linear": "linear", "circularEaseIn": "circularEaseOut", "circularEaseOut": "circularEaseIn"}
