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


@pytest.fixture(scope="module")
def spring_recording(tmp_path_factory):
    """The CSS spring fixture's page recorded in real time (once for the module)."""
    import cdp
    import os
    if shutil.which("Xvfb") is None or shutil.which("ffmpeg") is None or not os.access(cdp.CHROMIUM, os.X_OK):
        pytest.skip("needs Xvfb, ffmpeg and chromium (Debian: apt-get install xvfb ffmpeg chromium)")
    directory = tmp_path_factory.mktemp("spring-recording")
    video, truth = directory / "recording.mp4", directory / "truth.csv"
    # A real-time recording is only as good as the machine is idle: when the page paints under 90 %
    # of its frames or the grabber stalls, record again; after three tries, say so and skip.
    expected = (1.0 + 0.3) * 60
    for attempt in range(3):
        times, _, info = record_screen.record((VIDEO / "css-spring-translate.html").read_text(), video, truth)
        stalls = record_screen.summary(times)["long_gaps"]
        if info["page_frames"] >= 0.9 * expected and stalls <= 2:
            return video, truth
    pytest.skip(f"the machine is too busy for a real-time recording: the page painted {info['page_frames']} "
                f"of {expected:.0f} frames, the grabber stalled {stalls} times")


def fit_spring(binary, path):
    result = subprocess.run([binary, "fit", "spring", str(path), "--column", "x", "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"fit spring {path}: {result.stderr}"
    return json.loads(result.stdout)


def test_spring_recovered_from_a_real_time_recording(motionlab, spring_recording):
    """With the grabber's times (jitter, a dropped frame or two) and the page's values, `fit spring`
    still finds the timeline's spring: within 3 standard errors of the fit, besides what the CSS
    linear() easing itself approximates (0.002 in duration, 0.005 in bounce; see test_kit)."""
    _, truth = spring_recording
    fit = fit_spring(motionlab, truth)
    spring = json.loads((VIDEO / "spring-translate.timeline.json").read_text())["tracks"][0]["keyframes"][0]["spring"]
    for key, export_error in (("duration", 0.002), ("bounce", 0.005)):
        allowed = 3 * fit["standardErrors"][key] + export_error
        assert abs(fit["spring"][key] - spring[key]) <= allowed, \
            f"{key}: {fit['spring'][key]:.5f} vs {spring[key]} (allowed {allowed:.5f})"


def test_spring_tracked_from_a_real_time_recording(tracker, spring_recording, tmp_path):
    """The spring fitted from the tracked real-time video equals the one fitted from the page's
    aligned values within the two fits' standard errors."""
    video, truth = spring_recording
    tracked = tmp_path / "tracked.csv"
    result = subprocess.run([tracker, "track", str(video), "--out", str(tracked)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    from_video, from_truth = fit_spring(tracker, tracked), fit_spring(tracker, truth)
    for key in ("duration", "bounce"):
        sigma = np.hypot(from_video["standardErrors"][key], from_truth["standardErrors"][key])
        assert abs(from_video["spring"][key] - from_truth["spring"][key]) <= 3 * sigma, key
