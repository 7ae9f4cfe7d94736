"""`motionlab track` on bad input: each a clear error (exit 1 or 2, a message on stderr naming the
file) or a stated gap — never numbers made up. The videos are made here with the kit (Chromium,
ffmpeg); the tests skip while the binary has no `track` subcommand."""
import csv
import io
import math
import subprocess

import pytest

from conftest import VIDEO

import encode
import render_page
import timing

SIZE = (320, 240)

PAGE = """<!doctype html><html><head><style>
html, body {{ margin: 0; background: #f2f2f2; overflow: hidden; }}
#target {{ position: absolute; left: 0; top: 0; width: 48px; height: 48px; background: #1f4e99;
  animation: go 1s linear both; }}
@keyframes go {{ from {{ translate: {x0}px 96px; }} to {{ translate: {x1}px 96px; }} }}
</style></head><body><div id="target"></div></body></html>"""


def run_track(binary, video):
    return subprocess.run([binary, "track", str(video)], capture_output=True, text=True)


def data_rows(stdout):
    lines = [l for l in stdout.splitlines() if l.strip() and not l.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines)))) if lines else []


def make_video(tmp_path, x0, x1, name):
    times = timing.regular(30, 1.0)
    frames_dir = tmp_path / name
    rows = render_page.render(PAGE.format(x0=x0, x1=x1), times, frames_dir, SIZE)
    video = tmp_path / f"{name}.mp4"
    encode.encode([frames_dir / f"frame-{i:05d}.png" for i in range(len(times))], times, video)
    return video, rows


def assert_clear_error(result, path):
    assert result.returncode in (1, 2), f"exit {result.returncode}; stderr: {result.stderr}"
    assert path.name in result.stderr, f"the message does not name {path.name}: {result.stderr}"
    assert not data_rows(result.stdout)


def test_not_a_video(tracker, tmp_path):
    path = tmp_path / "notes.mp4"
    path.write_text("time,x\n0,1\n")
    assert_clear_error(run_track(tracker, path), path)


def test_missing_file(tracker, tmp_path):
    assert_clear_error(run_track(tracker, tmp_path / "absent.mp4"), tmp_path / "absent.mp4")


def test_no_video_frames(tracker, ffmpeg, tmp_path):
    path = tmp_path / "audio-only.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "0.5",
                    "-c:a", "aac", str(path)], check=True)
    assert_clear_error(run_track(tracker, path), path)


def test_truncated_video_is_an_error_or_accurate_up_to_the_cut(tracker, ffmpeg, tmp_path):
    source = VIDEO / "css-spring-translate.mp4"
    path = tmp_path / "truncated.mp4"
    data = source.read_bytes()
    path.write_bytes(data[: len(data) * 6 // 10])
    result = run_track(tracker, path)
    if result.returncode != 0:
        assert_clear_error(result, path)
        return
    assert result.stderr.strip(), "a truncated file tracked without a word on stderr"
    truth = {round(r["time"] * 1000): r for r in render_page.read_truth(VIDEO / "css-spring-translate.truth.csv")}
    for row in data_rows(result.stdout):
        if row.get("x", "") != "":
            reference = truth[round(float(row["time"]) * 1000)]
            assert abs(float(row["x"]) - reference["x"]) < 0.5 and abs(float(row["y"]) - reference["y"]) < 0.5


def test_nothing_moving(tracker, chromium, ffmpeg, tmp_path):
    video, _ = make_video(tmp_path, 100, 100, "still")
    result = run_track(tracker, video)
    if result.returncode != 0:
        assert_clear_error(result, video)
    else:
        assert result.stderr.strip(), "nothing moves, and the tracker said nothing"
        assert all(row.get("x", "") == "" for row in data_rows(result.stdout)), "positions of a still picture"


def test_object_leaving_the_frame_is_a_gap_not_zeros(tracker, chromium, ffmpeg, tmp_path):
    video, truth = make_video(tmp_path, 100, 420, "leaving")
    result = run_track(tracker, video)
    assert result.returncode == 0, result.stderr
    tracked = {round(float(r["time"]) * 1000): r for r in data_rows(result.stdout)}
    for row in truth:
        left, right = row["x"] - row["width"] / 2, row["x"] + row["width"] / 2
        seen = tracked.get(round(row["time"] * 1000))
        if left >= SIZE[0]:  # wholly outside: no row, or empty cells
            assert seen is None or seen.get("x", "") == "", f"a position at {row['time']} s, when nothing is visible"
        elif right <= SIZE[0] - 1 and seen is not None and seen.get("x", "") != "":
            assert math.hypot(float(seen["x"]) - row["x"], float(seen["y"]) - row["y"]) < 0.5
