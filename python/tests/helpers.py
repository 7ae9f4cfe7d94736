"""Running the command line and comparing its JSON with the package's."""
import json
import math
import subprocess
from pathlib import Path
from typing import Any, List, Sequence

import numpy as np


def write_csv(path: Path, t: Sequence[float], columns: dict) -> Path:
    """A recording CSV whose numbers are the shortest round-trip text of the doubles (the CLI reads
    back exactly the arrays the package is given)."""
    lines = [",".join(["time"] + list(columns))]
    for i, time in enumerate(t):
        lines.append(",".join([repr(float(time))] + [repr(float(c[i])) for c in columns.values()]))
    path.write_text("\n".join(lines) + "\n")
    return path


def numbers(values) -> str:
    """A comma-separated list of the shortest round-trip text of each double."""
    return ",".join(repr(float(v)) for v in values)


def run_json(binary: str, arguments: List[str]) -> Any:
    completed = subprocess.run([binary] + arguments + ["--json"], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def run_error(binary: str, arguments: List[str]) -> str:
    completed = subprocess.run([binary] + arguments, capture_output=True, text=True)
    assert completed.returncode != 0 and completed.stdout == "", (completed.returncode, completed.stdout)
    return completed.stderr


def assert_same(cli: Any, package: Any, path: str = "$", tolerance: float = 1e-12) -> None:
    """The same keys, in the same order, and the same values: numbers to `tolerance` (relative to
    max(1, |x|)), everything else exactly."""
    if isinstance(cli, dict):
        assert isinstance(package, dict), f"{path}: {package!r} is not an object"
        assert list(cli) == list(package), f"{path}: keys {list(cli)} ≠ {list(package)}"
        for key in cli:
            assert_same(cli[key], package[key], f"{path}.{key}", tolerance)
    elif isinstance(cli, list):
        assert isinstance(package, list) and len(cli) == len(package), f"{path}: lengths differ"
        for i, (a, b) in enumerate(zip(cli, package)):
            assert_same(a, b, f"{path}[{i}]", tolerance)
    elif isinstance(cli, bool) or isinstance(package, bool) or cli is None or isinstance(cli, str):
        assert cli == package, f"{path}: {cli!r} ≠ {package!r}"
    else:
        assert isinstance(package, (int, float)), f"{path}: {package!r} is not a number"
        assert math.isclose(cli, package, rel_tol=tolerance, abs_tol=tolerance), f"{path}: {cli!r} ≠ {package!r}"


def spring_step(n: int = 400, seed: int = 7):
    """A spring step from 10 to 110 starting at 0.1 s, sampled at 120 Hz with noise of σ 0.2: the
    closed form of an underdamped oscillator (ζ = 0.5, ω0 = 14 rad/s), independent of MotionLab."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / 120.0
    zeta, omega = 0.5, 14.0
    wd = omega * math.sqrt(1 - zeta ** 2)
    s = np.clip(t - 0.1, 0, None)
    step = 1 - np.exp(-zeta * omega * s) * (np.cos(wd * s) + zeta * omega / wd * np.sin(wd * s))
    return t, 10 + 100 * step + rng.normal(0, 0.2, n)
