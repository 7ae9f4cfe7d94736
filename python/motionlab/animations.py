"""SwiftUI's animation engine on a scenario."""
import json
import math
from typing import Any, Optional, Union

from . import _native
from ._result import Record


class AnimationRun(Record):
    """The `animate` document: `frames` (time, value, velocity), `events`, `duration`, spring segments
    beside the exact spring, phase cycles."""

    _title = "Animation run"
    _summary = ("duration",)

    def __repr__(self) -> str:
        frames = self._document.get("frames", [])
        return f"{super().__repr__()}\n  frames    {len(frames)}\n  events    {len(self._document.get('events', []))}"


def animate(scenario: Union[dict, str], *, fps: float = 60, start: Optional[float] = None, end: Optional[float] = None,
            times: Any = None, default_animation: str = "ios17") -> AnimationRun:
    """Runs SwiftUI's animation engine on `scenario` (a dict or JSON text: `initialValue` and
    `transactions` or `phaseAnimator`), with frames at k/`fps` from `start` to `end` (default: 0 to
    the scenario's duration), or at `times`."""
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    sample_times = None if times is None else _native.as_array(times)
    result, warnings = _native.call(
        "motionlab_animate", text.encode("utf-8"), float(fps), math.nan if start is None else float(start),
        math.nan if end is None else float(end), _native.pointer(sample_times),
        -1 if sample_times is None else sample_times.size, default_animation.encode("utf-8"))
    return AnimationRun(result, warnings)
