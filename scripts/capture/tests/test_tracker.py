"""Accuracy of `motionlab track` on videos whose truth is known (the committed fixtures, rendered by
Chromium and rlottie, and the export loop's videos). Skipped, with the reason, while the motionlab
binary has no `track` subcommand.

The bar: every frame time exact (the tracker's times are a subset of the stored ones, and only
frames identical to their predecessor — in pixels or in truth — may be missing), the centre within 0.1 px RMS of the truth,
width and height within 1 %, scale within 1 % and opacity within 0.01 once each is divided by its
value at rest (the last frame) — the tracker reports both relative to the object at rest, the
renderers in absolute terms. Opacity's bar is absolute (0.01 of the full contrast), because the
pixels themselves carry it only to a few thousandths: Chromium blends in 8 bits, and H.264's
limited-range YUV moves a grey level by up to one on the way through (which is why the opacity
fixture is a black card on white: 0 and 255 survive it exactly).
"""
import csv
import io
import json
import math
import subprocess

import numpy as np
import pytest

from conftest import FIXTURE_NAMES, VIDEO

import encode
import export_loop
import frames
import render_page
import timing

SIZE = (320, 240)


def track(binary, video):
    result = subprocess.run([binary, "track", str(video)], capture_output=True, text=True)
    assert result.returncode == 0, f"motionlab track {video} exited {result.returncode}: {result.stderr}"
    lines = [line for line in result.stdout.splitlines() if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(io.StringIO("\n".join(lines)))
    columns = reader.fieldnames
    prefix = "" if "x" in columns else next(c[:-1] for c in columns if c.endswith(".x"))
    rows = []
    for raw in reader:
        if raw.get(f"{prefix}x", "") == "":
            continue  # a gap: the object was not seen in this frame
        rows.append({"time": float(raw.get("time", raw.get("t"))),
                     **{k: float(raw[f"{prefix}{k}"]) for k in ("x", "y", "width", "height", "scale", "opacity")}})
    return rows


def duplicates(video, count):
    """Indices of frames whose decoded pixels equal the previous frame's."""
    decoded = frames.decode_gray(video, *SIZE)
    assert len(decoded) == count
    return {i for i in range(1, count) if np.array_equal(decoded[i], decoded[i - 1])}


def compare(tracked, truth, video, label):
    by_time = {round(r["time"] * 1000): r for r in truth}
    times = [round(r["time"] * 1000) for r in tracked]
    assert all(t in by_time for t in times), f"{label}: tracked times not among the stored ones: " \
        f"{[t / 1000 for t in times if t not in by_time][:5]}"
    assert all(abs(r["time"] * 1000 - round(r["time"] * 1000)) < 1e-6 for r in tracked), f"{label}: times not exact"
    index = {round(r["time"] * 1000): i for i, r in enumerate(truth)}
    missing = sorted(set(index) - set(times))
    # A frame may be dropped as a duplicate when its pixels or its truth equal its predecessor's
    # (an encoder may refresh a still picture with slightly different noise).
    dup = duplicates(video, len(truth)) | {i for i in range(1, len(truth)) if all(
        abs(truth[i][k] - truth[i - 1][k]) < 1e-6 for k in ("x", "y", "width", "height", "opacity"))}
    wrongly_dropped = [t / 1000 for t in missing if index[t] not in dup]
    assert not wrongly_dropped, f"{label}: frames that differ from their predecessor are missing: {wrongly_dropped[:5]}"
    pairs = [(r, by_time[round(r["time"] * 1000)]) for r in tracked]
    centre = math.sqrt(sum((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2 for a, b in pairs) / len(pairs))
    assert centre <= 0.1, f"{label}: centre {centre:.3f} px RMS from the truth (bar 0.1)"
    for key in ("width", "height"):
        worst = max(abs(a[key] / b[key] - 1) for a, b in pairs)
        assert worst <= 0.01, f"{label}: {key} off by {worst:.2%} (bar 1 %)"
    rest_tracked, rest_truth = pairs[-1]
    worst = max(abs((a["scale"] / rest_tracked["scale"]) / (b["scale"] / rest_truth["scale"]) - 1) for a, b in pairs)
    assert worst <= 0.01, f"{label}: scale relative to rest off by {worst:.2%} (bar 1 %)"
    worst = max(abs(a["opacity"] / rest_tracked["opacity"] - b["opacity"] / rest_truth["opacity"]) for a, b in pairs)
    assert worst <= 0.01, f"{label}: opacity relative to rest off by {worst:.4f} (bar 0.01)"
    return centre


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_tracked_fixture_matches_its_truth(tracker, ffmpeg, name):
    truth = render_page.read_truth(VIDEO / f"{name}.truth.csv")
    compare(track(tracker, VIDEO / f"{name}.mp4"), truth, VIDEO / f"{name}.mp4", name)


def fit_spring(binary, csv_path):
    result = subprocess.run([binary, "fit", "spring", str(csv_path), "--column", "x", "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"fit spring {csv_path}: {result.stderr}"
    return json.loads(result.stdout)


def test_spring_fitted_from_the_video_equals_the_one_fitted_from_the_truth(tracker, tmp_path):
    """The same spring, within the fits' own standard errors (3 σ of their difference)."""
    tracked = tmp_path / "tracked.csv"
    result = subprocess.run([tracker, "track", str(VIDEO / "css-spring-translate.mp4"), "--out", str(tracked)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    video, truth = fit_spring(tracker, tracked), fit_spring(tracker, VIDEO / "css-spring-translate.truth.csv")
    for key in ("duration", "bounce"):
        a, b = video["spring"][key], truth["spring"][key]
        sigma = math.hypot(video["standardErrors"][key], truth["standardErrors"][key])
        assert abs(a - b) <= 3 * sigma, f"{key}: video {a:.5f}, truth {b:.5f}, 3σ = {3 * sigma:.5f}"


@pytest.mark.parametrize("fmt", ["css", "waapi", "lottie"])
def test_export_loop_tracked_gives_back_keyframes_eval(tracker, chromium, rlottie, ffmpeg, tmp_path, fmt):
    timeline = VIDEO / "export-loop.timeline.json"
    report = export_loop.run(tracker, timeline, formats=[fmt], seed=11, videos=tmp_path)[fmt]
    video = tmp_path / f"export-loop-{fmt}.mp4"
    truth = render_page.read_truth(tmp_path / f"export-loop-{fmt}.truth.csv")
    compare(track(tracker, video), truth, video, f"export loop {fmt}")
    # Against the timeline itself: the export's stated error plus the tracker's (0.1 px RMS bar,
    # so 0.5 px for any one frame).
    tracked = track(tracker, video)
    _, expected = export_loop.evaluate(tracker, timeline, [r["time"] for r in tracked])
    worst = max(max(abs(r["x"] - e["x"]), abs(r["y"] - e["y"])) for r, e in zip(tracked, expected))
    assert worst <= report["maxError"] + 0.5, f"{fmt}: tracked centre {worst:.3f} px from keyframes eval"


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_the_bar_accepts_the_truth_and_rejects_a_quarter_pixel_shift(ffmpeg, name):
    """The comparison itself, without the tracker: the truth passes it, the truth moved by 0.25 px
    or with a frame dropped that differs from its predecessor does not."""
    truth = render_page.read_truth(VIDEO / f"{name}.truth.csv")
    video = VIDEO / f"{name}.mp4"
    assert compare(truth, truth, video, name) == 0
    shifted = [dict(r, x=r["x"] + 0.25) for r in truth]
    with pytest.raises(AssertionError, match="centre"):
        compare(shifted, truth, video, name)
    with pytest.raises(AssertionError, match="missing"):
        middle = len(truth) // 2  # moving in every fixture
        compare(truth[:middle] + truth[middle + 1:], truth, video, name)


TWO_CARDS = """<!doctype html><html><head><style>
html, body { margin: 0; background: #f2f2f2; overflow: hidden; }
.card { position: absolute; left: 0; top: 0; width: 48px; height: 40px; }
#a { background: #1f4e99; animation: across 0.9s cubic-bezier(0.3, 0.7, 0.4, 1) both; }
#b { background: #b5421a; width: 36px; height: 56px; animation: down 0.9s ease-in-out 0.15s both; }
@keyframes across { from { translate: 40px 50px; } to { translate: 232.25px 50px; } }
@keyframes down { from { translate: 140px 110px; opacity: 0.5; } to { translate: 146.5px 170px; opacity: 1; } }
</style></head><body><div id="a" class="card"></div><div id="b" class="card"></div></body></html>"""


def test_two_objects(tracker, chromium, ffmpeg, tmp_path):
    """`--objects 2` on two cards moving at once: each tracked object is one card (matched by
    position), centre within 0.1 px RMS."""
    times = timing.irregular(60, 1.05, seed=4)
    truths = {}
    for selector in ("#a", "#b"):
        truths[selector] = render_page.render(TWO_CARDS, times, tmp_path / selector[1:], SIZE, selector)
    video = tmp_path / "two.mp4"
    encode.encode([tmp_path / "a" / f"frame-{i:05d}.png" for i in range(len(times))], times, video)
    result = subprocess.run([tracker, "track", str(video), "--objects", "2"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = [l for l in result.stdout.splitlines() if l.strip() and not l.startswith("#")]
    reader = list(csv.DictReader(io.StringIO("\n".join(lines))))
    by_time = {round(t * 1000): i for i, t in enumerate(times)}
    # Long (time,id,x,y,…: a row per object per frame) or wide (time,ID.x,ID.y,…) output.
    if "id" in reader[0]:
        ids = sorted({r["id"] for r in reader})
        tracks = {i: [(by_time[round(float(r["time"]) * 1000)], float(r["x"]), float(r["y"]))
                      for r in reader if r["id"] == i and r.get("x", "") != ""] for i in ids}
    else:
        ids = sorted({c[:-2] for c in reader[0] if c.endswith(".x")})
        tracks = {i: [(by_time[round(float(r["time"]) * 1000)], float(r[f"{i}.x"]), float(r[f"{i}.y"]))
                      for r in reader if r.get(f"{i}.x", "") != ""] for i in ids}
    assert len(ids) == 2, f"objects {ids} in columns {list(reader[0])}"
    unmatched = set(truths)
    for object_id in ids:
        rows = tracks[object_id]
        assert rows, f"object {object_id} has no rows"

        def rms(selector):
            truth = truths[selector]
            return math.sqrt(sum((x - truth[i]["x"]) ** 2 + (y - truth[i]["y"]) ** 2 for i, x, y in rows) / len(rows))

        best = min(unmatched, key=rms)
        assert rms(best) <= 0.1, f"object {object_id} ({best}): {rms(best):.3f} px RMS"
        unmatched.remove(best)
