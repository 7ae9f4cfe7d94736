"""The real-time screen recording (Xvfb + Chromium + ffmpeg x11grab): its time column carries the
grabber's real timing, and the truth the page logged lines up with what the screen showed."""
import shutil

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
    # Where the card moves, the drawn centre is where the aligned log says (median over frames).
    decoded = frames.decode_gray(video, *size)
    background = float(np.median(decoded[0][:200, 400:]))
    still = np.all(np.abs(decoded - decoded[0]) < 2, axis=0) & (np.abs(decoded[0] - background) > 8)
    errors = []
    for frame, row in zip(decoded, rows):
        if 53 < row["x"] < 264:
            x, y, _ = frames.centroid(np.where(still, background, frame), background, noise=2)
            errors.append(np.hypot(x - row["x"], y - row["y"]))
    assert len(errors) > 20
    assert np.median(errors) < 0.1, f"aligned truth is {np.median(errors):.2f} px (median) from the screen"
