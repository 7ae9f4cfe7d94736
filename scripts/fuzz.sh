#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with address sanitizer) and runs each for a bounded
# time on a copy of its committed seed corpus, as many at once as there are cores (FUZZ_JOBS
# overrides). A crash, a sanitizer report or a timeout fails the script and leaves the input
# that caused it in Fuzz/Crashes/TARGET/ — commit it as a regression case and fix the bug.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET …]     (default 30 s, every target)
# FUZZ_SEED fixes libFuzzer's seed (CI sets one, so a run can be replayed); unset, it is random.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzRecording FuzzTimeline FuzzNumeric FuzzCommandLine FuzzScenario FuzzManifest FuzzKeyframesImport FuzzLottie FuzzFrameLog)

bash scripts/bootstrap.sh
scratch="$PWD/.build-fuzz"
# Optimised, with assertions and preconditions kept, so the fuzzer runs many inputs a second.
(cd Fuzz && swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address -c release >&2)
bin="$(cd Fuzz && swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address -c release --show-bin-path)"
# Swift's own crash reporter would trip the address sanitizer; libFuzzer reports the crash instead.
export SWIFT_BACKTRACE=enable=no

# One target: prints its line and leaves its log beside the verdict in $results.
fuzz_one() {
    local target="$1" work start runs
    work="$(mktemp -d)"
    cp -r "Fuzz/Corpus/$target/." "$work/"
    mkdir -p "Fuzz/Crashes/$target"
    start=$(date +%s)
    # A unit is a hang after 60 s: the longest legal scenario simulates 4200 s (transactions up
    # to an hour, then up to 600 s to settle), about 45 s under the address sanitizer.
    if "$bin/$target" "$work" -seed="${FUZZ_SEED:-0}" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -max_len=65536 \
        -artifact_prefix="Fuzz/Crashes/$target/" -print_final_stats=1 > "$work.log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work.log" | grep -o '[0-9]*$' || echo "?")
        echo "$target: no crash in $(( $(date +%s) - start )) s, $runs inputs"
    else
        { echo "$target: FAILED — the input is in Fuzz/Crashes/$target/"; tail -40 "$work.log"; } > "$results/$target.failed"
    fi
    rmdir "Fuzz/Crashes/$target" 2>/dev/null || true
    rm -rf "$work" "$work.log"
}

# A libFuzzer run uses one core: as many targets at once as there are cores, each for its full time.
results="$(mktemp -d)"
jobs="${FUZZ_JOBS:-$(nproc)}"
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    fuzz_one "$target" &
done
wait
failed=0
for report in "$results"/*.failed; do
    [ -e "$report" ] || continue
    failed=$((failed + 1))
    cat "$report" >&2
done
rm -rf "$results"
passed=$(( ${#targets[@]} - failed ))
echo "fuzz: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
