#!/usr/bin/env bash
# Runs the benchmarks in release mode and writes their table into README.md between the
# benchmark markers, so the README's figures are the ones this machine just measured.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
swift build -c release --product MotionLabBenchmarks >&2
swift build -c release --product motionlab >&2
bin="$(swift build -c release --show-bin-path)"
table="$(mktemp)"
trap 'rm -f "$table" "$table.body"' EXIT
"$bin/MotionLabBenchmarks" --markdown > "$table"
# Whole-command fits against numpy/scipy on the same files (needs numpy and scipy).
python3 scripts/bench/fit_benchmark.py "$bin/motionlab" >> "$table"
cat "$table"
{
    echo "Measured on $(nproc) cores ($(uname -m)), $(date -u +%Y-%m-%d), by \`scripts/benchmarks.sh\`:"
    echo
    cat "$table"
} > "$table.body"
python3 - "$table.body" <<'PY'
import sys, pathlib
body = pathlib.Path(sys.argv[1]).read_text()
readme = pathlib.Path("README.md")
text = readme.read_text()
begin, end = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
tmp = readme.with_suffix(".md.tmp")
tmp.write_text(head + begin + "\n" + body + end + tail)
tmp.replace(readme)
PY
rm -f "$table.body"
