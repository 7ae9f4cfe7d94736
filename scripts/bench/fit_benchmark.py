#!/usr/bin/env python3
"""Whole-command fitting benchmarks, MotionLab against Python on the same files, in one run.

1. `motionlab fit keyframes big.csv --keyframes 200 --json` against numpy.loadtxt +
   scipy.interpolate.make_lsq_spline(method="norm-eq", 200 knots) (scripts/bench/lsq_spline.py)
   on a 10⁶-sample recording: wall time (best of 3), peak memory, residual; and the same fit
   against the best Python pipeline, polars' CSV reader + make_lsq_spline + the residual timed in
   process after the imports (scripts/bench/polars_pipeline.py, needs polars).
2. `motionlab fit spring` against scipy.optimize.least_squares (scripts/bench/spring_fit_scipy.py)
   on a 10⁴-sample spring step, and on a 10⁶-sample one (one run each there: scipy takes minutes).
3. `motionlab fit bezier` against scipy.optimize.least_squares with a vectorised numpy Newton
   inverse (scripts/bench/bezier_fit_scipy.py) on a 10⁴-sample ease with rest before and after.

Prints Markdown table rows in the format of MotionLabBenchmarks --markdown.
Usage: fit_benchmark.py MOTIONLAB_BINARY
"""
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent


def run(command):
    """Wall time (s), peak RSS (bytes) and stdout of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command} failed: {process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss * 1024, out


def best_of(command, repetitions=3):
    runs = [run(command) for _ in range(repetitions)]
    best = min(runs, key=lambda r: r[0])
    return best[0], max(r[1] for r in runs), json.loads(best[2])


def write(path, t, y):
    with open(path, "w") as f:
        f.write("time,y\n")
        np.savetxt(f, np.column_stack([t, y]), fmt="%.9g", delimiter=",")


def spring_step(n):
    """Spring(duration: 0.45, bounce: 0.25) from 0 to 300 released at 0.2 s, over 2 s, noise σ 0.2."""
    rng = np.random.default_rng(3)
    t = np.linspace(0, 2, n)
    zeta, w0 = 0.75, 2 * math.pi / 0.45
    wd, lam = w0 * math.sqrt(1 - zeta**2), zeta * w0
    tau = np.maximum(t - 0.2, 0)
    y = 300 - 300 * np.exp(-lam * tau) * (np.cos(wd * tau) + lam / wd * np.sin(wd * tau)) + rng.normal(0, 0.2, len(t))
    return t, y


def bezier_ease(n):
    """cubic-bezier(0.42, 0, 0.58, 1) from 0 to 300 between 0.2 s and 0.8 s of a 1 s recording, noise σ 0.2."""
    x1, y1, x2, y2 = 0.42, 0.0, 0.58, 1.0
    t = np.linspace(0, 1, n)
    x = np.clip((t - 0.2) / 0.6, 0, 1)
    lo, hi = np.zeros_like(x), np.ones_like(x)
    for _ in range(80):  # bisection on the monotone X(s): exact to the last bit after 60 halvings
        s = 0.5 * (lo + hi)
        below = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s**3 < x
        lo, hi = np.where(below, s, lo), np.where(below, hi, s)
    s = 0.5 * (lo + hi)
    progress = 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s**3
    return t, 300 * progress + np.random.default_rng(5).normal(0, 0.2, n)


def polars_row(motionlab, big, size):
    """fit keyframes (whole command) against polars + scipy timed in process after the imports
    (scripts/bench/polars_pipeline.py): the comparison the speed issue asks for, which spots Python
    its interpreter start and imports. Three alternating rounds of three runs each, the best of
    each side's nine, so that a noisy moment on a shared machine does not fall on one side only."""
    command = [motionlab, "fit", "keyframes", big, "--keyframes", "200", "--json"]
    rounds, refs = [], []
    for _ in range(3):
        rounds.append(best_of(command, 3))
        try:
            output = subprocess.run([sys.executable, str(HERE / "polars_pipeline.py"), big, "200", "3"],
                                    check=True, capture_output=True, text=True).stdout
        except subprocess.CalledProcessError as error:
            print(f"| Keyframe fit against the best Python pipeline, 10⁶ samples, 200 keyframes | motionlab fit keyframes: "
                  f"{rounds[-1][0]:.3g} s | polars pipeline not available: {error.stderr.strip().splitlines()[-1:]} | n/a | |")
            return
        refs.append(json.loads(output))
    ours_time, _, ours = min(rounds, key=lambda r: r[0])
    ours_memory = max(r[1] for r in rounds)
    ref = min(refs, key=lambda r: r["seconds"])
    print(f"| Keyframe fit against the best Python pipeline, 10⁶ samples, 200 keyframes | motionlab fit keyframes, "
          f"whole command: {ours_time:.3g} s, {ours_memory / 2**20:.0f} MiB ({ours_memory / size:.2f}× the "
          f"{size / 2**20:.0f} MiB CSV) | polars {ref['polars']} read_csv + make_lsq_spline(norm-eq) + residual, "
          f"in process after imports: {ref['seconds']:.3g} s | **{ref['seconds'] / ours_time:.3g}×** | "
          f"polars read alone: {ref['readSeconds'] * 1000:.3g} ms; RMSE {ours['rmse']:.5g} vs {ref['rmse']:.5g} "
          f"(noise σ 0.05) |")


def main():
    motionlab = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        big = os.path.join(directory, "big.csv")
        subprocess.run([sys.executable, str(HERE / "make_large_recording.py"), big], check=True)
        size = os.path.getsize(big)
        ours_time, ours_memory, ours = best_of([motionlab, "fit", "keyframes", big, "--keyframes", "200", "--json"])
        ref_time, ref_memory, ref = best_of([sys.executable, str(HERE / "lsq_spline.py"), big, "200"])
        print(f"| Keyframe fit, 10⁶ samples, 200 keyframes, CSV → JSON | motionlab fit keyframes: {ours_time:.3g} s, "
              f"{ours_memory / 2**20:.0f} MiB ({ours_memory / size:.2f}× the {size / 2**20:.0f} MiB CSV) | "
              f"numpy.loadtxt + make_lsq_spline(norm-eq): {ref_time:.3g} s, {ref_memory / 2**20:.0f} MiB | "
              f"**{ref_time / ours_time:.3g}×** | RMSE {ours['rmse']:.5g} vs {ref['rmse']:.5g} (noise σ 0.05) |")
        polars_row(motionlab, big, size)

        # A 10⁴-sample spring step (Spring(duration: 0.45, bounce: 0.25) with noise).
        step = os.path.join(directory, "step.csv")
        write(step, *spring_step(10_000))
        ours_time, ours_memory, ours = best_of([motionlab, "fit", "spring", step, "--json"])
        ref_time, _, ref = best_of([sys.executable, str(HERE / "spring_fit_scipy.py"), step])
        print(f"| Spring fit, 10⁴ samples, CSV → JSON | motionlab fit spring: {ours_time * 1000:.3g} ms, "
              f"{ours_memory / 2**20:.0f} MiB | "
              f"scipy.optimize.least_squares: {ref_time * 1000:.3g} ms | **{ref_time / ours_time:.3g}×** | "
              f"duration {ours['spring']['duration']:.5g} (true 0.45), bounce {ours['spring']['bounce']:.4g} (true 0.25); "
              f"RMSE {ours['rmse']:.4g} vs {ref['rmse']:.4g} (noise σ 0.2) |")

        # The same step at 10⁶ samples: one run each.
        big_step = os.path.join(directory, "step_big.csv")
        write(big_step, *spring_step(1_000_000))
        ours_time, ours_memory, ours = best_of([motionlab, "fit", "spring", big_step, "--json"], repetitions=1)
        ref_time, _, ref = best_of([sys.executable, str(HERE / "spring_fit_scipy.py"), big_step], repetitions=1)
        slow = " (scipy over a minute)" if ref_time > 60 else ""
        print(f"| Spring fit, 10⁶ samples, CSV → JSON | motionlab fit spring: {ours_time:.3g} s, "
              f"{ours_memory / 2**20:.0f} MiB | scipy.optimize.least_squares: {ref_time:.3g} s{slow} | "
              f"**{ref_time / ours_time:.3g}×** | duration {ours['spring']['duration']:.6g} vs "
              f"{ref['parameters'][3]:.6g} (true 0.45), bounce {ours['spring']['bounce']:.5g} vs {ref['parameters'][4]:.5g} "
              f"(true 0.25); RMSE {ours['rmse']:.5g} vs {ref['rmse']:.5g} (noise σ 0.2) |")

        # A 10⁴-sample ease (cubic-bezier(0.42, 0, 0.58, 1)) from 0 to 300 over 0.6 s, rest before and after.
        ease = os.path.join(directory, "ease.csv")
        write(ease, *bezier_ease(10_000))
        ours_time, ours_memory, ours = best_of([motionlab, "fit", "bezier", ease, "--json"])
        ref_time, _, ref = best_of([sys.executable, str(HERE / "bezier_fit_scipy.py"), ease])
        points = lambda p: "(" + ", ".join(f"{v:.4f}" for v in p) + ")"
        print(f"| Timing-curve fit, 10⁴ samples, CSV → JSON | motionlab fit bezier: {ours_time * 1000:.3g} ms, "
              f"{ours_memory / 2**20:.0f} MiB | scipy.optimize.least_squares + numpy Newton inverse: "
              f"{ref_time * 1000:.3g} ms | **{ref_time / ours_time:.3g}×** | control points {points(ours['controlPoints'])} "
              f"vs {points(ref['controlPoints'])} (true (0.42, 0, 0.58, 1)); RMSE {ours['rmse']:.5g} vs {ref['rmse']:.5g} "
              f"(noise σ 0.2) |")


if __name__ == "__main__":
    main()
