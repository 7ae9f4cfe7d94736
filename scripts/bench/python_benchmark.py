#!/usr/bin/env python3
"""The Python package (python/, on libMotionLabC) against the command line and scipy, in one run.

1. The fixed cost of a call: `Curve("easeInOut").value(x)` on one progress value in process
   (median of 20000 calls), against `motionlab curve easeInOut --at 0.5 --json` as a subprocess
   (best of 20), the way the notebooks' helper called it; and a bare ctypes call of
   `motionlab_abi_version` for the floor ctypes itself sets.
2. `fit_keyframes` on 10⁶ numpy samples × 200 keyframes (the recording of make_large_recording.py,
   read back from its CSV so that both sides fit the same doubles) in process, against
   `motionlab fit keyframes big.csv --keyframes 200 --json` (best of 5) minus its parsing. Parsing
   cannot be timed from outside the binary; it is estimated as the `--keyframes 1` run less the
   process start (the subprocess of row 1) less the in-process `--keyframes 1` fit (the passes over
   the samples, assumed to cost the CLI what they cost in process). And against
   scipy.interpolate.make_lsq_spline(method="norm-eq", 200 evenly spaced interior knots) + its residual
   in the same process (best of 5 each).

Each row is the median-ratio one of three runs (as scripts/benchmarks.sh picks the MotionLabBenchmarks
rows): on a shared machine one run can land in a slow spell for the subject or the reference alone.

Prints Markdown table rows in the format of MotionLabBenchmarks --markdown; with --write-table they
also replace the rows starting "| Python" in docs/benchmarks.md's table.
Usage: python_benchmark.py MOTIONLAB_BINARY [--write-table]   (MOTIONLAB_LIBRARY or an installed package)
"""
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy.interpolate import make_lsq_spline

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
import motionlab  # noqa: E402
from motionlab import _native  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent


def best(function, repetitions=5):
    times, result = [], None
    for _ in range(repetitions):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def command_time(command, repetitions=5):
    return best(lambda: json.loads(subprocess.run(command, check=True, capture_output=True).stdout), repetitions)


def call_rows(binary):
    curve = motionlab.Curve("easeInOut")
    x = np.array([0.5])
    samples = []
    for _ in range(20):
        start = time.perf_counter_ns()
        for _ in range(1000):
            curve.value(x)
        samples.append((time.perf_counter_ns() - start) / 1000)
    per_call = statistics.median(samples) * 1e-9
    start = time.perf_counter_ns()
    for _ in range(100_000):
        _native.lib.motionlab_abi_version()
    bare = (time.perf_counter_ns() - start) / 100_000 * 1e-9
    process, cli = command_time([binary, "curve", "easeInOut", "--at", "0.5", "--json"], 20)
    assert cli["samples"][0]["value"] == float(curve.value(x)[0])
    goal = "met" if per_call < 20e-6 else "NOT met"
    return process, (f"| Python: the fixed cost of a call (one curve value) | motionlab.Curve.value, in process: "
            f"{per_call * 1e6:.3g} µs | `motionlab curve --json` as a subprocess: {process * 1e3:.3g} ms | "
            f"**{process / per_call:.3g}×** | goal < 20 µs: {goal}; a bare ctypes call (motionlab_abi_version): "
            f"{bare * 1e9:.3g} ns; same value: yes |")


def fit_rows(binary, start):
    with tempfile.TemporaryDirectory() as directory:
        big = os.path.join(directory, "big.csv")
        subprocess.run([sys.executable, str(HERE / "make_large_recording.py"), big], check=True)
        data = np.loadtxt(big, delimiter=",", skiprows=1)
        t, y = np.ascontiguousarray(data[:, 0]), np.ascontiguousarray(data[:, 1])
        ours, fit = best(lambda: motionlab.fit_keyframes(t, y, keyframes=200))
        ours_one, _ = best(lambda: motionlab.fit_keyframes(t, y, keyframes=1))
        whole, cli = command_time([binary, "fit", "keyframes", big, "--keyframes", "200", "--json"])
        one, _ = command_time([binary, "fit", "keyframes", big, "--keyframes", "1", "--json"])
    same = abs(cli["rmse"] - fit.rmse) <= 1e-12 * max(1, abs(fit.rmse))
    parsing = max(one - start - ours_one, 0.0)
    fit_only = whole - parsing
    rows = [f"| Python: fit_keyframes, 10⁶ numpy samples × 200 keyframes, against the CLI minus its parsing | "
            f"motionlab.fit_keyframes, in process: {ours:.3g} s | motionlab fit keyframes: {whole:.3g} s whole, "
            f"{fit_only:.3g} s minus its parsing (estimated: {parsing:.3g} s) | **{fit_only / ours:.3g}×** | "
            f"whole command ÷ in process: {whole / ours:.3g}×; parsing = the CLI's --keyframes 1 run ({one:.3g} s) − "
            f"process start ({start * 1e3:.3g} ms) − the in-process --keyframes 1 fit ({ours_one:.3g} s); "
            f"RMSE {fit.rmse:.6g} (CLI: {cli['rmse']:.6g}, same to 1e-12: {'yes' if same else 'no'}) |"]

    def scipy_fit():
        k = 3
        interior = np.linspace(t[0], t[-1], 200 + 2)[1:-1]
        knots = np.r_[[t[0]] * (k + 1), interior, [t[-1]] * (k + 1)]
        spline = make_lsq_spline(t, y, knots, k=k, method="norm-eq")
        residual = y - spline(t)
        return float(np.sqrt(np.mean(residual ** 2)))
    reference, rmse = best(scipy_fit)
    import scipy
    rows.append(f"| Python: fit_keyframes against scipy in the same process, 10⁶ samples × 200 keyframes | "
                f"motionlab.fit_keyframes: {ours:.3g} s | scipy {scipy.__version__} make_lsq_spline(norm-eq) + residual: "
                f"{reference:.3g} s | **{reference / ours:.3g}×** | RMSE {fit.rmse:.6g} vs {rmse:.6g} (noise σ 0.05) |")
    return rows


def ratio(row):
    return float(re.search(r"\*\*([0-9.eE+-]+)×\*\*", row).group(1))


def main():
    binary = sys.argv[1]
    runs = []
    for _ in range(3):
        start, row = call_rows(binary)
        runs.append([row] + fit_rows(binary, start))
    rows = [sorted(candidates, key=ratio)[len(candidates) // 2] for candidates in zip(*runs)]
    print("\n".join(rows))
    if "--write-table" in sys.argv:
        page = ROOT / "docs" / "benchmarks.md"
        text = page.read_text()
        end = "<!-- benchmarks:end -->"
        head, tail = text.split(end, 1)
        kept = [line for line in head.splitlines() if not line.startswith("| Python")]
        page.write_text("\n".join(kept) + "\n" + "\n".join(rows) + "\n" + end + tail)


if __name__ == "__main__":
    main()
