"""Finds the built motionlab binary and the MotionLab shared library for the tests.

MOTIONLAB (the binary) and MOTIONLAB_LIBRARY (libMotionLabC.so) name them; otherwise both come from
`swift build --show-bin-path` of the package one directory above python/ (scripts/python_tests.sh builds them).
"""
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bin_path() -> Path:
    text = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()
    return Path(text)


if "MOTIONLAB_LIBRARY" not in os.environ and not (Path(__file__).resolve().parents[1] / "motionlab" / "libMotionLabC.so").exists():
    os.environ["MOTIONLAB_LIBRARY"] = str(_bin_path() / "libMotionLabC.so")


@pytest.fixture(scope="session")
def motionlab_binary() -> str:
    binary = os.environ.get("MOTIONLAB") or str(_bin_path() / "motionlab")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"the motionlab binary {binary} is not built (swift build --product motionlab)")
    return binary
