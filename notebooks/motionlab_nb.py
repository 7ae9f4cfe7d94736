"""What the notebooks share: the repository root, the Python package (`ml`, `import motionlab` in
process: every computation it offers), and the motionlab binary with a way to run it (for what the
package has no function for: `check`, `settle` of a spring in closed form, timing the command line).

The binary: the environment variable MOTIONLAB if set (scripts/notebooks.sh sets it), else
`$(swift build --show-bin-path)/motionlab` run in the repository root — the default debug build,
so build it first (`swift build --product motionlab`).

The package: `motionlab` as installed (`pip install ./python`), else python/ of the checkout with
MOTIONLAB_LIBRARY (scripts/notebooks.sh sets it) or the default build's libMotionLabC.so
(`swift build --product MotionLabC`).

The repository root: the first directory at or above the notebook's working directory (Jupyter
runs a notebook in the folder that holds it, and so does scripts/notebooks.sh) that holds
Package.swift and notebooks/.
"""
import csv
import json
import math
import os
import subprocess
from pathlib import Path

import numpy as np


def _repo_root() -> Path:
    here = Path.cwd().resolve()
    for directory in (here, *here.parents):
        if (directory / "Package.swift").is_file() and (directory / "notebooks").is_dir():
            return directory
    raise RuntimeError(f"no MotionLab checkout at or above {here}: run the notebook from notebooks/")


ROOT = _repo_root()


def _binary() -> Path:
    preset = os.environ.get("MOTIONLAB")
    if preset:
        path = Path(preset).expanduser()
        if not path.is_absolute() and not path.exists():
            path = ROOT / path  # relative to the repository root rather than notebooks/
        if not os.access(path, os.X_OK):
            raise FileNotFoundError(f"MOTIONLAB={preset} is not an executable file")
        return path
    result = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("MOTIONLAB is not set and `swift build --show-bin-path` failed:\n" + result.stderr)
    path = Path(result.stdout.strip()) / "motionlab"
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"{path} does not exist: run `swift build --product motionlab` "
                                "in the repository root, or set MOTIONLAB to a built motionlab")
    return path


MOTIONLAB = _binary()


def _package():
    try:
        import motionlab as package  # installed with pip
        return package
    except ImportError:
        pass
    import sys
    if "MOTIONLAB_LIBRARY" not in os.environ:
        library = MOTIONLAB.parent / "libMotionLabC.so"
        if not library.exists():
            raise FileNotFoundError(f"{library} does not exist: run `swift build --product MotionLabC` in the "
                                    "repository root, set MOTIONLAB_LIBRARY, or `pip install ./python`")
        os.environ["MOTIONLAB_LIBRARY"] = str(library)
    sys.path.insert(0, str(ROOT / "python"))
    import motionlab as package
    return package


ml = _package()


def motionlab(*args, json_output=True):
    """Runs `motionlab ARGS [--json]`; returns the parsed JSON (or the text). Fails loudly."""
    command = [str(MOTIONLAB), *(str(a) for a in args)] + (["--json"] if json_output else [])
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        shown = " ".join(command)
        shown = shown if len(shown) < 400 else shown[:400] + " …"
        raise RuntimeError(f"`{shown}` exited with status {result.returncode}:\n{result.stderr}")
    return json.loads(result.stdout) if json_output else result.stdout


def num(value) -> float:
    """A JSON number, or the strings "inf"/"-inf"/"nan" that motionlab writes for non-finite ones."""
    return math.nan if value is None else float(value)


def read_recording(path):
    """(t, y, comment) of a recording CSV: '#' comment lines, a header, then time and one channel."""
    comment, lines = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                comment.append(line[1:].strip())
            elif line.strip():
                lines.append(line)
    rows = [[float(v) for v in row[:2]] for row in csv.reader(lines[1:])]
    data = np.array(rows)
    return data[:, 0], data[:, 1], " ".join(comment)


def markdown_table(header, rows, digits=6):
    """A Markdown table (shown with IPython.display.Markdown); floats to `digits` significant digits."""
    def cell(v):
        if isinstance(v, float):
            return f"{v:.{digits}g}"
        return str(v).replace("|", "\\|")
    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def value_keys(initial_value):
    """The components of a scenario's values (MotionAnimations' *Scenario documents*): the keys of an object initialValue, or [None] for a number."""
    return list(initial_value) if isinstance(initial_value, dict) else [None]


def vector(value, keys):
    """A value of a scenario or of `motionlab animate` as an array over `keys` (see value_keys): an object by
    its keys, a number for every component (the engine's shapeless zero), None (null) as NaN."""
    if value is None:
        return np.full(len(keys), np.nan)
    if isinstance(value, dict):
        return np.array([float(value[k]) for k in keys])
    return np.full(len(keys), float(value))


def animation_frames(run, keys):
    """(t, values, velocities) of `motionlab animate --json` (or the reference's run()): the frame times, and
    arrays of shape (frames, components) in the order of `keys`; a null velocity is NaN."""
    samples = run["samples"]
    t = np.array([s["time"] for s in samples], dtype=float)
    values = np.array([vector(s["value"], keys) for s in samples]).reshape(len(samples), len(keys))
    velocities = np.array([vector(s["velocity"], keys) for s in samples]).reshape(len(samples), len(keys))
    return t, values, velocities
