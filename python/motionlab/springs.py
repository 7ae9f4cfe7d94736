"""Springs: every parameterization in and out, sampling on arrays, settling figures."""
from typing import Any, Optional, Tuple

import numpy as np

from . import _native
from ._result import Record, json_number


class SpringDescription(Record):
    """Everything about a spring: the `spring` command's document (`mass`, `stiffness` (physical),
    `damping`, `duration`, `bounce`, `response`, `damping_ratio`, `settling_duration` (SwiftUI's
    estimate), `exact_settling_time`, `epsilon`, `regime`, `platforms`, `notes`, …)."""

    _title = "Spring"
    _summary = ("parameterization", "regime", "duration", "bounce", "response", "dampingRatio", "mass", "stiffness",
                "damping", "target", "initialVelocity", "epsilon", "settlingDuration", "exactSettlingTime")


class Spring:
    """A spring named in any of SwiftUI's or another platform's parameterizations, with keyword
    arguments as the command line's options in snake_case:

    - ``Spring(duration=0.5, bounce=0.3)``; ``Spring(response=0.4, damping_ratio=0.8)``;
    - ``Spring(mass=1, stiffness=170, damping=15, allow_overdamping=False)``;
    - ``Spring(settling_duration=1, damping_ratio=0.7, epsilon=0.001)``: `epsilon` is both the band the
      settling duration is measured in and the default of `describe`, `settling_time` and `export`
      (as the command line's ``--epsilon``; else 0.001);
    - ``Spring(preset="snappy", duration=None, extra_bounce=None)``;
    - ``Spring(platform="react-spring", tension=170, friction=26)`` and the other platforms' vocabularies.

    Numbers may be numpy scalars. Errors name the bad value and its range (:class:`motionlab.ArgumentError`).
    `sample` returns arrays shaped like its times (a number gives numpy float64 scalars).
    """

    def __init__(self, **parameters: Any):
        document = {}
        for key, value in parameters.items():
            if value is None:
                continue
            camel = "".join(part if i == 0 else part[:1].upper() + part[1:] for i, part in enumerate(key.split("_")))
            document[camel] = _native.plain(value, key)
        self._specification = _native.json_text(document)
        self._parameters = parameters
        #: The settling band: the spring's own `epsilon`, else the command line's default.
        self._epsilon = float(document.get("epsilon", 0.001))
        self._resolved = self._specification
        # Resolving once checks the parameters now and gives the attributes.
        self._description = self.describe()
        if "settlingDuration" in document:
            # This spring by what it resolved to (SwiftUI builds a settling-duration spring from its
            # response and ζ), for the library to resolve with another ε than its own.
            self._resolved = _native.json_text({"response": self._description.response,
                                                "dampingRatio": self._description.damping_ratio})

    def _named_for(self, epsilon: float) -> bytes:
        """The spring's JSON for a call whose band is `epsilon`. The library resolves a settling
        duration with that call's ε (the command line's --epsilon names both), so with another ε
        than the spring's own, the spring is named by what it resolved to: it stays this spring."""
        return self._specification if float(epsilon) == self._epsilon else self._resolved

    def describe(self, target: float = 1.0, initial_velocity: float = 0.0,
                 epsilon: Optional[float] = None) -> SpringDescription:
        """The `spring` command's document for the motion from 0 to `target` with `initial_velocity`;
        settling figures within `epsilon` (absolute, in the value's units; default the spring's own
        `epsilon`, else 0.001). With another ε than its own, a settling-duration spring is the same
        spring, described by the response and ζ it resolved to."""
        epsilon = self._epsilon if epsilon is None else epsilon
        result, warnings = _native.call("motionlab_spring_describe", self._named_for(epsilon), float(target),
                                        float(initial_velocity), float(epsilon))
        return SpringDescription(result, warnings)

    def to_dict(self) -> dict:
        """The `spring --json` document for the motion from 0 to 1 (ε: the spring's own, else 0.001)."""
        return self._description.to_dict()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._description, name)

    def sample(self, times: Any, target: float = 1.0, initial_velocity: float = 0.0) -> Tuple[np.ndarray, np.ndarray]:
        """Values and velocities of the motion from 0 to `target` at `times` (array-like, seconds;
        before 0 the motion rests at 0), as two float64 arrays shaped like `times` (a number gives
        two numpy float64 scalars)."""
        t = _native.as_array(times)
        values = np.empty_like(t)
        velocities = np.empty_like(t)
        # The library resolves the spring for sampling with ε = 0.001.
        _native.call("motionlab_spring_sample", self._named_for(0.001), float(target), float(initial_velocity),
                     _native.pointer(t), t.size, _native.pointer(values), _native.pointer(velocities), document=False)
        return _native.shaped(values), _native.shaped(velocities)

    def sample_document(self, times: Any, target: float = 1.0, initial_velocity: float = 0.0) -> dict:
        """The `spring sample --json` document at `times`."""
        t = _native.as_array(times).ravel()
        values, velocities = self.sample(t, target, initial_velocity)
        return {"spring": {"duration": self.duration, "bounce": self.bounce}, "target": float(target),
                "initialVelocity": float(initial_velocity),
                "samples": [{"time": json_number(a), "value": json_number(b), "velocity": json_number(c)}
                            for a, b, c in zip(t.tolist(), values.tolist(), velocities.tolist())]}

    def settling_time(self, target: float = 1.0, initial_velocity: float = 0.0, epsilon: Optional[float] = None,
                      exact: bool = True) -> float:
        """The exact settling time (within `epsilon` of the target for good; default the spring's own
        `epsilon`, else 0.001), or SwiftUI's estimate (`exact=False`)."""
        d = self.describe(target, initial_velocity, epsilon)
        return d.exact_settling_time if exact else d.settling_duration

    def __repr__(self) -> str:
        arguments = ", ".join(f"{k}={v!r}" for k, v in self._parameters.items() if v is not None)
        return f"Spring({arguments})  # {self._description.regime}, duration {self._description.duration:.6g} s, " \
               f"bounce {self._description.bounce:.6g}"
