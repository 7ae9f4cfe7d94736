"""SwiftUI's animation engine on a scenario."""
import math
import os
from pathlib import Path
from typing import Any, Optional, Union

from . import _native
from ._result import Record
from .errors import DataError


class AnimationRun(Record):
    """The `animate` document: `samples` (the reported frames: time, value, velocity), `events`,
    `duration`, `fps`, spring segments beside the exact spring, phase cycles."""

    _title = "Animation run"
    _summary = ("duration",)

    def __repr__(self) -> str:
        samples = self._document.get("samples", [])
        return f"{super().__repr__()}\n  samples   {len(samples)}\n  events    {len(self._document.get('events', []))}"


def _scenario_text(scenario: Union[dict, str, "os.PathLike[str]"]) -> str:
    """The scenario as JSON text: a dict serialised, JSON text as given, a path's file read."""
    if isinstance(scenario, dict):
        return _native.json_text(scenario).decode("utf-8")
    if isinstance(scenario, str) and scenario.lstrip().startswith("{"):
        return scenario
    path = os.fspath(scenario)
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise DataError(f"{path}: cannot read the scenario ({reason}); give a dict, JSON text or a scenario file") from None


def animate(scenario: Union[dict, str, "os.PathLike[str]"], *, fps: float = 60, start: Optional[float] = None,
            end: Optional[float] = None, times: Any = None, default_animation: str = "ios17") -> AnimationRun:
    """Runs SwiftUI's animation engine on `scenario` (a dict, JSON text or the path of a scenario
    file: `initialValue` and `transactions` or `phaseAnimator`), with frames at k/`fps` from `start`
    to `end` (default: 0 to the scenario's duration), or at `times`.

    Each of `times` (any order) picks the frame at or after it (within 1e-9 s), and `samples` lists
    those frames once each, in time order, as the command line's ``animate --times`` does."""
    text = _scenario_text(scenario)
    sample_times = None if times is None else _native.as_array(times).ravel()
    result, warnings = _native.call(
        "motionlab_animate", text.encode("utf-8"), float(fps), math.nan if start is None else float(start),
        math.nan if end is None else float(end), _native.pointer(sample_times),
        -1 if sample_times is None else sample_times.size, default_animation.encode("utf-8"))
    return AnimationRun(result, warnings)
