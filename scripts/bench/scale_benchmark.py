#!/usr/bin/env python3
"""Whole-command benchmarks at scale: how many times a cheap command's time the expensive one takes.

1. `motionlab report` on a 10⁶-sample recording (scripts/bench/make_large_recording.py) against
   `motionlab settle` on the same file: wall time (best of 3), peak memory, the report's size
   (goal: report ≤ 15 × settle).
2. `motionlab fit keyframes --tolerance E` on 10⁵ noisy samples against the fixed-count fit
   `--keyframes N` with the N the tolerance search found (goal ≤ 15×); E is a feasible tolerance.
   A tolerance below the noise floor must fail at once with an error proposing a feasible value:
   that error's time is given too.

Prints Markdown table rows in the format of MotionLabBenchmarks --markdown.
Usage: scale_benchmark.py MOTIONLAB_BINARY
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent


def timed(command, repetitions=3, expect_failure=False):
    """Best wall time, peak RSS over the runs (bytes), stdout and stderr of the best run."""
    runs = []
    for _ in range(repetitions):
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = process.stdout.read()
        err = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        if (status != 0) != expect_failure:
            raise SystemExit(f"{command}: exit status {status}: {err.decode()}")
        runs.append((elapsed, usage.ru_maxrss * 1024, out, err))
    best = min(runs, key=lambda r: r[0])
    return best[0], max(r[1] for r in runs), best[2], best[3]


def main():
    motionlab = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        big = os.path.join(directory, "big.csv")
        subprocess.run([sys.executable, str(HERE / "make_large_recording.py"), big, "1000000"], check=True)
        report = os.path.join(directory, "report.html")
        settle_time, settle_memory, _, _ = timed([motionlab, "settle", big])
        report_time, report_memory, _, _ = timed([motionlab, "report", big, "--out", report])
        size = os.path.getsize(report)
        print(f"| Report on a 10⁶-sample recording (3 fits, 2 plots decimated), CSV → HTML | motionlab report: {report_time:.3g} s, "
              f"{report_memory / 2**20:.0f} MiB, report {size} bytes | motionlab settle: {settle_time:.3g} s, {settle_memory / 2**20:.0f} MiB | "
              f"**{report_time / settle_time:.3g}×** | report ÷ settle (goal ≤ 15×) |")

        mid = os.path.join(directory, "mid.csv")
        subprocess.run([sys.executable, str(HERE / "make_large_recording.py"), mid, "100000"], check=True)
        # The noise floor of 10⁵ samples of σ = 0.05 is about 0.14; 1 is well above it (a 1 % of
        # the motion's range), 0.05 (σ itself) below.
        tolerance, infeasible = 1.0, 0.05
        search_time, search_memory, out, _ = timed([motionlab, "fit", "keyframes", mid, "--tolerance", str(tolerance), "--json"])
        count = len(json.loads(out)["keyframes"])
        fixed_time, fixed_memory, _, _ = timed([motionlab, "fit", "keyframes", mid, "--keyframes", str(count), "--json"])
        error_time, _, _, err = timed([motionlab, "fit", "keyframes", mid, "--tolerance", str(infeasible)], expect_failure=True)
        message = err.decode().strip().splitlines()[0] if err else ""
        proposes = "tolerance" in message
        print(f"| Keyframe tolerance search, 10⁵ noisy samples (σ 0.05), --tolerance {tolerance:g} → {count} keyframes | "
              f"motionlab fit keyframes --tolerance: {search_time:.3g} s, {search_memory / 2**20:.0f} MiB | "
              f"--keyframes {count}: {fixed_time:.3g} s, {fixed_memory / 2**20:.0f} MiB | **{search_time / fixed_time:.3g}×** | "
              f"search ÷ fixed-count fit (goal ≤ 15×); --tolerance {infeasible:g} (below the noise floor) fails in {error_time:.3g} s"
              f"{' proposing a feasible tolerance' if proposes else ''} |")


if __name__ == "__main__":
    main()
