"""MotionLab in process: SwiftUI's springs, timing curves, keyframe timelines and animation engine,
fits of recorded motion and the tracking of screen recordings, on numpy arrays (and pandas Series/DataFrames, lists).

Results are objects whose attributes are the command line's ``--json`` keys in snake_case;
``to_dict()`` gives those keys and values exactly. Errors are :class:`MotionLabError` subclasses
carrying the library's message.

    >>> import motionlab
    >>> motionlab.Spring(duration=0.5, bounce=0.3).exact_settling_time
    >>> fit = motionlab.fit_keyframes(t, y, keyframes=12)
"""
from ._native import ABI_VERSION, lib as _lib
from .animations import AnimationRun, animate
from .capture import TrackedMotion, track
from .checks import CheckRun, check
from .curves import Curve, CurveSamples
from .export import Export, export
from .errors import ArgumentError, DataError, MotionLabError
from .fitting import (BezierFit, ChannelKeyframeFit, ChannelSteps, KeyframeFit, SpringChoreography, SpringFit,
                      StepMetrics, fit_bezier, fit_keyframes, fit_spring, settle)
from .springs import Spring, SpringDescription
from .timelines import ContinuityReport, Timeline

__version__ = "0.1.0"

__all__ = [
    "ABI_VERSION", "AnimationRun", "ArgumentError", "BezierFit", "ChannelKeyframeFit", "ChannelSteps", "CheckRun", "ContinuityReport", "Curve",
    "CurveSamples", "DataError", "Export", "KeyframeFit", "MotionLabError", "Spring", "SpringChoreography", "SpringDescription", "SpringFit",
    "StepMetrics", "Timeline", "TrackedMotion", "animate", "check", "export", "fit_bezier", "fit_keyframes", "fit_spring",
    "settle", "track",
]
