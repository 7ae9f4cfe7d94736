"""Export a timeline, a scenario, a fit, a spring or a timing curve to another platform's code."""
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
           fps: Optional[float] = None, target: float = 1.0, initial_velocity: float = 0.0,
           epsilon: Optional[float] = None, curve_duration: Optional[float] = None) -> Export:
    """`subject` in `format` (css, waapi, swiftui, lottie, compose, android, flutter, motion, reanimated,
    react-spring, core-animation): a :class:`~motionlab.Timeline`, a timeline or scenario dict (or JSON
    text), a fit result (`fit_keyframes`, `fit_spring`, `fit_bezier`), a :class:`~motionlab.Spring` (its
    motion from 0 to `target`) or a :class:`~motionlab.Curve` (over `curve_duration`, default 0.35 s;
    an inverse, CSS or bezier curve as the control points its `description` reports).

    Args:
        tolerance: the largest error where the target approximates (default: each exporter's).
        fps: frames per second of frame-based formats and of a scenario's run (default 60).
        name: the exported rule's or layer's name.
        epsilon: a spring's settling band (default: the spring's own `epsilon`, else 0.001).
    """
    from .curves import Curve
    from .springs import Spring
    from .timelines import Timeline
    document = spring = curve_name = bezier = None
    if isinstance(subject, Spring):
        if epsilon is None:
            epsilon = subject._epsilon
        spring = subject._named_for(epsilon)
    elif isinstance(subject, Curve):
        curve_name, bezier = subject._export_subject()
    elif isinstance(subject, Timeline):
        document = subject._document
    elif isinstance(subject, Record):
        document = _native.json_text(subject.to_dict())
    elif isinstance(subject, dict):
        document = _native.json_text(subject)
    else:
        document = str(subject).encode("utf-8")
    nan = math.nan
    epsilon = 0.001 if epsilon is None else float(epsilon)  # only a spring reads it
    result, notes = _native.call(
        "motionlab_export", document, spring, curve_name, _native.pointer(bezier), float(target),
        float(initial_velocity), epsilon, nan if curve_duration is None else float(curve_duration),
        format.encode("utf-8"), nan if tolerance is None else float(tolerance), nan if fps is None else float(fps),
        name.encode("utf-8"))
    return Export(result, notes)
