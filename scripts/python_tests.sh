#!/usr/bin/env bash
# Runs the Python package's tests (python/tests) with pytest against the freshly built library.
#
#   bash scripts/python_tests.sh             # build motionlab and libMotionLabC (default .build), run them all
#   bash scripts/python_tests.sh -k spring   # extra arguments go to pytest
#
# The package is imported from python/ (PYTHONPATH) with MOTIONLAB_LIBRARY pointing at the built
# libMotionLabC.so; the tests run the built motionlab (MOTIONLAB) to compare its --json with the
# package's to_dict(). The virtualenv is the notebooks' (scripts/venv.sh). A run that collects no
# test fails (pytest's exit code 5 is not a success here).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/venv.sh

if [ -z "${MOTIONLAB:-}" ] || [ -z "${MOTIONLAB_LIBRARY:-}" ]; then
    echo "python tests: swift build --product motionlab, --product MotionLabC" >&2
    swift build --product motionlab >&2
    swift build --product MotionLabC >&2
    bin=$(swift build --show-bin-path)
    MOTIONLAB=${MOTIONLAB:-$bin/motionlab}
    MOTIONLAB_LIBRARY=${MOTIONLAB_LIBRARY:-$bin/libMotionLabC.so}
fi
export MOTIONLAB MOTIONLAB_LIBRARY
export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"
status=0
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "python tests: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
