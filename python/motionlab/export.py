"""Export a timeline, a scenario, a fit, a spring or a timing curve to another platform's code."""
import json
import math
from typing import Any, Optional, Union

from . import _native
from ._result import Record


class Export(Record):
    """The `export --json` document: `format`, `text` (the exported code or file), `max_error`, `notes`."""

    _title = "Export"
    _summary = ("format", "maxError", "notes")

    def __str__(self) -> str:
        return self._document["text"]


def export(subject: Any, format: str, *, name: str = "motion", tolerance: Optional[float] = None,
           fps: Optional[float] = None, target: float = 1.0, initial_velocity: float = 0.0, epsilon: float = 0.001,
           curve_duration: Optional[float] = None) -> Export:
    """`subject` in `format` (css, waapi, swiftui, lottie, compose, android, flutter, motion, reanimated,
    react-spring, core-animation): a :class:`~motionlab.Timeline`, a timeline or scenario dict (or JSON
    text), a fit result (`fit_keyframes`, `fit_spring`, `fit_bezier`), a :class:`~motionlab.Spring` (its
    motion from 0 to `target`) or a :class:`~motionlab.Curve` (over `curve_duration`, default 0.35 s).

    Args:
        tolerance: the largest error where the target approximates (default: each exporter's).
        fps: frames per second of frame-based formats and of a scenario's run (default 60).
        name: the exported rule's or layer's name.
    """
    from .curves import Curve
    from .springs import Spring
    from .timelines import Timeline
    document = spring = curve_name = bezier = None
    if isinstance(subject, Spring):
        spring = subject._specification
    elif isinstance(subject, Curve):
        if subject._bezier is not None:
            bezier = subject._bezier
        else:
            curve_name = _native.text(subject.name)
    elif isinstance(subject, Timeline):
        document = subject._document
    elif isinstance(subject, Record):
        document = json.dumps(subject.to_dict()).encode("utf-8")
    elif isinstance(subject, dict):
        document = json.dumps(subject).encode("utf-8")
    else:
        document = str(subject).encode("utf-8")
    nan = math.nan
    result, notes = _native.call(
        "motionlab_export", document, spring, curve_name, _native.pointer(bezier), float(target),
        float(initial_velocity), float(epsilon), nan if curve_duration is None else float(curve_duration),
        format.encode("utf-8"), nan if tolerance is None else float(tolerance), nan if fps is None else float(fps),
        name.encode("utf-8"))
    return Export(result, notes)
