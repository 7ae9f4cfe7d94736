"""The real-time screen recording (Xvfb + Chromium + ffmpeg x11grab): its time column carries the
grabber's real timing, and the truth the page logged lines up with what the screen showed."""
import json
import shutil
import subprocess

import numpy as np
import pytest

from conftest import VIDEO

import encode
import frames
import record_screen


@pytest.fixture
def xvfb():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (Debian: apt-get install xvfb)")


def test_screen_recording_keeps_real_times_and_aligned_truth(xvfb, chromium, ffmpeg, tmp_path):
    size = (640, 360)
    video = tmp_path / "recording.mp4"
    times, rows, info = record_screen.record((VIDEO / "vfr-irregular.html").read_text(), video,
                                             tmp_path / "truth.csv", size=size)
    assert times == encode.stored_times(video) and times[0] == 0
    gaps = np.diff(times)
    assert gaps.min() > 0
    # Real time: the grabber's intervals scatter around 1/60 s (they are not a fixed-rate grid).
    assert 0.012 < np.median(gaps) < 0.022 and gaps.std() > 0
    assert info["page_frames"] > 0.5 * (1.1 + 0.3) * 60, info
    # The page's log covers the animation, from rest to rest.
    assert rows[0]["x"] == pytest.approx(24 + 28) and rows[-1]["x"] == pytest.approx(236.5 + 28)
    # Where the card moves, the drawn centre is one the page logged, at the aligned page frame or
    # one next to it: how long a painted frame takes to reach the screen varies with the machine's
    # load, so the wall-clock alignment is good to a page frame (the truth CSV says which one it took,
    # page_time), and the drawn centre must be a logged one to 0.1 px.
    decoded = frames.decode_gray(video, *size)
    background = float(np.median(decoded[0][:200, 400:]))
    still = np.all(np.abs(decoded - decoded[0]) < 2, axis=0) & (np.abs(decoded[0] - background) > 8)
    log = info["log"]
    matched, offsets = [], []
    for frame, row in zip(decoded, rows):
        if 53 < row["x"] < 264:
            x, y, _ = frames.centroid(np.where(still, background, frame), background, noise=2)
            k = row["page_frame"]
            candidates = {d: np.hypot(x - log[k + d]["x"], y - log[k + d]["y"]) for d in (-1, 0, 1, 2)
                          if 0 <= k + d < len(log)}
            best = min(candidates, key=candidates.get)
            matched.append(candidates[best])
            offsets.append(best)
    assert len(matched) > 20
    assert np.median(matched) < 0.1, f"the drawn centre is {np.median(matched):.2f} px (median) from any nearby logged one"
    assert np.mean(np.abs(offsets) <= 1) > 0.8, f"alignment offsets {offsets}"


def shown_page_frames(video, rows, log, size):
    """For each grabbed frame where the card moves: which page frame the screen showed, relative to
    the one the truth row aligned by wall clock (0: that one, -1: the one before, ...), found by
    matching the drawn centre (numpy, not the tracker) to the page's log; None when none matches."""
    decoded = frames.decode_gray(video, *size)
    background = float(np.median(decoded[0]))
    still = np.all(np.abs(decoded - decoded[0]) < 2, axis=0) & (np.abs(decoded[0] - background) > 8)
    first, last = rows[0]["x"], rows[-1]["x"]
    shown = []
    for frame, row in zip(decoded, rows):
        if abs(row["x"] - first) < 1 or abs(row["x"] - last) < 1:
            continue
        x, _, _ = frames.centroid(np.where(still, background, frame), background, noise=2)
        k = row["page_frame"]
        distance = {d: abs(x - log[k + d]["x"]) for d in range(-3, 4) if 0 <= k + d < len(log)}
        best = min(distance, key=distance.get)
        shown.append(best if distance[best] < 0.5 else None)
    return shown


@pytest.fixture(scope="module")
def spring_recording(tmp_path_factory):
    """The CSS spring fixture's page recorded in real time (once for the module)."""
    import cdp
    import os
    if shutil.which("Xvfb") is None or shutil.which("ffmpeg") is None or not os.access(cdp.CHROMIUM, os.X_OK):
        pytest.skip("needs Xvfb, ffmpeg and chromium (Debian: apt-get install xvfb ffmpeg chromium)")
    directory = tmp_path_factory.mktemp("spring-recording")
    video, truth = directory / "recording.mp4", directory / "truth.csv"
    # A real-time recording is only as good as the machine is idle. Record again when the page
    # paints under 90 % of its frames, the grabber stalls more than twice, or the screen's lag behind
    # the page changes during the motion: a busy compositor that misses one frame shows every later
    # one a frame late, and that single step in the recording's clock moved the fitted duration by
    # 0.058 s (a constant lag only moves the start). After five tries, say so and skip.
    expected = (1.0 + 0.3) * 60
    for attempt in range(5):
        times, rows, info = record_screen.record((VIDEO / "css-spring-translate.html").read_text(), video, truth)
        stalls = record_screen.summary(times)["long_gaps"]
        lags = set(shown_page_frames(video, rows, info["log"], (640, 360)))
        if info["page_frames"] >= 0.9 * expected and stalls <= 2 and len(lags) == 1 and None not in lags:
            return video, truth, info["log"]
    pytest.skip(f"no steady real-time recording in five tries (a busy machine?): in the last, the page "
                f"painted {info['page_frames']} of {expected:.0f} frames, the grabber stalled {stalls} times, "
                f"the screen showed page frames {sorted(lags, key=str)} from the one aligned by wall clock "
                "(one steady lag needed)")


def fit_spring(binary, path):
    result = subprocess.run([binary, "fit", "spring", str(path), "--column", "x", "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"fit spring {path}: {result.stderr}"
    return json.loads(result.stdout)


def page_clock_csv(log, path):
    """The page's own log: every frame it painted, at the time it computed it (its frame
    timestamp, from the first one), with the value it computed then."""
    start = log[0]["epoch"]
    path.write_text("time,x\n" + "".join(f"{(r['epoch'] - start) / 1000!r},{r['x']!r}\n" for r in log))
    return path


def timeline_spring():
    return json.loads((VIDEO / "spring-translate.timeline.json").read_text())["tracks"][0]["keyframes"][0]["spring"]


# What the CSS linear() easing itself approximates of the spring (see test_kit).
EXPORT_ERROR = {"duration": 0.002, "bounce": 0.005}


def test_spring_recovered_from_the_pages_real_frame_times(motionlab, spring_recording, tmp_path):
    """The page's log at its own frame times (the browser's real jitter, frames it did not paint in
    time) fits the timeline's spring: within 3 standard errors of the fit plus the export's error.
    (The truth CSV's rows at the grabber's times are good to a page frame only: under load that
    misalignment moved the fitted duration by 0.026 s, far beyond the fit's own error.)"""
    _, _, log = spring_recording
    fit = fit_spring(motionlab, page_clock_csv(log, tmp_path / "page.csv"))
    spring = timeline_spring()
    for key, export_error in EXPORT_ERROR.items():
        allowed = 3 * fit["standardErrors"][key] + export_error
        assert abs(fit["spring"][key] - spring[key]) <= allowed, \
            f"{key}: {fit['spring'][key]:.5f} vs {spring[key]} (allowed {allowed:.5f})"


def test_spring_tracked_from_a_real_time_recording(tracker, spring_recording, tmp_path):
    """The spring fitted from the tracked real-time video (the grabber's times: jitter, a stall or
    two, repeated frames) is the timeline's spring within 3 of the fit's standard errors plus the
    export's error."""
    video, _, _ = spring_recording
    tracked = tmp_path / "tracked.csv"
    result = subprocess.run([tracker, "track", str(video), "--out", str(tracked)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    fit = fit_spring(tracker, tracked)
    spring = timeline_spring()
    for key, export_error in EXPORT_ERROR.items():
        allowed = 3 * fit["standardErrors"][key] + export_error
        assert abs(fit["spring"][key] - spring[key]) <= allowed, \
            f"{key}: {fit['spring'][key]:.5f} vs {spring[key]} (allowed {allowed:.5f})"
