"""Fits of recorded motion and step metrics, on arrays."""
import json
import warnings as _warnings
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from ._result import Record
from .timelines import Timeline


class KeyframeFit(Record):
    """The `fit keyframes` document: `keyframes`, `timeline` (timeline JSON), `rmse`, `max_error`,
    `swift_ui` (code), `css`, `channel`, …; :attr:`timeline_object` evaluates the fitted timeline."""

    _title = "Keyframe fit"
    _summary = ("channel", "startTime", "rmse", "maxError", "maxErrorTime", "r2", "swiftUI")

    def __repr__(self) -> str:
        d = self._document
        return "\n".join([
            f"Fitted {len(d['keyframes'])} cubic keyframes to the samples of '{d['channel']}' (time 0 = {d['startTime']:.6g} s)",
            f"  RMSE       {d['rmse']:.6g}",
            f"  max error  {d['maxError']:.6g} at {d['maxErrorTime']:.6g} s",
            f"  R²         {d['r2']:.10g}",
            "", d["swiftUI"]])

    @property
    def timeline_object(self) -> Timeline:
        """The fitted timeline, to evaluate (its time 0 is the recording's first sample)."""
        return Timeline(self._document["timeline"])


class SpringFit(Record):
    """The `fit spring` document: `spring` (`duration`, `bounce`, `mass`, `stiffness`, `damping`,
    `damping_ratio`, `response`), `start_time`, `from_`… (the key `from` is `to_dict()["from"]`),
    `to`, `initial_velocity`, `rmse`, `max_error`, `r2`, `swift_ui`."""

    _title = "Spring fit"
    _summary = ("channel", "spring", "startTime", "from", "to", "initialVelocity", "rmse", "maxError", "r2", "swiftUI")

    def __repr__(self) -> str:
        d = self._document
        return "\n".join([
            f"Fitted a spring to the samples of '{d['channel']}'",
            f"  spring     {d['swiftUI']}",
            f"  start      {d['startTime']:.6g} s, from {d['from']:.6g} to {d['to']:.6g}, initial velocity {d['initialVelocity']:.6g}",
            f"  RMSE       {d['rmse']:.6g}",
            f"  max error  {d['maxError']:.6g}",
            f"  R²         {d['r2']:.10g}"])


class BezierFit(Record):
    """The `fit bezier` document: `control_points`, `start_time`, `duration`, `from`, `to`, `rmse`,
    `max_error`, `css`, `swift_ui`."""

    _title = "Timing-curve fit"
    _summary = ("channel", "controlPoints", "startTime", "duration", "from", "to", "rmse", "maxError", "r2", "css",
                "swiftUI")


class StepMetrics(Record):
    """The `settle` document: `initial_value`, `final_value`, `settling_time`, `rise_time`, `peak`,
    `peak_time`, `overshoot`, `undershoot` (percent), `onset_time`, …"""

    _title = "Step"
    _summary = ("channel", "initialValue", "finalValue", "onsetTime", "settlingTime", "riseTime", "peak", "peakTime",
                "overshoot", "undershoot")


class ChannelSteps(Record):
    """The `settle --columns` document: each channel's step metrics."""

    _title = "Steps"


def _samples(t: Any, y: Any) -> Tuple[np.ndarray, np.ndarray, Optional[str]]:
    name = getattr(y, "name", None)
    return _native.as_array(t), _native.as_array(y), (str(name) if name is not None else None)


def _warn(result: Any, warnings: Sequence[str]):
    for message in warnings:
        _warnings.warn(message, stacklevel=3)
    return result


def fit_keyframes(t: Any, y: Any, keyframes: Union[int, Sequence[float], None] = None, *,
                  tolerance: Optional[float] = None, channel: Optional[str] = None,
                  css_tolerance: float = 0.005) -> KeyframeFit:
    """Cubic keyframes (SwiftUI `CubicKeyframe`, automatic velocities) fitted to samples `y` at times `t`
    by banded least squares.

    Args:
        t: sample times in seconds, strictly increasing (array-like).
        y: values at those times (array-like; a pandas Series names the channel).
        keyframes: a count of evenly spaced keyframes, or the keyframes' end times on the samples' clock.
        tolerance: instead of `keyframes`, the fewest keyframes whose max error is ≤ this.
        channel: the channel's name in the result (default the Series' name, else "value").
        css_tolerance: max error of the CSS `linear()` easing, in output progress.
    """
    times, values, name = _samples(t, y)
    if (keyframes is None) == (tolerance is None):
        from .errors import ArgumentError
        raise ArgumentError("give exactly one of keyframes (a count or end times) or tolerance")
    end_times = None
    if tolerance is not None:
        mode, count = 2, 0
    elif isinstance(keyframes, (int, np.integer)):
        mode, count = 1, int(keyframes)
    else:
        mode, count, end_times = 0, 0, _native.as_array(keyframes)
    result, warnings = _native.call(
        "motionlab_fit_keyframes", _native.pointer(times), times.size, _native.pointer(values), values.size,
        _native.text(channel or name), mode, _native.pointer(end_times), 0 if end_times is None else end_times.size,
        count, float(tolerance or 0), float(css_tolerance))
    return _warn(KeyframeFit(result, warnings), warnings)


def fit_spring(t: Any, y: Any, *, channel: Optional[str] = None, css_tolerance: float = 0.005) -> SpringFit:
    """A spring step (start time, from, to, duration, bounce, initial velocity) fitted to samples `y`
    at times `t` by Levenberg–Marquardt."""
    times, values, name = _samples(t, y)
    result, warnings = _native.call("motionlab_fit_spring", _native.pointer(times), times.size, _native.pointer(values),
                                    values.size, _native.text(channel or name), float(css_tolerance))
    return _warn(SpringFit(result, warnings), warnings)


def fit_bezier(t: Any, y: Any, *, channel: Optional[str] = None, css_tolerance: float = 0.005) -> BezierFit:
    """A cubic-bezier timing curve with its start time and duration, between the samples' plateaus."""
    times, values, name = _samples(t, y)
    result, warnings = _native.call("motionlab_fit_bezier", _native.pointer(times), times.size, _native.pointer(values),
                                    values.size, _native.text(channel or name), float(css_tolerance))
    return _warn(BezierFit(result, warnings), warnings)


def settle(t: Any, y: Any = None, *, threshold: float = 0.02, onset: str = "detected",
           channel: Optional[str] = None, file: str = "-") -> Union[StepMetrics, ChannelSteps]:
    """Settling time, rise time, peak, overshoot and undershoot of a recorded step.

    Args:
        t: sample times in seconds; or a pandas DataFrame whose index (or a `time`/`t` column) holds them.
        y: the values: one channel (1-D), several (a 2-D array, one column per channel), or a DataFrame;
           omitted when `t` is a DataFrame.
        threshold: the settling band's half-width as a fraction of the step, in (0, 1).
        onset: "detected" (times from where the motion leaves its rest value) or "first-sample".
        channel: one channel's name in the result; `file`: what the document's `file` key says.
    """
    onset_code = {"detected": 0, "first-sample": 1}.get(onset, -1)
    if onset_code < 0:
        from .errors import ArgumentError
        raise ArgumentError(f"onset must be detected or first-sample; got '{onset}'")
    if y is None and hasattr(t, "columns"):
        frame = t
        time_column = next((c for c in ("time", "t") if c in frame.columns), None)
        times = frame[time_column] if time_column else frame.index
        y = frame.drop(columns=[time_column]) if time_column else frame
        t = times
    if hasattr(y, "columns"):
        names = [str(c) for c in y.columns]
        values = _native.as_array(y.to_numpy(dtype=np.float64).T)
    else:
        values = _native.as_array(y)
        names = None
        if values.ndim == 2:
            names = [f"value{i + 1}" for i in range(values.shape[1])]
            values = np.ascontiguousarray(values.T)
    times = _native.as_array(t)
    if names is not None and len(names) == 1:
        values, channel = values[0], channel or names[0]
    if names is None or len(names) == 1:
        name = channel or (str(y.name) if getattr(y, "name", None) is not None else None)
        result, warnings = _native.call("motionlab_settle", _native.pointer(times), times.size, _native.pointer(values),
                                        values.size, _native.text(name), _native.text(file), float(threshold),
                                        onset_code)
        return _warn(StepMetrics(result, warnings), warnings)
    if values.shape[1] != times.size:
        from .errors import DataError
        raise DataError(f"the recording has {times.size} times but {values.shape[1]} values; they must match")
    result, warnings = _native.call("motionlab_settle_channels", _native.pointer(times), _native.pointer(values),
                                    times.size, len(names), json.dumps(names).encode("utf-8"), float(threshold),
                                    onset_code)
    return _warn(ChannelSteps(result, warnings), warnings)
