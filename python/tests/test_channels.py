"""Several channels: fit_keyframes, fit_spring, fit_bezier and settle on a 2-D array or a DataFrame
give the command line's --columns/--all-columns documents, to 1e-12."""
import math

import numpy as np
import pandas as pd
import pytest

import motionlab
from helpers import assert_same, run_error, run_json, spring_step, write_csv


def channels(n=400):
    """Two spring steps (the closed form of helpers.spring_step, different noise) and a third,
    delayed and inverted: three channels on one clock."""
    t, a = spring_step(n, seed=1)
    _, b = spring_step(n, seed=2)
    return t, {"x": a, "y": 0.5 * b - 3, "scale": 1 + 0.01 * np.roll(a, 12)}


@pytest.mark.parametrize("mode, options", [
    ({"keyframes": 6}, ["--keyframes", "6"]),
    ({"keyframes": [0.3, 0.8, 1.5, 3.3]}, ["--times", "0.3,0.8,1.5,3.3"]),
    ({"tolerance": 1.5}, ["--tolerance", "1.5"]),
    ({"keyframes": 5, "independent_times": True}, ["--keyframes", "5", "--independent-times"]),
])
def test_fit_keyframes_on_a_data_frame(motionlab_binary, tmp_path, mode, options):
    t, columns = channels()
    csv = write_csv(tmp_path / "channels.csv", t, columns)
    cli = run_json(motionlab_binary, ["fit", "keyframes", str(csv), "--all-columns"] + options)
    frame = pd.DataFrame({"time": t, **columns})
    fit = motionlab.fit_keyframes(frame, **mode)
    assert isinstance(fit, motionlab.ChannelKeyframeFit)
    assert_same(cli, fit.to_dict())
    assert [c.channel for c in fit.channels] == ["x", "y", "scale"]
    # The fitted timeline evaluates to each channel's own fitted curve.
    assert fit.timeline_object.values(t[:5]).shape == (5, 3)
    assert "RMSE (all samples)" in repr(fit)


def test_fit_keyframes_on_a_two_dimensional_array(motionlab_binary, tmp_path):
    t, columns = channels()
    matrix = np.column_stack([columns["x"], columns["y"]])
    csv = write_csv(tmp_path / "matrix.csv", t, {"value1": matrix[:, 0], "value2": matrix[:, 1]})
    cli = run_json(motionlab_binary, ["fit", "keyframes", str(csv), "--columns", "value1,value2", "--keyframes", "8"])
    assert_same(cli, motionlab.fit_keyframes(t, matrix, keyframes=8).to_dict())
    # A frame indexed by time, and a Fortran-ordered matrix, read the same.
    assert_same(cli, motionlab.fit_keyframes(pd.DataFrame(matrix, index=t, columns=["value1", "value2"]),
                                             keyframes=8).to_dict())
    assert_same(cli, motionlab.fit_keyframes(t, np.asfortranarray(matrix), keyframes=8).to_dict())


def test_one_column_is_one_channel(motionlab_binary, tmp_path):
    t, columns = channels()
    csv = write_csv(tmp_path / "one.csv", t, {"x": columns["x"]})
    cli = run_json(motionlab_binary, ["fit", "keyframes", str(csv), "--keyframes", "4"])
    fit = motionlab.fit_keyframes(pd.DataFrame({"x": columns["x"]}, index=t), keyframes=4)
    assert isinstance(fit, motionlab.KeyframeFit)
    assert_same(cli, fit.to_dict())


def test_fit_spring_choreography(motionlab_binary, tmp_path):
    t, columns = channels()
    csv = write_csv(tmp_path / "springs.csv", t, columns)
    cli = run_json(motionlab_binary, ["fit", "spring", str(csv), "--all-columns"])
    fit = motionlab.fit_spring(pd.DataFrame(columns, index=t))
    assert isinstance(fit, motionlab.SpringChoreography)
    assert_same(cli, fit.to_dict())
    assert [c.channel for c in fit.choreography] == ["x", "y", "scale"]
    assert "settles at (s)" in repr(fit)


def test_fit_spring_channel_that_cannot_be_fitted(motionlab_binary, tmp_path):
    """A flat channel is listed with its error and warned about; the others are fitted."""
    t, columns = channels()
    columns = {"x": columns["x"], "flat": np.full(t.size, 2.0)}
    csv = write_csv(tmp_path / "flat.csv", t, columns)
    cli = run_json(motionlab_binary, ["fit", "spring", str(csv), "--all-columns"])
    with pytest.warns(UserWarning, match="channel 'flat' was not fitted: "):
        fit = motionlab.fit_spring(t, pd.DataFrame(columns))
    assert_same(cli, fit.to_dict())
    flat = {"a": np.full(t.size, 1.0), "b": np.full(t.size, 2.0)}
    csv = write_csv(tmp_path / "flats.csv", t, flat)
    with pytest.raises(motionlab.DataError) as raised:
        motionlab.fit_spring(t, pd.DataFrame(flat))
    assert str(raised.value).startswith("no channel could be fitted: 'a': ")
    assert run_error(motionlab_binary, ["fit", "spring", str(csv), "--all-columns"]).strip() == f"Error: {csv}: {raised.value}"


def test_fit_bezier_per_channel(motionlab_binary, tmp_path):
    t, columns = channels()
    csv = write_csv(tmp_path / "curves.csv", t, columns)
    fits = motionlab.fit_bezier(pd.DataFrame({"t": t, **columns}))
    assert list(fits) == ["x", "y", "scale"]
    for name, fit in fits.items():
        cli = run_json(motionlab_binary, ["fit", "bezier", str(csv), "--column", name])
        package = fit.to_dict()
        # The CLI's document lists the file's other channels as ignored; the package fitted each.
        package["ignoredChannels"] = cli["ignoredChannels"]
        assert_same(cli, package)


def test_settle_on_a_two_dimensional_array(motionlab_binary, tmp_path):
    t, columns = channels()
    matrix = np.column_stack([columns["x"], columns["y"]])
    csv = write_csv(tmp_path / "settle.csv", t, {"value1": matrix[:, 0], "value2": matrix[:, 1]})
    assert_same(run_json(motionlab_binary, ["settle", str(csv), "--all-columns", "--threshold", "0.05"]),
                motionlab.settle(t, matrix, threshold=0.05).to_dict())


def test_channel_errors_are_the_command_lines(motionlab_binary, tmp_path):
    t, columns = channels(60)
    matrix = np.column_stack([columns["x"], columns["y"]])
    with pytest.raises(motionlab.DataError, match="the recording has 60 times but 59 values; they must match"):
        motionlab.fit_keyframes(t, matrix[:-1], keyframes=3)
    # A shared keyframe time before the first sample: the library's message, the CLI's after the file name.
    csv = write_csv(tmp_path / "early.csv", t, {"value1": matrix[:, 0], "value2": matrix[:, 1]})
    with pytest.raises(motionlab.DataError) as raised:
        motionlab.fit_keyframes(t, matrix, keyframes=[-1.0, 0.2])
    cli = run_error(motionlab_binary, ["fit", "keyframes", str(csv), "--all-columns", "--times", "-1,0.2"])
    assert cli.strip() == f"Error: {csv}: {raised.value}"
    with pytest.raises(motionlab.ArgumentError, match="independent_times"):
        motionlab.fit_keyframes(t, matrix[:, 0], keyframes=3, independent_times=True)


@pytest.mark.parametrize("call, options", [
    (lambda t, y: motionlab.fit_keyframes(t, y, keyframes=0), ["fit", "keyframes", "{}", "--keyframes", "0"]),
    (lambda t, y: motionlab.fit_keyframes(t, y, tolerance=-1.0), ["fit", "keyframes", "{}", "--tolerance", "-1.0"]),
    (lambda t, y: motionlab.fit_spring(t, y, css_tolerance=2.0), ["fit", "spring", "{}", "--css-tolerance", "2.0"]),
    (lambda t, y: motionlab.fit_bezier(t, y, css_tolerance=math.nan), ["fit", "bezier", "{}", "--css-tolerance", "nan"]),
    (lambda t, y: motionlab.settle(t, y, threshold=-0.5), ["settle", "{}", "--threshold=-0.5"]),
])
def test_argument_ranges_are_the_command_lines(motionlab_binary, tmp_path, call, options):
    """One check in the library for both: the CLI's message is the package's after `--`."""
    t, y = spring_step(60)
    csv = write_csv(tmp_path / "args.csv", t, {"value": y})
    with pytest.raises(motionlab.ArgumentError) as raised:
        call(t, y)
    cli = run_error(motionlab_binary, [str(csv) if a == "{}" else a for a in options])
    assert cli.startswith(f"Error: --{raised.value}\n")


def test_settle_when_no_channel_can_be_measured(motionlab_binary, tmp_path):
    t, _ = spring_step(60)
    flat = {"a": np.full(t.size, 1.0), "b": np.full(t.size, 2.0)}
    csv = write_csv(tmp_path / "flat.csv", t, flat)
    with pytest.raises(motionlab.DataError) as raised:
        motionlab.settle(t, pd.DataFrame(flat))
    assert str(raised.value).startswith("no channel can be measured: 'a': ")
    assert run_error(motionlab_binary, ["settle", str(csv), "--all-columns"]).strip() == f"Error: {csv}: {raised.value}"
