#!/usr/bin/env bash
# Runs every test: installs what is missing, builds, then the whole Swift Testing suite
# (unit, property, reference-table and command-line tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
swift build --build-tests
swift test --skip-build "$@"
