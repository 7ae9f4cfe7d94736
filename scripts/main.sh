#!/usr/bin/env bash
# The main job on the bundled sample data: describes each spring in data/sample-springs.txt —
# every parameterization, every platform's equivalent, SwiftUI's settling estimate beside the exact one.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
swift build --product motionlab >&2
motionlab="$(swift build --show-bin-path)/motionlab"
while IFS= read -r line; do
    case "$line" in ''|'#'*) continue ;; esac
    echo "\$ motionlab spring $line"
    # shellcheck disable=SC2086  # the line is a list of options
    "$motionlab" spring $line
    echo
done < data/sample-springs.txt
