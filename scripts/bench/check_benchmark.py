#!/usr/bin/env python3
"""`motionlab check` over 1000 recordings of 500 samples: wall time and CPU time on every core
against the same run on one (`--jobs 1`), in one run.

The recordings are spring steps with noise (numpy closed form, parameters varied per file); the
manifest bounds the fitted spring, the settling time and the overshoot, and matches each
recording against its nominal spring after the best time shift (±50 ms) — a check a CI job would
run on every capture.

Prints a Markdown table row in the format of MotionLabBenchmarks --markdown.
Usage: check_benchmark.py MOTIONLAB_BINARY [COUNT]
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


def spring_step(t, duration, bounce, start, frm, to):
    zeta = 1 - bounce
    w0 = 2 * math.pi / duration
    wd = w0 * math.sqrt(1 - zeta * zeta)
    tau = np.maximum(t - start, 0)
    e = np.exp(-zeta * w0 * tau) * (np.cos(wd * tau) + zeta * w0 / wd * np.sin(wd * tau))
    return to + (frm - to) * e


def run(command):
    """Wall time (s), CPU time (s, user + system), peak RSS (bytes), exit status."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)


def main():
    motionlab = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = np.random.default_rng(11)
    with tempfile.TemporaryDirectory() as directory:
        captures = pathlib.Path(directory) / "captures"
        captures.mkdir()
        t = np.arange(500) / 240
        for i in range(count):
            duration, bounce = rng.uniform(0.45, 0.55), rng.uniform(0.1, 0.3)
            y = spring_step(t, duration, bounce, 0.1 + rng.uniform(-0.02, 0.02), 0.0, 300.0) + rng.normal(0, 0.3, t.size)
            np.savetxt(captures / f"c{i:04d}.csv", np.column_stack([t, y]), fmt="%.6f", delimiter=",", header="time,y", comments="")
        manifest = pathlib.Path(directory) / "checks.json"
        manifest.write_text(json.dumps({"checks": [{"name": "springs", "recordings": "captures/*.csv", "column": "y", "expect": {
            "spring": {"duration": {"min": 0.4, "max": 0.6}, "bounce": {"min": 0.05, "max": 0.35}},
            "settlingTime": {"max": 1.0}, "overshoot": {"max": 40},
            "matches": {"spring": {"duration": 0.5, "bounce": 0.2, "from": 0, "to": 300, "startTime": 0.1},
                        "maxError": 100, "allowShift": 0.05}}}]}))
        size = sum(f.stat().st_size for f in captures.iterdir())
        jsonl = pathlib.Path(directory) / "out.jsonl"
        parallel = min((run([motionlab, "check", str(manifest), "--jsonl", str(jsonl)]) for _ in range(2)), key=lambda r: r[0])
        serial = min((run([motionlab, "check", str(manifest), "--jobs", "1"]) for _ in range(2)), key=lambda r: r[0])
        if parallel[3] not in (0, 1) or serial[3] not in (0, 1):
            raise SystemExit(f"check failed: exit {parallel[3]} / {serial[3]}")
        lines = jsonl.read_text().splitlines()
        passed = sum(json.loads(line)["passed"] for line in lines)
        cores = os.cpu_count()
        print(f"| check, {count} recordings × 500 samples (spring bounds, settling, overshoot, matches with shift) | "
              f"motionlab check on {cores} cores: {parallel[0]:.3g} s wall, {parallel[1]:.3g} s CPU, "
              f"{parallel[2] / 2**20:.0f} MiB | the same with --jobs 1: {serial[0]:.3g} s wall, {serial[1]:.3g} s CPU | "
              f"**{serial[0] / parallel[0]:.3g}×** | CPU ÷ wall on {cores} cores: {parallel[1] / parallel[0]:.2f}; "
              f"{parallel[0] / count * 1e3:.2f} ms per recording; {len(lines)} testcases, {passed} passed; "
              f"{size / 2**20:.1f} MiB of CSV; peak memory with --jobs 1: {serial[2] / 2**20:.0f} MiB |")


if __name__ == "__main__":
    main()
