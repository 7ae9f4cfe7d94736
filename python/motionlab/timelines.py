"""Keyframe timelines from dicts (the timeline JSON shape), evaluated on arrays; continuity."""
from typing import Any, List, Union

import numpy as np

from . import _native
from ._result import Record, json_number


class ContinuityReport(Record):
    """The `keyframes verify` document: continuity at every junction of every track."""

    _title = "Timeline continuity"
    _summary = ("duration", "continuity", "tangentsFollowRules")


class Timeline:
    """A SwiftUI keyframe timeline from a dict in the timeline JSON shape (``{"initialValue": 0,
    "tracks": [...]}`` or ``{"initialValue": 0, "keyframes": [...]}``), a JSON string, or a Lottie,
    CSS ``@keyframes`` or Web Animations document as text; or a fit's ``timeline`` attribute.
    A dict's numbers may be numpy scalars; a non-finite one raises ArgumentError naming its path."""

    def __init__(self, document: Union[dict, str, Record]):
        if isinstance(document, Record):
            document = document.to_dict()
        self._document = document.encode("utf-8") if isinstance(document, str) else _native.json_text(document)
        info, _ = _native.call("motionlab_timeline_info", self._document)
        self.duration: float = info["duration"]
        #: The names of the value's components (empty for a scalar timeline).
        self.properties: List[str] = info["properties"]
        self._components: int = info["components"]

    def values(self, times: Any) -> Any:
        """The timeline's values at `times` (seconds): shaped like `times` for a scalar timeline (a
        number gives a numpy float64 scalar), else with a last axis of one column per property (a
        number gives one row: shape (properties,))."""
        t = _native.as_array(times)
        out = np.empty(t.shape + ((self._components,) if self.properties else ()), dtype=np.float64)
        _native.call("motionlab_timeline_eval", self._document, _native.pointer(t), t.size, self._components,
                     _native.pointer(out), document=False)
        return _native.shaped(out)

    def values_at_progress(self, progress: Any) -> Any:
        """The values at fractions of the duration, shaped as :meth:`values` shapes them."""
        return self.values(_native.as_array(progress) * self.duration)

    def evaluate(self, times: Any) -> dict:
        """The `keyframes eval --json` document at `times`."""
        t = _native.as_array(times).ravel()
        values = self.values(t)
        samples = []
        for time, value in zip(t.tolist(), values.tolist()):
            if self.properties:
                value = {name: json_number(x) for name, x in zip(self.properties, value)}
            else:
                value = json_number(value)
            samples.append({"time": json_number(time), "value": value})
        return {"duration": self.duration, "samples": samples}

    def verify(self, tolerance: float = 1e-9) -> ContinuityReport:
        """Continuity at every junction (jumps in value, velocity, acceleration below `tolerance`,
        relative, count as none) and SwiftUI's automatic-tangent rules."""
        result, warnings = _native.call("motionlab_timeline_verify", self._document, float(tolerance))
        return ContinuityReport(result, warnings)

    def __repr__(self) -> str:
        kind = f"properties {', '.join(self.properties)}" if self.properties else "scalar"
        return f"Timeline({self.duration:.6g} s, {kind})"
