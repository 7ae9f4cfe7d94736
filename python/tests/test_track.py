"""motionlab.track: the CLI's `track --json` in process, checked against the rendered truth."""
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import motionlab
from helpers import assert_same, run_error, run_json

ROOT = Path(__file__).resolve().parents[2]
VIDEOS = ROOT / "data" / "tracking"

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None,
                                reason="ffmpeg is not installed (apt-get install ffmpeg): tracking decodes through it")


@pytest.mark.parametrize("name, options, kwargs", [
    ("spring_box", [], {}),
    ("scale_fade", [], {}),
    ("two_boxes", ["--objects", "2"], {"objects": 2}),
    ("spring_box", ["--region", "0,0,160,96"], {"region": (0, 0, 160, 96)}),
])
def test_track_equals_the_command_line(motionlab_binary, name, options, kwargs):
    video = VIDEOS / f"{name}.mp4"
    cli = run_json(motionlab_binary, ["track", str(video)] + options)
    motion = motionlab.track(video, **kwargs)
    assert_same(cli, motion.to_dict())


def test_tracked_centre_matches_the_rendered_truth():
    # The truth is what scripts/make_tracking_videos.py drew (exact pixel coverage at sub-pixel
    # positions); the tracker must find the centre within 0.1 px RMS after H.264 at CRF 20.
    motion = motionlab.track(VIDEOS / "spring_box.mp4")
    rows = motion.samples()
    truth = np.genfromtxt(VIDEOS / "spring_box.truth.csv", delimiter=",", names=True)
    by_time = {round(float(t), 6): (x, y) for t, x, y in zip(truth["time"], truth["x"], truth["y"])}
    matched = [(row[1], row[2]) + by_time[round(float(row[0]), 6)] for row in rows if round(float(row[0]), 6) in by_time]
    assert len(matched) >= 0.9 * len(rows)
    error = np.array([(x - tx, y - ty) for x, y, tx, ty in matched])
    assert np.sqrt(np.mean(error[:, 0] ** 2)) < 0.1
    assert np.sqrt(np.mean(error[:, 1] ** 2)) < 0.1
    frame = motion.to_dataframe()
    assert list(frame.columns[:3]) == ["time", "x", "y"]


def test_errors_carry_the_command_lines_message(motionlab_binary, tmp_path):
    not_a_video = tmp_path / "notes.mp4"
    not_a_video.write_text("this is not a video\n")
    with pytest.raises(motionlab.DataError) as caught:
        motionlab.track(not_a_video)
    assert str(caught.value) in run_error(motionlab_binary, ["track", str(not_a_video)])
    with pytest.raises(motionlab.DataError) as caught:
        motionlab.track(VIDEOS / "still.mp4")
    assert str(caught.value) in run_error(motionlab_binary, ["track", str(VIDEOS / "still.mp4")])
    with pytest.raises(motionlab.ArgumentError, match="objects must be in 1…64; got 0"):
        motionlab.track(VIDEOS / "spring_box.mp4", objects=0)
    with pytest.raises(motionlab.ArgumentError) as caught:
        motionlab.track(VIDEOS / "spring_box.mp4", region=(0, 0, 0, 10))
    assert str(caught.value) in run_error(motionlab_binary, ["track", str(VIDEOS / "spring_box.mp4"), "--region", "0,0,0,10"])
