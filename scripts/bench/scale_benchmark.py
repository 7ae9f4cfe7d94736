#!/usr/bin/env python3
"""Whole-command benchmarks at scale: how many times a cheap command's time the expensive one takes.

1. `motionlab report` on a 10⁶-sample recording (scripts/bench/make_large_recording.py) against
   `motionlab settle` on the same file: wall time (best of 3), peak memory, the report's size
   (goal: report ≤ 15 × settle).
2. `motionlab fit keyframes --tolerance E` on 10⁵ and 10⁶ noisy samples against the fixed-count
   fit `--keyframes N` with the N the tolerance search found (goal ≤ 15×); E is a tolerance well
   above the noise floor (1), then one near it (1.5 × the floor the rejection names).
   A tolerance below the noise floor must fail at once with an error proposing a feasible value:
   that error's time is given too.

Prints Markdown table rows in the format of MotionLabBenchmarks --markdown.
Usage: scale_benchmark.py MOTIONLAB_BINARY [--tolerance-only]   (the second: only the rows of 2.)
"""
import json
import re
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
        if "--tolerance-only" not in sys.argv[2:]:
            report = os.path.join(directory, "report.html")
            settle_time, settle_memory, _, _ = timed([motionlab, "settle", big])
            report_time, report_memory, _, _ = timed([motionlab, "report", big, "--out", report])
            size = os.path.getsize(report)
            print(f"| Report on a 10⁶-sample recording (3 fits, 2 plots decimated), CSV → HTML | motionlab report: {report_time:.3g} s, "
                  f"{report_memory / 2**20:.0f} MiB, report {size} bytes | motionlab settle: {settle_time:.3g} s, {settle_memory / 2**20:.0f} MiB | "
                  f"**{report_time / settle_time:.3g}×** | report ÷ settle (goal ≤ 15×) |", flush=True)

        mid = os.path.join(directory, "mid.csv")
        subprocess.run([sys.executable, str(HERE / "make_large_recording.py"), mid, "100000"], check=True)
        # 1 is well above the noise floor (about 0.2 for σ = 0.05: 4.07σ at 10⁵ samples, 4.58σ
        # at 10⁶), a 1 % of the motion's range; 0.05 (σ itself) is below it. Near the floor:
        # 1.5 × the floor the rejection of 0.05 names.
        for path, label in [(mid, "10⁵"), (big, "10⁶")]:
            floor = tolerance_search_row(motionlab, path, label, 1.0)
            if floor is not None:
                tolerance_search_row(motionlab, path, label, float(f"{1.5 * floor:.2g}"), near=floor)


def tolerance_search_row(motionlab, path, label, tolerance, near=None):
    """Prints the row of `fit keyframes --tolerance` on `path` against the fixed-count fit; returns
    the noise floor named by the error for a tolerance below it (None when it names none)."""
    infeasible = 0.05
    search_time, search_memory, out, _ = timed([motionlab, "fit", "keyframes", path, "--tolerance", str(tolerance), "--json"])
    count = len(json.loads(out)["keyframes"])
    fixed_time, fixed_memory, _, _ = timed([motionlab, "fit", "keyframes", path, "--keyframes", str(count), "--json"])
    error_time, _, _, err = timed([motionlab, "fit", "keyframes", path, "--tolerance", str(infeasible)], expect_failure=True)
    message = err.decode().strip() if err else ""
    proposes = "Use a tolerance of at least" in message
    match = re.search(r"smallest tolerance the noise allows is ([0-9.eE+-]+)", message)
    floor = float(match.group(1).rstrip(".")) if match else None
    where = f"1.5 × the noise floor {near:.3g}" if near is not None else "well above the noise floor"
    print(f"| Keyframe tolerance search, {label} noisy samples (σ 0.05), --tolerance {tolerance:g} ({where}) → {count} keyframes | "
          f"motionlab fit keyframes --tolerance: {search_time:.3g} s, {search_memory / 2**20:.0f} MiB | "
          f"--keyframes {count}: {fixed_time:.3g} s, {fixed_memory / 2**20:.0f} MiB | **{search_time / fixed_time:.3g}×** | "
          f"search ÷ fixed-count fit (goal ≤ 15×); --tolerance {infeasible:g} (below the noise floor) fails in {error_time:.3g} s"
          f"{' proposing a feasible tolerance' if proposes else ''} |", flush=True)
    return floor

if __name__ == "__main__":
    main()
