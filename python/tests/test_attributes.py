"""Results' attributes: snake_case, a keyword with a trailing underscore, and the JSON key as written."""
import numpy as np
import pytest

import motionlab


@pytest.fixture(scope="module")
def fit():
    """A spring fitted to the package's own Spring(duration: 0.45, bounce: 0.3) from 20 to 100,
    sampled at 120 Hz from its start at 0.1 s (before it, the motion rests at 20)."""
    t = np.arange(150) / 120.0
    values, _ = motionlab.Spring(duration=0.45, bounce=0.3).sample(t - 0.1, target=80)
    return motionlab.fit_spring(t, 20 + values, channel="offset")


def test_the_fit_recovers_the_sampled_spring(fit):
    assert fit.from_ == pytest.approx(20, abs=1e-6)
    assert fit.to == pytest.approx(100, abs=1e-6)
    assert fit.start_time == pytest.approx(0.1, abs=1e-6)
    assert fit.spring.duration == pytest.approx(0.45, rel=1e-6)
    assert fit.spring.bounce == pytest.approx(0.3, rel=1e-6)


def test_a_keyword_key_reads_with_a_trailing_underscore(fit):
    document = fit.to_dict()
    assert fit.from_ == document["from"] == getattr(fit, "from")
    assert "from_" in dir(fit) and "from" not in dir(fit)


@pytest.mark.parametrize("snake, key", [
    ("max_error", "maxError"), ("start_time", "startTime"), ("initial_velocity", "initialVelocity"),
    ("swift_ui", "swiftUI"), ("rmse", "rmse"),
])
def test_the_json_key_reads_as_the_snake_case_attribute(fit, snake, key):
    assert getattr(fit, key) == getattr(fit, snake) == fit.to_dict()[key]
    # Whichever spelling is read first, both give the same object.
    assert getattr(fit, key) is getattr(fit, snake)


def test_nested_records_take_both_spellings(fit):
    spring = fit.spring
    assert spring.dampingRatio == spring.damping_ratio == fit.to_dict()["spring"]["dampingRatio"]
    assert spring.damping_ratio == pytest.approx(1 - 0.3, rel=1e-6)
    # dir() and repr() list the attributes, not the JSON spellings.
    assert "damping_ratio" in dir(spring) and "dampingRatio" not in dir(spring)
    assert "damping_ratio" in repr(spring) and "dampingRatio" not in repr(spring)


def test_a_missing_name_raises_attribute_error_naming_the_keys(fit):
    with pytest.raises(AttributeError) as raised:
        fit.maximum_error
    message = str(raised.value)
    assert "'maximum_error'" in message
    for name in ("max_error", "from_", "start_time", "swift_ui"):
        assert name in message
    assert not hasattr(fit, "max_errors") and not hasattr(fit, "MaxError")
