"""Fits of recorded motion and step metrics, on arrays."""
import warnings as _warnings
from typing import Any, Dict, Optional, Sequence, Tuple, Union

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
    `damping_ratio`, `response`), `start_time`, `from_` (the key `from`, a Python keyword),
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


class ChannelKeyframeFit(Record):
    """The `fit keyframes --columns` document: one multi-track `timeline` (a track per channel),
    `keyframes` (shared ones, `to` an object of every channel's value; None with independent times),
    `rmse`, `max_error`, `max_error_time`, `max_error_channel` over every sample, `channels` (each
    channel's `fit keyframes` document), `end_times`, `shared_times`, `swift_ui`, `warnings`;
    :attr:`timeline_object` evaluates the fitted timeline."""

    _title = "Keyframe fit of several channels"

    def __repr__(self) -> str:
        d = self._document
        names = ", ".join(f"'{c['channel']}'" for c in d["channels"])
        times = f"{len(d['endTimes'])} shared keyframes" if d["endTimes"] is not None else "keyframes on independent times"
        rows = [(c["channel"], str(len(c["keyframes"])), f"{c['rmse']:.6g}", f"{c['maxError']:.6g}",
                 f"{c['maxErrorTime']:.6g}", f"{c['r2']:.10g}") for c in d["channels"]]
        return "\n".join([f"Fitted {len(d['channels'])} tracks ({times}) to the samples of {names} "
                          f"(time 0 = {d['startTime']:.6g} s)",
                          _table(("channel", "keyframes", "RMSE", "max error", "at (s)", "R²"), rows),
                          f"  RMSE (all samples)  {d['rmse']:.6g}",
                          f"  max error           {d['maxError']:.6g} in '{d['maxErrorChannel']}' at "
                          f"{d['maxErrorTime']:.6g} s", "", d["swiftUI"]])

    @property
    def timeline_object(self) -> Timeline:
        """The fitted multi-track timeline, to evaluate (its time 0 is the earliest sample)."""
        return Timeline(self._document["timeline"])


class SpringChoreography(Record):
    """The `fit spring --columns` document: `channels` (each channel's `fit spring` document with
    `channel` first, or `{channel, error}` when it could not be fitted), `choreography` (per fitted
    channel `start_time`, `offset`, `settling_duration`, `settle_time`), `epsilon`, `start_time`,
    `settle_time`."""

    _title = "Springs of several channels"

    def __repr__(self) -> str:
        d = self._document
        staged = {c["channel"]: c for c in d["choreography"]}
        rows = []
        for c in d["channels"]:
            if "error" in c:
                rows.append((c["channel"], "not fitted", "—", "—", "—", "—", "—"))
                continue
            s, e = c["spring"], staged[c["channel"]]
            rows.append((c["channel"], f"Spring(duration: {s['duration']:.4g}, bounce: {s['bounce']:.3g})",
                         f"{c['from']:.5g} → {c['to']:.5g}", f"{e['startTime']:.4g}", f"{e['offset']:.4g}",
                         f"{e['settleTime']:.4g}", f"{c['rmse']:.4g}"))
        return "\n".join([f"Springs of {len(rows)} channels, {len(d['choreography'])} fitted; settle times within "
                          f"{100 * d['epsilon']:g} % of each step",
                          _table(("channel", "spring", "from → to", "start (s)", "offset (s)", "settles at (s)", "RMSE"),
                                 rows)])


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  " + "  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip()
                     for row in [header, *rows])


def _samples(t: Any, y: Any) -> Tuple[np.ndarray, np.ndarray, Optional[str]]:
    name = getattr(y, "name", None)
    return _native.as_array(t), _native.as_array(y), (str(name) if name is not None else None)


class _Channels:
    """Several channels sharing times: `values` holds them one after another (channels × samples)."""

    def __init__(self, times: np.ndarray, values: np.ndarray, names: Sequence[str]):
        self.times, self.values, self.names = times, values, list(names)
        if values.shape[1] != times.size:
            from .errors import DataError
            raise DataError(f"the recording has {times.size} times but {values.shape[1]} values; they must match")

    def arguments(self) -> tuple:
        return (_native.pointer(self.times), _native.pointer(self.values), self.times.size, len(self.names),
                _native.json_text(self.names))


def _numeric_columns(frame: Any) -> Any:
    """The DataFrame's numeric columns (integers and floats; not bools, strings, dates or
    categories), as the command line reads only numeric columns as channels: the others are
    ignored with a warning, and a frame with none left is a DataError."""
    numeric = [getattr(dtype, "kind", "O") in "iuf" for dtype in frame.dtypes]
    ignored = [str(c) for c, keep in zip(frame.columns, numeric) if not keep]
    if not any(numeric):
        from .errors import DataError
        raise DataError(f"the recording has no numeric column to read as a channel (its columns: "
                        f"{', '.join(map(str, frame.columns)) or 'none'})")
    if ignored:
        _warnings.warn(f"ignored the non-numeric column{'s' if len(ignored) > 1 else ''} "
                       f"{', '.join(repr(c) for c in ignored)}: only numeric columns are channels", stacklevel=4)
        frame = frame.loc[:, numeric]
    return frame


def _recording(t: Any, y: Any) -> Tuple[Any, Any, Any]:
    """The samples of one channel — (times, values, name) — or of several — (times, _Channels, None).

    `t` a DataFrame (and `y` omitted): times from its `time` or `t` column, else its index; every
    other numeric column is a channel. `y` a DataFrame: its numeric columns are the channels
    (others are ignored with a warning). `y` 2-D (samples × channels): channels `value1`, `value2`,
    …. One column is one channel, named after it."""
    if y is None and hasattr(t, "columns"):
        frame = t
        time_column = next((c for c in ("time", "t") if c in frame.columns), None)
        t = frame[time_column] if time_column is not None else frame.index
        y = frame.drop(columns=[time_column]) if time_column is not None else frame
    if y is None:
        from .errors import ArgumentError
        raise ArgumentError("give the values y, or a DataFrame as t whose columns are the channels")
    if hasattr(y, "columns"):
        y = _numeric_columns(y)
        names = [str(c) for c in y.columns]
        # A homogeneous float frame is stored column by column: its transpose is C-contiguous.
        values = _native.as_array(y.to_numpy(dtype=np.float64).T)
    else:
        values = np.asarray(y.to_numpy(dtype=np.float64) if hasattr(y, "to_numpy") else y, dtype=np.float64)
        if values.ndim != 2:
            return _samples(t, y)
        names = [f"value{i + 1}" for i in range(values.shape[1])]
        values = np.ascontiguousarray(values.T)
    times = _native.as_array(t)
    if len(names) == 1:
        return times, values[0], names[0]
    return times, _Channels(times, values, names), None


def _warn(result: Any, warnings: Sequence[str]):
    for message in warnings:
        _warnings.warn(message, stacklevel=3)
    return result


def _keyframe_mode(keyframes: Any, tolerance: Optional[float]) -> Tuple[int, int, Optional[np.ndarray]]:
    """(mode, count, end times) of the C ABI: 0 end times, 1 a count, 2 a tolerance.

    A number (Python or numpy, or a 0-d array) is a count, a whole number (3.0 is 3; the library
    checks its range); end times are a sequence or array, one end time as [3.0]. A bool is neither."""
    from .errors import ArgumentError
    if (keyframes is None) == (tolerance is None):
        raise ArgumentError("give exactly one of keyframes (a count or end times) or tolerance")
    if tolerance is not None:
        return 2, 0, None
    if isinstance(keyframes, int) and not isinstance(keyframes, bool) and keyframes > 2 ** 31:
        raise ArgumentError(f"keyframes must be in 1…100000; got {keyframes}")
    if not hasattr(keyframes, "to_numpy") and np.ndim(keyframes) == 0:
        count = np.asarray(keyframes)
        # Whole numbers go to the library, which checks the count's range (1…100000).
        if count.dtype.kind not in "iuf" or not (np.isfinite(count) and count == np.floor(count)):
            raise ArgumentError(f"keyframes must be a count (a whole number ≥ 1) or a sequence of end times "
                                f"(a single end time as [t]); got {count.item()!r}")
        if count > 2 ** 31:  # beyond a C count, which would wrap; the library checks the range below it
            raise ArgumentError(f"keyframes must be in 1…100000; got {count.item()!r}")
        return 1, int(count), None
    return 0, 0, _native.as_array(keyframes)


def fit_keyframes(t: Any, y: Any = None, keyframes: Union[int, Sequence[float], None] = None, *,
                  tolerance: Optional[float] = None, channel: Optional[str] = None, independent_times: bool = False,
                  css_tolerance: float = 0.005) -> Union[KeyframeFit, ChannelKeyframeFit]:
    """Cubic keyframes (SwiftUI `CubicKeyframe`, automatic velocities) fitted to samples `y` at times `t`
    by banded least squares.

    Several channels (a 2-D `y`, samples × channels, or a DataFrame) are fitted into one multi-track
    timeline, one track per channel, with shared keyframe times unless `independent_times`: with
    `keyframes` each track is its channel's least-squares optimum on the shared times; with `tolerance`
    the fewest shared keyframes keep every channel's max error ≤ it, in each channel's own units.

    Args:
        t: sample times in seconds, strictly increasing (array-like); or a pandas DataFrame whose
           `time`/`t` column (else its index) holds them and whose other columns are the channels.
        y: values at those times: one channel (1-D; a pandas Series names it), several (2-D, one column
           per channel, named `value1`, `value2`, …; or a DataFrame, named by its columns); omitted
           when `t` is a DataFrame.
        keyframes: a count of evenly spaced keyframes — a number (Python or numpy, or a 0-d array) that
           is whole and ≥ 1, so 3.0 is 3 while 3.5 and True are refused — or the keyframes' end times on
           the samples' clock as a sequence or array (a single end time as ``[3.0]``).
        tolerance: instead of `keyframes`, the fewest keyframes whose max error is ≤ this.
        channel: one channel's name in the result (default the Series' name, else "value").
        independent_times: with several channels, choose each track's keyframe times on its own
           (a count or a tolerance, not end times).
        css_tolerance: max error of the CSS `linear()` easing, in output progress.

    Returns:
        a :class:`KeyframeFit` for one channel, a :class:`ChannelKeyframeFit` for several.
    """
    times, values, name = _recording(t, y)
    mode, count, end_times = _keyframe_mode(keyframes, tolerance)
    mode_arguments = (mode, _native.pointer(end_times), 0 if end_times is None else end_times.size, count,
                      float(tolerance or 0))
    if isinstance(values, _Channels):
        result, warnings = _native.call("motionlab_fit_keyframes_channels", *values.arguments(), *mode_arguments,
                                        int(bool(independent_times)), float(css_tolerance))
        return _warn(ChannelKeyframeFit(result, warnings), warnings)
    if independent_times:
        from .errors import ArgumentError
        raise ArgumentError("independent_times chooses each channel's keyframe times: give several channels "
                            "(a 2-D array or a DataFrame)")
    result, warnings = _native.call(
        "motionlab_fit_keyframes", _native.pointer(times), times.size, _native.pointer(values), values.size,
        _native.text(channel or name), *mode_arguments, float(css_tolerance))
    return _warn(KeyframeFit(result, warnings), warnings)


def fit_spring(t: Any, y: Any = None, *, channel: Optional[str] = None,
               css_tolerance: float = 0.005) -> Union[SpringFit, SpringChoreography]:
    """A spring step (start time, from, to, duration, bounce, initial velocity) fitted to samples `y`
    at times `t` by Levenberg–Marquardt.

    Several channels (`t`/`y` as for :func:`fit_keyframes`) get a spring each, and their choreography:
    each channel's start, its offset from the earliest start and when it settles. A channel that
    cannot be fitted is listed with its error (and warned about); none fitted raises.

    Args:
        t: sample times in seconds, strictly increasing; or a DataFrame (see :func:`fit_keyframes`).
        y: the values: one channel, several (2-D or a DataFrame), or omitted when `t` is a DataFrame.
        channel: one channel's name in the result (default the Series' name, else "value").
        css_tolerance: max error of the CSS `linear()` easing, in output progress.
    """
    times, values, name = _recording(t, y)
    if isinstance(values, _Channels):
        result, warnings = _native.call("motionlab_fit_spring_channels", *values.arguments(), float(css_tolerance))
        return _warn(SpringChoreography(result, warnings), warnings)
    result, warnings = _native.call("motionlab_fit_spring", _native.pointer(times), times.size, _native.pointer(values),
                                    values.size, _native.text(channel or name), float(css_tolerance))
    return _warn(SpringFit(result, warnings), warnings)


def fit_bezier(t: Any, y: Any = None, *, channel: Optional[str] = None,
               css_tolerance: float = 0.005) -> Union[BezierFit, Dict[str, BezierFit]]:
    """A cubic-bezier timing curve with its start time and duration, between the samples' plateaus.

    Several channels (`t`/`y` as for :func:`fit_keyframes`) are fitted one by one: a dict from each
    channel's name to its fit (the command line's `fit bezier --column NAME`).

    Args:
        t: sample times in seconds, strictly increasing; or a DataFrame (see :func:`fit_keyframes`).
        y: the values: one channel, several (2-D or a DataFrame), or omitted when `t` is a DataFrame.
        channel: one channel's name in the result (default the Series' name, else "value").
        css_tolerance: max error of the CSS `linear()` easing, in output progress.
    """
    times, values, name = _recording(t, y)
    if isinstance(values, _Channels):
        return {label: fit_bezier(times, row, channel=label, css_tolerance=css_tolerance)
                for label, row in zip(values.names, values.values)}
    result, warnings = _native.call("motionlab_fit_bezier", _native.pointer(times), times.size, _native.pointer(values),
                                    values.size, _native.text(channel or name), float(css_tolerance))
    return _warn(BezierFit(result, warnings), warnings)


def settle(t: Any, y: Any = None, *, threshold: float = 0.02, onset: str = "detected",
           channel: Optional[str] = None, file: str = "-") -> Union[StepMetrics, ChannelSteps]:
    """Settling time, rise time, peak, overshoot and undershoot of a recorded step.

    Args:
        t: sample times in seconds; or a pandas DataFrame whose `time`/`t` column (else its index) holds them.
        y: the values: one channel (1-D), several (a 2-D array, one column per channel, or a DataFrame);
           omitted when `t` is a DataFrame.
        threshold: the settling band's half-width as a fraction of the step, in (0, 1).
        onset: "detected" (times from where the motion leaves its rest value) or "first-sample".
        channel: one channel's name in the result.
        file: what the one-channel document's `file` key says.
    """
    onset_code = {"detected": 0, "first-sample": 1}.get(onset, -1)
    if onset_code < 0:
        from .errors import ArgumentError
        raise ArgumentError(f"onset must be detected or first-sample; got '{onset}'")
    times, values, name = _recording(t, y)
    if isinstance(values, _Channels):
        result, warnings = _native.call("motionlab_settle_channels", *values.arguments(), float(threshold), onset_code)
        return _warn(ChannelSteps(result, warnings), warnings)
    result, warnings = _native.call("motionlab_settle", _native.pointer(times), times.size, _native.pointer(values),
                                    values.size, _native.text(channel or name), _native.text(file), float(threshold),
                                    onset_code)
    return _warn(StepMetrics(result, warnings), warnings)
