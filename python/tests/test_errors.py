"""Bad input raises MotionLabError subclasses carrying the library's message — the one the command line prints."""
import math

import numpy as np
import pytest

import motionlab
from helpers import run_error, spring_step, write_csv


def cli_message(binary, arguments):
    stderr = run_error(binary, arguments)
    return stderr.strip()


FUNCTIONS = {
    "fit_spring": (["fit", "spring", "{}"], motionlab.fit_spring),
    "fit_bezier": (["fit", "bezier", "{}"], motionlab.fit_bezier),
    "settle": (["settle", "{}"], motionlab.settle),
    "fit_keyframes": (["fit", "keyframes", "{}", "--keyframes", "2"], lambda t, y: motionlab.fit_keyframes(t, y, keyframes=2)),
}


def cli_for(binary, name, csv):
    command, _ = FUNCTIONS[name]
    return cli_message(binary, [str(csv) if a == "{}" else a for a in command])


@pytest.mark.parametrize("name", FUNCTIONS)
def test_unsorted_times(motionlab_binary, tmp_path, name):
    """The CLI's reader stops at the file's row, the library at the array's sample: the same times,
    the same rule."""
    t, y = spring_step(60)
    t = t.copy()
    t[[20, 21]] = t[[21, 20]]
    with pytest.raises(motionlab.DataError) as raised:
        FUNCTIONS[name][1](t, y)
    message = str(raised.value)
    # The CLI's words, "sample N" in place of "file:line" and "sample" in place of "row".
    assert message == (f"sample 22: time {float(t[21])!r} comes before the previous sample's time {float(t[20])!r}: "
                       "times must strictly increase (sort the samples)")
    cli = cli_for(motionlab_binary, name, write_csv(tmp_path / "unsorted.csv", t, {"value": y}))
    assert (f"unsorted.csv:23: time {float(t[21])!r} comes before the previous row's time {float(t[20])!r}: "
            "times must strictly increase (sort the file)") in cli


@pytest.mark.parametrize("name", FUNCTIONS)
@pytest.mark.parametrize("n", [0, 2])
def test_too_few_and_empty(motionlab_binary, tmp_path, name, n):
    """Too few samples: the library's message, word for word the CLI's. No samples at all: the
    CLI's reader says so about the file; the library counts 0."""
    t, y = spring_step(n)
    with pytest.raises(motionlab.DataError) as raised:
        FUNCTIONS[name][1](t, y)
    cli = cli_for(motionlab_binary, name, write_csv(tmp_path / f"few{n}.csv", t, {"value": y}))
    if n == 2:
        assert cli == f"Error: {tmp_path / 'few2.csv'}: {raised.value}"
    else:
        assert str(raised.value).endswith("the recording has 0") and cli.endswith("has a header but no data rows")


@pytest.mark.parametrize("name", FUNCTIONS)
def test_nan(motionlab_binary, tmp_path, name):
    t, y = spring_step(60)
    y = y.copy()
    y[5] = math.nan
    with pytest.raises(motionlab.DataError) as raised:
        FUNCTIONS[name][1](t, y)
    assert str(raised.value) == "sample 6: column 'value': nan is not a finite number"
    cli = cli_for(motionlab_binary, name, write_csv(tmp_path / "nan.csv", t, {"value": y}))
    assert "nan.csv:7: column 'value': nan is not a finite number" in cli


@pytest.mark.parametrize("name", FUNCTIONS)
def test_missing_value_of_a_named_series(name):
    """A pandas Series of nullable integers with a missing value: the error names the sample and
    the Series' name, as the command line names the row and the column."""
    import pandas as pd
    t, y = spring_step(60)
    x = pd.Series(pd.array([int(round(v)) for v in y], dtype="Int64"), name="x")
    x[5] = pd.NA
    with pytest.raises(motionlab.DataError) as raised:
        FUNCTIONS[name][1](pd.Series(t), x)
    assert str(raised.value) == "sample 6: column 'x': nan is not a finite number"


def test_mismatched_lengths():
    t, y = spring_step(60)
    for function in (motionlab.fit_spring, motionlab.fit_bezier, motionlab.settle,
                     lambda t, y: motionlab.fit_keyframes(t, y, keyframes=3)):
        with pytest.raises(motionlab.DataError, match="the recording has 60 times but 59 values; they must match"):
            function(t, y[:-1])


def test_spring_arguments(motionlab_binary):
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.Spring(duration=0.5, bounce=1.5)
    cli = cli_message(motionlab_binary, ["spring", "--duration", "0.5", "--bounce", "1.5"])
    # The same message, the option named as the keyword is.
    assert cli.startswith(f"Error: --{raised.value}\n")
    with pytest.raises(motionlab.ArgumentError, match="cannot be combined"):
        motionlab.Spring(duration=0.5, response=0.3, damping_ratio=1)


def test_curve_and_timeline_errors(motionlab_binary):
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.Curve("wobbly")
    assert str(raised.value) in cli_message(motionlab_binary, ["curve", "wobbly", "--at", "0.5"])
    with pytest.raises(motionlab.DataError):
        motionlab.Timeline({"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": -1}]})


def test_non_finite_times_and_progress(motionlab_binary, tmp_path):
    """Lists with a NaN or an infinity: the command line's message, its option named as the argument is."""
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.Spring(duration=0.5).sample([0, math.nan], target=1)
    assert str(raised.value) == "times: item 2 must be a finite number; got nan"
    cli = cli_message(motionlab_binary, ["spring", "sample", "--duration", "0.5", "--target", "1", "--times", "0,nan"])
    assert cli.startswith(f"Error: --{raised.value}\n")
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.Curve("easeIn").value([0.5, math.inf])
    assert str(raised.value) == "progress: item 2 must be a finite number; got inf"
    cli = cli_message(motionlab_binary, ["curve", "easeIn", "--at", "0.5,inf"])
    assert cli.startswith("Error: --at: item 2 must be a finite number; got inf\n")
    timeline = {"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 0.5}]}
    with pytest.raises(motionlab.ArgumentError, match=r"^times: item 3 must be a finite number; got nan$"):
        motionlab.Timeline(timeline).values([0, 0.1, math.nan])
    path = tmp_path / "t.json"
    path.write_text(__import__("json").dumps(timeline))
    assert cli_message(motionlab_binary, ["keyframes", "eval", str(path), "--times", "0,0.1,nan"]).startswith(
        "Error: --times: item 3 must be a finite number; got nan\n")
