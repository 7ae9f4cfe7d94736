#!/usr/bin/env python3
"""The worked example of `motionlab check` (data/checks/): simulated captures of a bottom sheet
opening with a spring and a fade with the CSS ease, the spec timeline the sheet must follow, and
the ground truth beside them.

The motions are computed here from first principles — the closed forms and capture model of
scripts/make_sample_data.py (numpy, independent of MotionLab's Swift code) — and the truth file
holds figures computed here too: the spring's parameters, its exact 2 % settling time and its
overshoot, found on the closed form with scipy's brentq. Deterministic (fixed seed).

Writes data/checks/captures/*.csv, data/checks/specs/sheet.json and data/checks/truth.json.
Run:  python3 scripts/make_check_example.py
"""
import json
import math
import pathlib
import sys

import numpy as np
from scipy.optimize import brentq

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import make_sample_data as sample  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent / "data" / "checks"
sample.rng = np.random.default_rng(20261123)

SHEET = {"duration": 0.5, "bounce": 0.2, "from": 800.0, "to": 0.0}
FADE = {"controlPoints": [0.25, 0.1, 0.25, 1.0], "from": 0.0, "to": 1.0, "duration": 0.3}


def write_csv(path, times, column, values, comment, digits):
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [f"# {comment} — simulated capture, see scripts/make_check_example.py", f"time,{column}"]
    rows += [f"{t:.6f},{v:.{digits}f}" for t, v in zip(times, values)]
    path.write_text("\n".join(rows) + "\n")


def sheet_capture(name, start, hz):
    t = sample.frame_clock(hz, 1.2, 0.0008 if hz == 60 else 0.0004, 0.02)
    tau = np.maximum(t - start, 0)
    delta = SHEET["to"] - SHEET["from"]
    y = np.where(t <= start, SHEET["from"], SHEET["from"] + sample.spring_value(SHEET["duration"], SHEET["bounce"], delta, 0.0, tau))
    write_csv(ROOT / "captures" / f"{name}.csv", t, "y", sample.capture(y, 0.5, 0.3),
              f"bottom sheet, Spring(duration: 0.5, bounce: 0.2), 800 → 0 pt from {start} s at {hz} Hz", 4)
    return {"startTime": start, "hz": hz}


def fade_capture(name, start):
    t = sample.frame_clock(60, 0.6, 0.0008, 0.0)
    x = np.clip((t - start) / FADE["duration"], 0, 1)
    y = FADE["from"] + (FADE["to"] - FADE["from"]) * sample.bezier_y(*FADE["controlPoints"], x)
    write_csv(ROOT / "captures" / f"{name}.csv", t, "opacity", sample.capture(y, 1 / 255, 0.001),
              f"fade, cubic-bezier(0.25, 0.1, 0.25, 1), 0 → 1 over 0.3 s from {start} s", 5)
    return {"startTime": start, "hz": 60}


def spring_truth():
    """Exact 2 % settling time (from the start of the motion), overshoot (%) and peak time."""
    d, b = SHEET["duration"], SHEET["bounce"]
    delta = SHEET["to"] - SHEET["from"]
    def e(t):  # signed offset from the target, in units of the step
        return (sample.spring_value(d, b, delta, 0.0, np.float64(t)) - delta) / abs(delta)
    band = 0.02
    grid = np.linspace(0, 5, 500_001)
    outside = np.nonzero(np.abs(e(grid)) > band)[0]
    last = grid[outside[-1]]
    settle = brentq(lambda t: abs(e(t)) - band, last, last + grid[1])
    zeta = 1 - b
    wd = 2 * math.pi / d * math.sqrt(1 - zeta * zeta)
    peak_time = math.pi / wd  # the first extremum of an underdamped step from rest
    overshoot = 100 * abs(e(peak_time))
    return {"settlingTime": settle, "overshoot": overshoot, "peakTime": peak_time}


def main():
    captures = {
        "sheet-1": sheet_capture("sheet-1", 0.05, 60),
        "sheet-2": sheet_capture("sheet-2", 0.10, 120),
        "fade-1": fade_capture("fade-1", 0.1),
    }
    spec = {"initialValue": SHEET["from"], "keyframes": [
        {"type": "move", "to": SHEET["from"]},
        {"type": "spring", "to": SHEET["to"], "duration": 1.2,
         "spring": {"duration": SHEET["duration"], "bounce": SHEET["bounce"]}}]}
    (ROOT / "specs").mkdir(parents=True, exist_ok=True)
    (ROOT / "specs" / "sheet.json").write_text(json.dumps(spec, indent=1) + "\n")
    truth = {"sheet": {**SHEET, **spring_truth()}, "fade": FADE, "captures": captures}
    (ROOT / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")


if __name__ == "__main__":
    main()
