#!/usr/bin/env bash
# Runs the benchmarks in release mode and writes their table into docs/benchmarks.md between
# the benchmark markers, so the published figures are the ones this machine just measured.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
# polars (the CSV and pipeline references) and OpenCV (the tracking reference) in a virtualenv beside the builds; numpy and scipy
# come from the system's site packages.
venv=.build-bench-venv
[ -x "$venv/bin/python" ] || python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -c "import polars" 2>/dev/null || "$venv/bin/pip" install -q polars >&2
# OpenCV (the tracking reference written the obvious way in Python), headless build.
"$venv/bin/python" -c "import cv2" 2>/dev/null || "$venv/bin/pip" install -q opencv-python-headless >&2
export MOTIONLAB_BENCH_PYTHON="$PWD/$venv/bin/python"
# `--tolerance-search`: only the keyframe tolerance search rows (scale_benchmark.py's second
# part), measured again and put in place of the table's rows of that name, the rest kept.
if [ "${1:-}" = "--tolerance-search" ]; then
    # MOTIONLAB_BENCH_SCRATCH: a release build directory to reuse (swift build --scratch-path).
    scratch=(${MOTIONLAB_BENCH_SCRATCH:+--scratch-path "$MOTIONLAB_BENCH_SCRATCH"})
    swift build -c release --product motionlab "${scratch[@]}" >&2
    bin="$(swift build -c release "${scratch[@]}" --show-bin-path)"
    rows="$(mktemp)"
    trap 'rm -f "$rows"' EXIT
    load="$(cut -d' ' -f1 /proc/loadavg)"  # the machine's load as the run starts, for the note
    "$MOTIONLAB_BENCH_PYTHON" scripts/bench/scale_benchmark.py "$bin/motionlab" --tolerance-only > "$rows"
    cat "$rows"
    python3 - "$rows" "$load" <<'PY'
import datetime, sys, pathlib
rows = pathlib.Path(sys.argv[1]).read_text().splitlines()
page = pathlib.Path("docs/benchmarks.md")
lines = page.read_text().splitlines()
prefix = "| Keyframe tolerance search,"
at = next(i for i, line in enumerate(lines) if line.startswith(prefix))
kept = [line for line in lines if not line.startswith(prefix)]
kept[at:at] = rows
note = (f"; the keyframe tolerance search rows on {datetime.date.today():%Y-%m-%d} by `scripts/benchmarks.sh --tolerance-search`"
        f" (load average {sys.argv[2]} as it started)")
for i, line in enumerate(kept):
    if line.startswith("Measured on ") and line.endswith(":"):
        head = line[:-1].split("; the keyframe tolerance search rows on")[0]
        kept[i] = head + note + ":"
tmp = page.with_suffix(".md.tmp")
tmp.write_text("\n".join(kept) + "\n")
tmp.replace(page)
PY
    exit 0
fi
swift build -c release --product MotionLabBenchmarks >&2
swift build -c release --product motionlab >&2
bin="$(swift build -c release --show-bin-path)"
table="$(mktemp)"
trap 'rm -f "$table" "$table.body" "$table".[123]' EXIT
# `--only GROUP` (springs, keyframes, curves, animations, parsing, tracking): that group of
# MotionLabBenchmarks rows measured again and put in place of the table's rows of the same name.
group=""
if [ "${1:-}" = "--only" ]; then group="${2:?--only needs a group}"; fi
# Three runs, and for each row the run with the median ratio: on a shared (virtual) machine a
# process can land in a slow spell for its whole life, for the subject or the reference alike.
for run in 1 2 3; do "$bin/MotionLabBenchmarks" ${group:+--only "$group"} --markdown > "$table.$run"; done
python3 - "$table" "$table.1" "$table.2" "$table.3" <<'PY'
import re, sys
runs = [open(path).read().splitlines() for path in sys.argv[2:]]
def ratio(line):
    match = re.search(r"\*\*([0-9.eE+-]+)×\*\*", line)
    return float(match.group(1)) if match else None
out = []
for lines in zip(*runs):
    rated = [line for line in lines if ratio(line) is not None]
    out.append(sorted(rated, key=ratio)[len(rated) // 2] if len(rated) == len(lines) else lines[0])
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
rm -f "$table".[123]
if [ -n "$group" ]; then
    # The tracking group's whole-command rows (against decoding alone and OpenCV) come with it.
    if [ "$group" = tracking ]; then "$MOTIONLAB_BENCH_PYTHON" scripts/bench/tracking_opencv.py "$bin/motionlab" >> "$table"; fi
    load="$(cut -d' ' -f1 /proc/loadavg)"
    python3 - "$table" "$group" "$load" <<'PY'
import datetime, pathlib, re, sys
rows = {line.split("|")[1]: line for line in pathlib.Path(sys.argv[1]).read_text().splitlines()
        if line.startswith("| ") and not line.startswith("| benchmark") and not line.startswith("|---")}
page = pathlib.Path("docs/benchmarks.md")
lines = page.read_text().splitlines()
missing = set(rows) - {line.split("|")[1] for line in lines if line.startswith("| ")}
if missing:
    sys.exit(f"benchmarks.sh --only: rows not in the table (run the whole script): {sorted(missing)}")
lines = [rows.get(line.split("|")[1], line) if line.startswith("| ") else line for line in lines]
note = f"; the {sys.argv[2]} rows on {datetime.date.today():%Y-%m-%d} by `scripts/benchmarks.sh --only {sys.argv[2]}` (load average {sys.argv[3]} as it ended)"
for i, line in enumerate(lines):
    if line.startswith("Measured on ") and line.endswith(":"):
        lines[i] = re.sub(f"; the {sys.argv[2]} rows on [^;]*", "", line[:-1]) + note + ":"
tmp = page.with_suffix(".md.tmp")
tmp.write_text("\n".join(lines) + "\n")
tmp.replace(page)
PY
    exit 0
fi
# Whole-command fits against numpy/scipy on the same files (needs numpy and scipy).
"$MOTIONLAB_BENCH_PYTHON" scripts/bench/fit_benchmark.py "$bin/motionlab" >> "$table"
# `check` over 1000 recordings on every core against one core (wall and CPU time).
"$MOTIONLAB_BENCH_PYTHON" scripts/bench/check_benchmark.py "$bin/motionlab" >> "$table"
# `report` on 10⁶ samples against `settle`; the keyframe tolerance search against the fixed-count fit.
"$MOTIONLAB_BENCH_PYTHON" scripts/bench/scale_benchmark.py "$bin/motionlab" >> "$table"
# `motionlab track` on a phone-sized recording against decoding alone and against OpenCV in Python.
"$MOTIONLAB_BENCH_PYTHON" scripts/bench/tracking_opencv.py "$bin/motionlab" >> "$table"
# The Python package in process: the fixed cost of a call, fit_keyframes against the CLI and scipy.
swift build -c release --product MotionLabC >&2
MOTIONLAB_LIBRARY="$bin/libMotionLabC.so" "$MOTIONLAB_BENCH_PYTHON" scripts/bench/python_benchmark.py "$bin/motionlab" >> "$table"
cat "$table"
{
    echo "Measured on $(nproc) cores ($(uname -m)), $(date -u +%Y-%m-%d), by \`scripts/benchmarks.sh\` (each MotionLabBenchmarks row: the median-ratio one of three runs):"
    echo
    cat "$table"
} > "$table.body"
python3 - "$table.body" <<'PY'
import sys, pathlib
body = pathlib.Path(sys.argv[1]).read_text()
page = pathlib.Path("docs/benchmarks.md")
text = page.read_text()
begin, end = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
tmp = page.with_suffix(".md.tmp")
tmp.write_text(head + begin + "\n" + body + end + tail)
tmp.replace(page)
PY
rm -f "$table.body"
