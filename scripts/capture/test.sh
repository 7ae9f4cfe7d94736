#!/usr/bin/env bash
# Runs the capture kit's tests (scripts/capture/tests) with pytest and prints pytest's summary.
#
#   bash scripts/capture/test.sh [MOTIONLAB] [PYTEST ARGS…]
#
# MOTIONLAB: the motionlab binary (default: $MOTIONLAB, else `swift build --show-bin-path`'s
# motionlab if it exists). Without one, the tests that need it (the export loop, the tracker)
# are skipped with the reason; the tracker accuracy tests also skip while the binary has no
# `track` subcommand.
#
# 1. A virtualenv in .build-capture/venv (git-ignored; override with CAPTURE_VENV) with
#    scripts/capture/requirements.txt from PyPI (pytest, numpy), reinstalled only when it changes.
# 2. Needs from Debian: chromium, ffmpeg, librlottie-dev, xvfb (the screen-recording test);
#    each test that lacks one is skipped and says which package to install.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

venv=${CAPTURE_VENV:-$root/.build-capture/venv}
requirements=$root/scripts/capture/requirements.txt

if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then
    MOTIONLAB=$1
    shift
fi
if [ -z "${MOTIONLAB:-}" ] && command -v swift >/dev/null 2>&1; then
    candidate="$(swift build --show-bin-path 2>/dev/null)/motionlab"
    [ -x "$candidate" ] && MOTIONLAB=$candidate
fi
if [ -n "${MOTIONLAB:-}" ]; then
    MOTIONLAB=$(cd "$(dirname "$MOTIONLAB")" && pwd)/$(basename "$MOTIONLAB")
    export MOTIONLAB
    echo "capture: motionlab = $MOTIONLAB" >&2
else
    echo "capture: no motionlab binary (give it as the first argument); its tests will be skipped" >&2
fi

. scripts/venv.sh

exec "$venv/bin/python" -m pytest -p no:cacheprovider -rs -q scripts/capture/tests "$@"
