#!/usr/bin/env bash
# Runs every test: installs what is missing, builds, runs the whole Swift Testing suite (unit,
# property, reference-table, command-line and browser tests), the Python package's pytest suite,
# then executes the notebooks
# against the freshly built motionlab (scripts/notebooks.sh makes its own virtualenv).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
# The layering: each target declares exactly what it imports; the models product needs no LAPACK.
python3 scripts/check_layering.py
# The layering check itself: a seeded upward import and an unranked module must fail it.
python3 scripts/test_check_layering.py
swift build --build-tests
swift test --skip-build "$@"
if [ $# -eq 0 ]; then
    # The generated command-line examples (docs/examples.md) must be what the built motionlab prints.
    python3 scripts/readme_examples.py --check "$(swift build --show-bin-path)/motionlab"
    # The export demo page (data/export-demo.html) must be what the built motionlab exports.
    python3 scripts/make_export_demo.py --check "$(swift build --show-bin-path)/motionlab"
    # Every DocC catalog builds against its module's symbols without a warning.
    bash scripts/check_docs.sh
    # The capture kit (Chromium, rlottie, exact-time H.264) and the tracker against its fixtures.
    bash scripts/capture/test.sh "$(swift build --show-bin-path)/motionlab"
    # The Python package on the built library: pytest, each result against the CLI's --json.
    bash scripts/python_tests.sh
    bash scripts/notebooks.sh
fi
