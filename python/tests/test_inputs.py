"""What the package accepts and gives back: numpy scalars, non-finite numbers, shapes, copies,
counts and end times, DataFrame columns, curve exports, a spring's own epsilon, animate's times.

Expected values come from closed forms computed here, from the command line's --json, or from the
documented rule itself."""
import json
import math

import numpy as np
import pandas as pd
import pytest

import motionlab
from helpers import assert_same, numbers, run_error, run_json, spring_step

SCENARIO = {"initialValue": 0, "transactions": [{"time": 0, "value": 1, "animation": "smooth"}]}


# Curve exports: an inverse, CSS or bezier curve exports as the curve it evaluates.

def test_an_inverse_bezier_exports_with_x_and_y_swapped(motionlab_binary):
    x1, y1, x2, y2 = 0.1, 0.6, 0.7, 0.95
    exported = motionlab.export(motionlab.Curve(bezier=(x1, y1, x2, y2), inverse=True), format="css")
    assert f"cubic-bezier({y1}, {x1}, {y2}, {x2})" in exported.text
    assert_same(run_json(motionlab_binary, ["export", "--bezier", numbers([y1, x1, y2, x2]), "--format", "css"]),
                exported.to_dict())


@pytest.mark.parametrize("curve, options", [
    # easeIn is (0.42, 0, 1, 1), as SwiftUI documents it: its inverse swaps x and y.
    (motionlab.Curve("easeIn", inverse=True), ["--bezier", "0,0.42,1,1"]),
    # CSS Easing Level 1: ease is cubic-bezier(0.25, 0.1, 0.25, 1), ease-in-out (0.42, 0, 0.58, 1).
    (motionlab.Curve("ease", css=True), ["--bezier", "0.25,0.1,0.25,1"]),
    (motionlab.Curve("ease-in-out", css=True), ["--bezier", "0.42,0,0.58,1"]),
    (motionlab.Curve("ease", css=True, inverse=True), ["--bezier", "0.1,0.25,1,0.25"]),
    (motionlab.Curve("linear", inverse=True), ["--curve", "linear"]),
    (motionlab.Curve("circularEaseIn", inverse=True), ["--curve", "circularEaseOut"]),
    (motionlab.Curve("circularEaseOut", inverse=True), ["--curve", "circularEaseIn"]),
])
def test_inverse_and_css_curves_export_as_what_they_are(motionlab_binary, curve, options):
    for format in ("css", "swiftui"):
        assert_same(run_json(motionlab_binary, ["export"] + options + ["--format", format]),
                    motionlab.export(curve, format=format).to_dict())


def test_circular_inverses_are_the_other_circular_curve():
    # y = 1 − √(1 − x²) solved for x is √(1 − (1 − y)²): circularEaseIn's inverse is circularEaseOut.
    p = np.linspace(0, 1, 41)
    np.testing.assert_allclose(motionlab.Curve("circularEaseIn", inverse=True).value(p), np.sqrt(1 - (1 - p) ** 2),
                               atol=1e-12)
    np.testing.assert_allclose(motionlab.Curve("circularEaseOut", inverse=True).value(p), 1 - np.sqrt(1 - p ** 2),
                               atol=1e-12)


def test_the_inverse_of_circular_ease_in_out_cannot_be_exported():
    with pytest.raises(motionlab.ArgumentError, match="inverse of circularEaseInOut has no SwiftUI name"):
        motionlab.export(motionlab.Curve("circularEaseInOut", inverse=True), format="swiftui")


# A spring's own epsilon.

def test_a_settling_duration_spring_uses_its_own_epsilon(motionlab_binary):
    zeta, settling, epsilon = 0.7, 1.0, 0.01
    # SwiftUI's rule: ε = ζ/√(1−ζ²)·exp(−ζ·T·ω0), solved for ω0.
    omega0 = -math.log(epsilon * math.sqrt(1 - zeta ** 2) / zeta) / (zeta * settling)
    spring = motionlab.Spring(settling_duration=settling, damping_ratio=zeta, epsilon=epsilon)
    assert spring.duration == pytest.approx(2 * math.pi / omega0, rel=1e-12)
    assert spring.duration == pytest.approx(0.95923, abs=1e-5)
    options = ["--settling-duration", "1", "--damping-ratio", "0.7", "--epsilon", "0.01"]
    assert_same(run_json(motionlab_binary, ["spring"] + options), spring.to_dict())
    assert spring.settling_time() == spring.exact_settling_time == spring.describe().exact_settling_time
    times = np.array([0.05, 0.1, 0.3, 0.8])
    cli = run_json(motionlab_binary, ["spring", "sample"] + options + ["--target", "1", "--times", numbers(times)])
    assert_same(cli, spring.sample_document(times), tolerance=1e-11)
    assert_same(run_json(motionlab_binary, ["export"] + options + ["--format", "flutter"]),
                motionlab.export(spring, format="flutter").to_dict())


def test_another_epsilon_measures_the_same_spring(motionlab_binary):
    """describe/settling_time with another ε keep the spring: the 0.001 spring's settling time
    within 0.01, not the 0.01 spring's."""
    zeta = 0.7
    omega0 = -math.log(0.001 * math.sqrt(1 - zeta ** 2) / zeta) / zeta
    spring = motionlab.Spring(settling_duration=1, damping_ratio=zeta)
    cli = run_json(motionlab_binary, ["spring", "--response", repr(2 * math.pi / omega0), "--damping-ratio", "0.7",
                                      "--epsilon", "0.01"])
    assert spring.settling_time(epsilon=0.01) == pytest.approx(cli["exactSettlingTime"], rel=1e-9)
    assert spring.describe(epsilon=0.01).duration == pytest.approx(spring.duration, rel=1e-12)


@pytest.mark.parametrize("epsilon", [0.0, -1.0])
def test_a_spring_refuses_a_non_positive_epsilon_as_the_command_line_does(motionlab_binary, epsilon):
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.Spring(settling_duration=1, damping_ratio=0.7, epsilon=epsilon)
    cli = run_error(motionlab_binary, ["spring", "--settling-duration", "1", "--damping-ratio", "0.7",
                                       f"--epsilon={epsilon}"])
    assert cli.startswith(f"Error: --{raised.value}\n")


# Copies: results never hold the caller's arrays.

def test_a_bezier_curve_keeps_its_own_control_points():
    points = np.array([0.42, 0.0, 0.58, 1.0])
    curve = motionlab.Curve(bezier=points)
    points[:] = [0.9, 0.0, 1.0, 1.0]
    # (0.42, 0, 0.58, 1) is symmetric about (0.5, 0.5): its value at 0.5 is 0.5.
    assert curve.value(0.5) == pytest.approx(0.5, abs=1e-15)
    assert curve.value(np.array([0.3])) == pytest.approx(1 - curve.value(np.array([0.7])), abs=1e-15)
    assert curve.description.control_points == [0.42, 0.0, 0.58, 1.0]


def test_curve_samples_hold_a_copy_of_the_progress():
    x = np.linspace(0, 1, 5)
    samples = motionlab.Curve("circularEaseIn").evaluate(x)
    assert not np.shares_memory(samples.progress, x)
    x[:] = 7
    assert samples.progress.tolist() == [0, 0.25, 0.5, 0.75, 1]


# numpy numbers and non-finite numbers in documents.

def test_numpy_scalars_are_numbers(motionlab_binary, tmp_path):
    spring = motionlab.Spring(duration=np.float32(0.5), bounce=np.int64(0))
    t = np.array([0.05, 0.1, 0.3])
    omega = 2 * math.pi / 0.5  # critically damped: x(t) = 1 − (1 + ωt)·e^(−ωt)
    np.testing.assert_allclose(spring.sample(t)[0], 1 - (1 + omega * t) * np.exp(-omega * t), rtol=1e-13)
    assert motionlab.Spring(mass=1, stiffness=np.int64(100), damping=np.array(10.0)).stiffness == pytest.approx(100)
    timeline = motionlab.Timeline({"initialValue": np.float64(0), "keyframes": [
        {"type": "linear", "to": np.int64(10), "duration": np.array(1.0)}]})
    np.testing.assert_allclose(timeline.values(t), 10 * t, rtol=1e-15)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO))
    scenario = {"initialValue": np.int32(0), "transactions": [
        {"time": np.float32(0), "value": np.int64(1), "animation": "smooth"}]}
    assert_same(run_json(motionlab_binary, ["animate", str(path)]), motionlab.animate(scenario).to_dict())


@pytest.mark.parametrize("make, message", [
    (lambda: motionlab.Spring(duration=float("nan"), bounce=0), "duration must be a finite number; got nan"),
    (lambda: motionlab.Spring(mass=1, stiffness=math.inf, damping=10), "stiffness must be a finite number; got inf"),
    (lambda: motionlab.Spring(duration=np.float32("nan")), "duration must be a finite number; got nan"),
    (lambda: motionlab.Timeline({"initialValue": 0, "keyframes": [{"type": "linear", "to": math.nan, "duration": 1}]}),
     "keyframes[0].to must be a finite number; got nan"),
    (lambda: motionlab.Timeline({"initialValue": {"x": 0}, "tracks": [{"property": "x", "keyframes": [
        {"type": "move", "to": 1}, {"type": "cubic", "to": 2, "duration": 1, "startVelocity": -math.inf}]}]}),
     "tracks[0].keyframes[1].startVelocity must be a finite number; got -inf"),
    (lambda: motionlab.animate({"initialValue": 0, "transactions": [{"time": 0, "value": math.nan}]}),
     "transactions[0].value must be a finite number; got nan"),
])
def test_non_finite_numbers_are_refused_by_name(make, message):
    with pytest.raises(motionlab.ArgumentError) as raised:
        make()
    assert str(raised.value) == message


# Shapes: outputs are shaped like the input; a number gives a numpy float64 scalar.

@pytest.mark.parametrize("p", [0.6, np.float64(0.6), np.array(0.6), np.float32(0.6)])
def test_a_number_gives_a_number(p):
    curve = motionlab.Curve("circularEaseIn")
    value, velocity = curve.value(p), curve.velocity(p)
    # 1 − √(1 − p²) and its derivative p/√(1 − p²).
    x = float(p)
    assert isinstance(value, np.float64) and value == pytest.approx(1 - math.sqrt(1 - x * x), rel=1e-14)
    assert isinstance(velocity, np.float64) and velocity == pytest.approx(x / math.sqrt(1 - x * x), rel=1e-13)
    values, velocities = motionlab.Spring(duration=0.5, bounce=0).sample(p)
    omega = 2 * math.pi / 0.5
    assert isinstance(values, np.float64) and isinstance(velocities, np.float64)
    assert values == pytest.approx(1 - (1 + omega * x) * math.exp(-omega * x), rel=1e-13)


def test_timeline_values_are_shaped_like_the_times():
    scalar = motionlab.Timeline({"initialValue": 0, "keyframes": [{"type": "linear", "to": 4, "duration": 2}]})
    assert isinstance(scalar.values(0.5), np.float64) and scalar.values(0.5) == 1
    assert scalar.values(np.array([[0.5], [1.0]])).shape == (2, 1)
    pair = motionlab.Timeline({"initialValue": {"x": 0, "y": 3}, "tracks": [
        {"property": "x", "keyframes": [{"type": "linear", "to": 1, "duration": 1}]}]})
    assert pair.values(0.5).shape == (2,) and pair.values(0.5).tolist() == [0.5, 3]
    assert pair.values_at_progress(np.array(0.25)).tolist() == [0.25, 3]
    assert pair.values([0.5]).shape == (1, 2)


# Keyframes: a number is a count, a sequence holds end times.

@pytest.mark.parametrize("count", [3, 3.0, np.int64(3), np.float64(3.0), np.array(3), np.array(3.0)])
def test_a_keyframe_count_as_any_whole_number(count):
    t = np.linspace(0, 1, 101)
    fit = motionlab.fit_keyframes(t, np.sin(3 * t), count)
    np.testing.assert_allclose(fit.end_times, np.linspace(0, 1, 4)[1:], rtol=1e-15)


def test_one_end_time_is_a_sequence():
    t = np.linspace(0, 1, 101)
    assert motionlab.fit_keyframes(t, np.sin(3 * t), [1.0]).end_times == [1.0]
    assert motionlab.fit_keyframes(t, np.sin(3 * t), np.array([0.5, 1.0])).end_times == [0.5, 1.0]


@pytest.mark.parametrize("keyframes", [3.5, True, np.bool_(True), np.array(2.5), math.nan, "3"])
def test_a_keyframe_count_must_be_whole(keyframes):
    t = np.linspace(0, 1, 101)
    with pytest.raises(motionlab.ArgumentError, match=r"keyframes must be a count \(a whole number ≥ 1\) or a "
                                                      r"sequence of end times"):
        motionlab.fit_keyframes(t, np.sin(3 * t), keyframes)


# DataFrames: each numeric column is a channel; the others are ignored with a warning.

def test_non_numeric_columns_are_ignored_with_a_warning():
    t, y = spring_step(200)
    frame = pd.DataFrame({"time": t, "label": ["a"] * t.size, "y": y, "ok": [True] * t.size})
    with pytest.warns(UserWarning, match="ignored the non-numeric columns 'label', 'ok'"):
        steps = motionlab.settle(frame)
    assert steps.to_dict() == motionlab.settle(frame[["time", "y"]]).to_dict()
    frame["z"] = 2 * y
    with pytest.warns(UserWarning, match="'label', 'ok'"):
        fit = motionlab.fit_keyframes(frame, keyframes=4)
    assert [c["channel"] for c in fit.to_dict()["channels"]] == ["y", "z"]


def test_a_frame_without_a_numeric_channel_is_a_data_error():
    frame = pd.DataFrame({"time": [0.0, 0.1, 0.2], "label": ["a", "b", "c"]})
    with pytest.raises(motionlab.DataError, match="no numeric column"):
        motionlab.settle(frame)


# animate: the document's samples, and times as the command line takes them.

def test_an_animation_run_shows_its_samples():
    run = motionlab.animate(SCENARIO)
    assert "`samples`" in motionlab.AnimationRun.__doc__ and "`frames`" not in motionlab.AnimationRun.__doc__
    assert f"samples   {len(run.samples)}" in repr(run) and len(run.samples) > 0 and "frames" not in repr(run)


def test_animate_times_in_any_order_give_the_command_lines_frames(motionlab_binary, tmp_path):
    # As `animate --times`: the frames the times pick, once each, in time order.
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO))
    cli = run_json(motionlab_binary, ["animate", str(path), "--times", "0.5,0.1"])
    assert_same(cli, motionlab.animate(SCENARIO, times=[0.5, 0.1]).to_dict())
    assert [s["time"] for s in cli["samples"]] == sorted(s["time"] for s in cli["samples"])
    assert_same(run_json(motionlab_binary, ["animate", str(path), "--times", "0.25"]),
                motionlab.animate(SCENARIO, times=np.float64(0.25)).to_dict())


@pytest.mark.parametrize("count", [1e20, 2.0 ** 64 + 4096, 2 ** 64 + 3])
def test_a_count_too_large_for_c_is_refused_not_wrapped(count):
    t = np.linspace(0, 1, 101)
    with pytest.raises(motionlab.ArgumentError, match="keyframes must be in 1…100000; got"):
        motionlab.fit_keyframes(t, np.sin(3 * t), count)
