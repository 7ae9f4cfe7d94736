"""Builds the Swift shared library (the `MotionLabC` product of the package one directory up) and
puts it inside the `motionlab` package, so the wheel carries it.

MOTIONLAB_LIBRARY=path/to/libMotionLabC.so skips the Swift build and bundles that file instead;
MOTIONLAB_SWIFT_ROOT names the Swift package when it is not python/.. (e.g. an sdist unpacked elsewhere).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
LIBRARY = "libMotionLabC.dylib" if sys.platform == "darwin" else "libMotionLabC.so"


def swift_library() -> Path:
    given = os.environ.get("MOTIONLAB_LIBRARY")
    if given:
        return Path(given)
    root = Path(os.environ.get("MOTIONLAB_SWIFT_ROOT", HERE.parent))
    if not (root / "Package.swift").exists():
        sys.exit(f"motionlab: no Swift package at {root} (set MOTIONLAB_SWIFT_ROOT or MOTIONLAB_LIBRARY)")
    command = ["swift", "build", "-c", "release", "--product", "MotionLabC"]
    print("motionlab: " + " ".join(command), file=sys.stderr)
    subprocess.run(command, cwd=root, check=True)
    bin_path = subprocess.run(command[:4] + ["--show-bin-path"], cwd=root, check=True,
                              capture_output=True, text=True).stdout.strip()
    return Path(bin_path) / LIBRARY


class BuildWithSwift(build_py):
    """`build_py`, then the Swift library copied into the built package."""

    def run(self):
        super().run()
        source = swift_library()
        target = Path(self.build_lib) / "motionlab" / LIBRARY
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70
    from wheel.bdist_wheel import bdist_wheel


class PlatformWheel(bdist_wheel):
    """A wheel for one platform and every Python 3: the package is ctypes, not an extension module."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


class BinaryDistribution(Distribution):
    """The wheel holds a native library: it is platform-specific, not pure Python."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithSwift, "bdist_wheel": PlatformWheel}, distclass=BinaryDistribution)
