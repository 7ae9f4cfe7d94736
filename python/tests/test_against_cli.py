"""Every function's to_dict() is the command line's --json on the same data, to 1e-12."""
import json

import numpy as np
import pandas as pd
import pytest

import motionlab
from helpers import assert_same, numbers, run_json, spring_step, write_csv

TIMELINE = {"initialValue": 0, "tracks": [{"property": None, "keyframes": [
    {"type": "linear", "to": 10, "duration": 0.2, "curve": "easeInOut"},
    {"type": "cubic", "to": -10, "duration": 0.2, "startVelocity": 50, "endVelocity": 0},
    {"type": "spring", "to": 10, "duration": 0.4, "spring": {"duration": 0.4, "bounce": 0.3}},
    {"type": "move", "to": -5}]}]}


@pytest.mark.parametrize("parameters, options", [
    ({"duration": 0.5, "bounce": 0.3}, ["--duration", "0.5", "--bounce", "0.3"]),
    ({"response": 0.42, "damping_ratio": 0.78}, ["--response", "0.42", "--damping-ratio", "0.78"]),
    ({"mass": 2, "stiffness": 170, "damping": 60, "allow_overdamping": True},
     ["--mass", "2", "--stiffness", "170", "--damping", "60", "--allow-overdamping"]),
    ({"settling_duration": 1.2, "damping_ratio": 0.6}, ["--settling-duration", "1.2", "--damping-ratio", "0.6"]),
    ({"preset": "bouncy", "extra_bounce": 0.1}, ["--preset", "bouncy", "--extra-bounce", "0.1"]),
    ({"platform": "react-spring", "tension": 170, "friction": 26},
     ["--platform", "react-spring", "--tension", "170", "--friction", "26"]),
    ({"duration": 0.4, "bounce": -0.4}, ["--duration", "0.4", "--bounce", "-0.4"]),
])
def test_spring_describe(motionlab_binary, parameters, options):
    spring = motionlab.Spring(**parameters)
    cli = run_json(motionlab_binary, ["spring"] + options + ["--target", "3", "--initial-velocity", "-2"])
    assert_same(cli, spring.describe(target=3, initial_velocity=-2).to_dict())
    default = run_json(motionlab_binary, ["spring"] + options)
    assert_same(default, spring.to_dict())
    assert spring.exact_settling_time == default["exactSettlingTime"]
    assert spring.settling_time(exact=False) == default["settlingDuration"]


def test_spring_sample(motionlab_binary):
    spring = motionlab.Spring(duration=0.5, bounce=0.3)
    times = np.array([-0.1, 0, 0.01, 0.1, 0.25, 0.5, 1, 2])
    cli = run_json(motionlab_binary, ["spring", "sample", "--duration", "0.5", "--bounce", "0.3", "--target", "2",
                                      "--initial-velocity", "1", "--times", numbers(times)])
    assert_same(cli, spring.sample_document(times, target=2, initial_velocity=1))
    values, velocities = spring.sample(pd.Series(times), target=2, initial_velocity=1)
    assert values.tolist() == [s["value"] for s in cli["samples"]]
    assert velocities.tolist() == [s["velocity"] for s in cli["samples"]]


@pytest.mark.parametrize("curve, options", [
    (motionlab.Curve("easeInOut"), ["easeInOut"]),
    (motionlab.Curve("easeIn", inverse=True), ["easeIn", "--inverse"]),
    (motionlab.Curve("ease", css=True), ["ease", "--css"]),
    (motionlab.Curve(bezier=[0.2, 1.4, 0.3, -0.2]), ["--bezier", "0.2,1.4,0.3,-0.2"]),
    (motionlab.Curve(bezier=[0.25, 0.1, 0.25, 1], css=True, inverse=True), ["--bezier", "0.25,0.1,0.25,1", "--css", "--inverse"]),
])
def test_curves(motionlab_binary, curve, options):
    progress = [-0.25, 0, 0.1, 0.333, 0.5, 0.9, 1, 1.5]
    cli = run_json(motionlab_binary, ["curve"] + options + ["--at", numbers(progress)])
    samples = curve.evaluate(progress)
    assert_same(cli, samples.to_dict())
    assert curve.value(np.array(progress)).tolist() == [s["value"] for s in cli["samples"]]


def test_timeline_eval_and_verify(motionlab_binary, tmp_path):
    path = tmp_path / "timeline.json"
    path.write_text(json.dumps(TIMELINE))
    times = np.linspace(-0.1, 1.2, 27)
    timeline = motionlab.Timeline(TIMELINE)
    cli = run_json(motionlab_binary, ["keyframes", "eval", str(path), "--times", numbers(times)])
    assert_same(cli, timeline.evaluate(times))
    assert timeline.values(times).tolist() == [s["value"] for s in cli["samples"]]
    assert_same(run_json(motionlab_binary, ["keyframes", "verify", str(path)]), timeline.verify().to_dict())


def test_multi_property_timeline(motionlab_binary, tmp_path):
    document = {"initialValue": {"x": 0, "s": 1}, "tracks": [
        {"property": "x", "keyframes": [{"type": "cubic", "to": 100, "duration": 0.5}]},
        {"property": "s", "keyframes": [{"type": "linear", "to": 2, "duration": 0.3}]}]}
    path = tmp_path / "xy.json"
    path.write_text(json.dumps(document))
    times = [0, 0.1, 0.3, 0.45, 0.6]
    cli = run_json(motionlab_binary, ["keyframes", "eval", str(path), "--times", numbers(times)])
    timeline = motionlab.Timeline(document)
    assert_same(cli, timeline.evaluate(times))
    assert timeline.values(times).shape == (5, 2)


@pytest.mark.parametrize("mode, options", [
    ({"keyframes": 6}, ["--keyframes", "6"]),
    ({"keyframes": [0.3, 0.8, 1.5, 3.3]}, ["--times", "0.3,0.8,1.5,3.3"]),
    ({"tolerance": 1.5}, ["--tolerance", "1.5"]),
])
def test_fit_keyframes(motionlab_binary, tmp_path, mode, options):
    t, y = spring_step()
    csv = write_csv(tmp_path / "step.csv", t, {"x": y})
    cli = run_json(motionlab_binary, ["fit", "keyframes", str(csv)] + options)
    fit = motionlab.fit_keyframes(t, pd.Series(y, name="x"), **mode)
    assert_same(cli, fit.to_dict())
    assert fit.rmse == cli["rmse"] and fit.max_error == cli["maxError"]


def test_fit_spring_and_bezier(motionlab_binary, tmp_path):
    t, y = spring_step()
    csv = write_csv(tmp_path / "step.csv", t, {"value": y})
    assert_same(run_json(motionlab_binary, ["fit", "spring", str(csv)]), motionlab.fit_spring(t, y).to_dict())
    assert_same(run_json(motionlab_binary, ["fit", "bezier", str(csv)]), motionlab.fit_bezier(list(t), list(y)).to_dict())


def test_settle_one_and_several_channels(motionlab_binary, tmp_path):
    t, y = spring_step()
    _, z = spring_step(seed=8)
    csv = write_csv(tmp_path / "steps.csv", t, {"a": y, "b": -z})
    cli = run_json(motionlab_binary, ["settle", str(csv), "--column", "b", "--threshold", "0.05"])
    # The CLI's document lists the file's other channel as ignored; the package was given one.
    package = motionlab.settle(t, pd.Series(-z, name="b"), threshold=0.05, file=str(csv)).to_dict()
    package["ignoredChannels"] = ["a"]
    assert_same(cli, package)
    frame = pd.DataFrame({"time": t, "a": y, "b": -z})
    assert_same(run_json(motionlab_binary, ["settle", str(csv), "--all-columns", "--onset", "first-sample"]),
                motionlab.settle(frame, onset="first-sample").to_dict())
    assert_same(run_json(motionlab_binary, ["settle", str(csv), "--all-columns"]),
                motionlab.settle(pd.DataFrame({"a": y, "b": -z}, index=t)).to_dict())


def test_animate(motionlab_binary, tmp_path):
    scenario = {"initialValue": 0, "transactions": [
        {"time": 0, "value": 100, "animation": {"type": "spring", "response": 0.4}},
        {"time": 0.2, "value": -50, "animation": ".easeInOut(duration: 0.3).delay(0.05)"}]}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    assert_same(run_json(motionlab_binary, ["animate", str(path)]), motionlab.animate(scenario).to_dict())
    # The scenario's file, by path or as a string, reads as the dict does.
    assert motionlab.animate(path).to_dict() == motionlab.animate(scenario).to_dict()
    assert motionlab.animate(str(path)).to_dict() == motionlab.animate(json.dumps(scenario)).to_dict()
    with pytest.raises(motionlab.DataError, match="missing.json: cannot read the scenario"):
        motionlab.animate(tmp_path / "missing.json")
    assert_same(run_json(motionlab_binary, ["animate", str(path), "--fps", "120", "--from", "0.1", "--to", "0.4"]),
                motionlab.animate(scenario, fps=120, start=0.1, end=0.4).to_dict())


def test_export(motionlab_binary, tmp_path):
    path = tmp_path / "timeline.json"
    path.write_text(json.dumps(TIMELINE))
    for format in ("css", "swiftui", "compose"):
        assert_same(run_json(motionlab_binary, ["export", str(path), "--format", format]),
                    motionlab.export(motionlab.Timeline(TIMELINE), format=format).to_dict())
    assert_same(run_json(motionlab_binary, ["export", "--duration", "0.5", "--bounce", "0.3", "--target", "100",
                                            "--format", "flutter"]),
                motionlab.export(motionlab.Spring(duration=0.5, bounce=0.3), format="flutter", target=100).to_dict())
    assert_same(run_json(motionlab_binary, ["export", "--curve", "easeInOut", "--format", "waapi", "--curve-duration", "0.4"]),
                motionlab.export(motionlab.Curve("easeInOut"), format="waapi", curve_duration=0.4).to_dict())
    t, y = spring_step()
    fit = motionlab.fit_spring(t, y)
    fitted = tmp_path / "fit.json"
    fitted.write_text(json.dumps(fit.to_dict()))
    assert_same(run_json(motionlab_binary, ["export", str(fitted), "--format", "css", "--tolerance", "0.01"]),
                motionlab.export(fit, format="css", tolerance=0.01).to_dict())
