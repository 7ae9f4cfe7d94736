"""Shared fixtures of the capture tests: paths, the motionlab binary (MOTIONLAB), and skips that
name what is missing."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

CAPTURE = pathlib.Path(__file__).resolve().parent.parent
ROOT = CAPTURE.parent.parent
VIDEO = ROOT / "data" / "video"
sys.path.insert(0, str(CAPTURE))

FIXTURE_NAMES = ["css-spring-translate", "waapi-opacity-scale", "lottie-position", "vfr-irregular"]


def need(tool, package):
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed (Debian: apt-get install {package})")


@pytest.fixture
def ffmpeg():
    need("ffmpeg", "ffmpeg")
    need("ffprobe", "ffmpeg")


@pytest.fixture
def chromium():
    import cdp
    if not os.access(cdp.CHROMIUM, os.X_OK):
        pytest.skip(f"{cdp.CHROMIUM} is not installed (Debian: apt-get install chromium; or set CHROMIUM)")


@pytest.fixture
def rlottie():
    import lottie_render
    try:
        lottie_render._library()
    except RuntimeError as error:
        pytest.skip(str(error))


@pytest.fixture(scope="session")
def motionlab():
    binary = os.environ.get("MOTIONLAB")
    if not binary:
        pytest.skip("MOTIONLAB is not set (the motionlab binary; scripts/capture/test.sh sets it)")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"MOTIONLAB={binary} is not an executable")
    return binary


@pytest.fixture(scope="session")
def tracker(motionlab):
    """The motionlab binary, once it has a `track` subcommand."""
    result = subprocess.run([motionlab, "track", "--help"], capture_output=True, text=True)
    if result.returncode != 0 or "USAGE: motionlab track" not in result.stdout:
        pytest.skip(f"{motionlab} has no `track` subcommand yet (`motionlab track --help` does not show "
                    "its usage); the tracker accuracy tests run once it has")
    return motionlab
