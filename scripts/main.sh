#!/usr/bin/env bash
# The main job on the bundled sample data: builds motionlab and writes the default report,
# motionlab-report.html in the repository root — the springs of data/sample-springs.txt (every
# parameterization and platform, SwiftUI's settling estimate beside the exact one, plots), the
# recordings data/recordings/*.csv (keyframe, spring and timing-curve fits, residuals, step
# metrics, code to paste) and the timeline data/timelines/spec-example.json (continuity) — and
# prints a one-line summary of each part and where the report went.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
swift build --product motionlab >&2
motionlab="$(swift build --show-bin-path)/motionlab"
"$motionlab" report --data data --out motionlab-report.html
echo
echo "Report: $(pwd)/motionlab-report.html — one self-contained page (inline SVG, no script, no network); open it in a browser."
