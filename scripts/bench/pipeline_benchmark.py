#!/usr/bin/env python3
"""`motionlab fit keyframes` against the best Python pipeline, in one run on one file.

MotionLab is timed as the whole command (process start, CSV → JSON; best of 5 wall times, peak
RSS); the reference is polars' CSV reader + scipy's make_lsq_spline + the residual, timed inside
its process after the imports (scripts/bench/polars_pipeline.py, best of 5) — the comparison the
speed issue asks for, which spots Python its interpreter start and imports.

Prints one Markdown row in the format of MotionLabBenchmarks --markdown.
Usage: pipeline_benchmark.py MOTIONLAB_BINARY
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fit_benchmark import run  # noqa: E402  (wall time, peak RSS and stdout of one run)


def main():
    motionlab = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        big = os.path.join(directory, "big.csv")
        subprocess.run([sys.executable, str(HERE / "make_large_recording.py"), big], check=True)
        size = os.path.getsize(big)
        runs = [run([motionlab, "fit", "keyframes", big, "--keyframes", "200", "--json"]) for _ in range(5)]
        ours_time = min(r[0] for r in runs)
        ours_memory = max(r[1] for r in runs)
        ours = json.loads(runs[0][2])
        try:
            output = subprocess.run([sys.executable, str(HERE / "polars_pipeline.py"), big, "200", "5"],
                                    check=True, capture_output=True, text=True).stdout
        except (subprocess.CalledProcessError, FileNotFoundError) as error:
            print(f"| Keyframe fit, 10⁶ samples, 200 keyframes, against polars + scipy | motionlab fit keyframes: "
                  f"{ours_time:.3g} s | polars pipeline not available ({error}) | n/a | |")
            return
        ref = json.loads(output)
        print(f"| Keyframe fit against the best Python pipeline, 10⁶ samples, 200 keyframes | motionlab fit keyframes, "
              f"whole command: {ours_time:.3g} s, {ours_memory / 2**20:.0f} MiB ({ours_memory / size:.2f}× the "
              f"{size / 2**20:.0f} MiB CSV) | polars {ref['polars']} read_csv + make_lsq_spline(norm-eq) + residual, "
              f"in process after imports: {ref['seconds']:.3g} s | **{ref['seconds'] / ours_time:.3g}×** | "
              f"polars read alone: {ref['readSeconds'] * 1000:.3g} ms; RMSE {ours['rmse']:.5g} vs {ref['rmse']:.5g} "
              f"(noise σ 0.05) |")


if __name__ == "__main__":
    main()
