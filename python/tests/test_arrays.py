"""Arrays in and out: no copies where the layout allows; pandas and lists accepted; results' attributes."""
import math

import numpy as np
import pandas as pd
import pytest

import motionlab
from motionlab import _native
from helpers import spring_step


def test_contiguous_float64_is_passed_without_a_copy():
    t = np.linspace(0, 1, 1000)
    assert _native.as_array(t) is t
    series = pd.Series(t)
    assert np.shares_memory(_native.as_array(series), series.to_numpy())
    strided = np.linspace(0, 1, 2000)[::2]
    assert not strided.flags.c_contiguous and _native.as_array(strided).flags.c_contiguous


def test_outputs_are_shaped_like_inputs():
    spring = motionlab.Spring(duration=0.4, bounce=0.2)
    grid = np.linspace(0, 1, 12).reshape(3, 4)
    values, velocities = spring.sample(grid, target=5)
    assert values.shape == (3, 4) and velocities.shape == (3, 4)
    flat, _ = spring.sample(grid.ravel(), target=5)
    assert flat.tolist() == values.ravel().tolist()
    curve = motionlab.Curve("easeIn")
    assert curve.value([0.25, 0.5]).tolist() == curve.value(np.array([0.25, 0.5])).tolist()


def test_closed_form_spring_values():
    # Critically damped (bounce 0): x(t) = target·(1 − (1 + ω t) e^{−ω t}), ω = 2π / duration.
    spring = motionlab.Spring(duration=0.5, bounce=0)
    t = np.array([0.05, 0.1, 0.3, 0.7])
    omega = 2 * math.pi / 0.5
    values, velocities = spring.sample(t, target=2)
    np.testing.assert_allclose(values, 2 * (1 - (1 + omega * t) * np.exp(-omega * t)), rtol=1e-13)
    np.testing.assert_allclose(velocities, 2 * omega ** 2 * t * np.exp(-omega * t), rtol=1e-12)


def test_results_read_as_snake_case_and_to_dict_keeps_the_keys():
    t, y = spring_step()
    fit = motionlab.fit_spring(pd.Series(t), pd.Series(y, name="offset"))
    document = fit.to_dict()
    assert document["channel"] == "offset" and fit.channel == "offset"
    assert fit.max_error == document["maxError"] and fit.spring.damping_ratio == document["spring"]["dampingRatio"]
    assert fit.swift_ui == document["swiftUI"]
    assert repr(fit).startswith("Fitted a spring to the samples of 'offset'") and "max error" in repr(fit)
    with pytest.raises(AttributeError):
        fit.rmse = 0


def test_several_channels_from_a_data_frame():
    t, y = spring_step()
    frame = pd.DataFrame({"t": t, "x": y, "y": 2 * y})
    steps = motionlab.settle(frame)
    assert isinstance(steps, motionlab.ChannelSteps)
    assert [c["channel"] for c in steps.to_dict()["channels"]] == ["x", "y"]


def test_repeated_and_concurrent_calls_give_the_same_fits():
    """The library reuses its sample arrays between calls: a call after a larger or smaller one,
    and calls on several threads at once, fit their own samples."""
    from concurrent.futures import ThreadPoolExecutor
    recordings = [spring_step(n, seed=n) for n in (800, 300, 800, 1200)]
    alone = [motionlab.fit_keyframes(t, y, keyframes=7).to_dict() for t, y in recordings]
    again = [motionlab.fit_keyframes(t, y, keyframes=7).to_dict() for t, y in reversed(recordings)][::-1]
    assert again == alone
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda r: motionlab.fit_keyframes(r[0], r[1], keyframes=7).to_dict(), recordings * 3))
    assert together == alone * 3
