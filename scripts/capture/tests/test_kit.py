"""Self-checks of the capture kit: the stored timestamps are the intended ones, the pixels show
what the renderers report, the fixtures are reproducible, and the export loop closes (what
motionlab exports, played by Chromium and rlottie, equals `motionlab keyframes eval`)."""
import json
import pathlib
import subprocess

import numpy as np
import pytest

from conftest import FIXTURE_NAMES, VIDEO

import encode
import export_loop
import frames
import lottie_eval
import make_fixtures
import render_page
import timing

SIZE = (320, 240)


# --- frame times ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_irregular_times_are_on_the_grid_increasing_and_seeded(seed):
    times = timing.irregular(60, 1.0, seed)
    ks = timing.ticks(times)  # raises unless on the grid and strictly increasing
    assert times[0] == 0 and times[-1] == 1.0
    assert times == timing.irregular(60, 1.0, seed)
    gaps = np.diff(ks)
    assert gaps.min() >= 1 and len(times) < 61  # some frames dropped at 12 % (P(none of 59) < 1e-3)


def test_bad_times_are_errors_that_name_the_value():
    with pytest.raises(ValueError, match="0.0105"):
        timing.ticks([0, 0.0105])
    with pytest.raises(ValueError, match="increase"):
        timing.ticks([0, 0.02, 0.02])
    with pytest.raises(ValueError, match="timescale 7"):
        timing.ticks([0], 7)


# --- encoding ------------------------------------------------------------------------------

def _solid_pngs(directory, count):
    """count distinct PNG frames made by ffmpeg's test source (no renderer needed)."""
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"testsrc2=size=64x48:rate=10",
                    "-frames:v", str(count), str(directory / "frame-%05d.png")], check=True)
    return sorted(directory.glob("frame-*.png"))


@pytest.mark.parametrize("timescale,container", [(1000, "mp4"), (1000, "mkv"), (8000, "mp4"), (50000, "mp4")])
def test_encoded_timestamps_equal_the_intended_irregular_times(ffmpeg, tmp_path, timescale, container):
    pngs = _solid_pngs(tmp_path, 25)
    times = timing.irregular(60, 0.6, seed=timescale, timescale=timescale)[:25]
    pngs = pngs[:len(times)]
    video = tmp_path / f"v.{container}"
    encode.encode(pngs, times, video, crf=20, timescale=timescale)
    stored = encode.stored_times(video)
    assert [round(t * timescale) for t in stored] == timing.ticks(times, timescale)
    assert max(abs(a - b) for a, b in zip(stored, times)) < 1e-12


def test_encode_rejects_bad_input(ffmpeg, tmp_path):
    pngs = _solid_pngs(tmp_path, 2)
    with pytest.raises(ValueError, match="crf 60"):
        encode.encode(pngs, [0, 0.1], tmp_path / "v.mp4", crf=60)
    with pytest.raises(ValueError, match="first frame time"):
        encode.encode(pngs, [0.05, 0.1], tmp_path / "v.mp4")
    with pytest.raises(ValueError, match="2 frames but 3 times"):
        encode.encode(pngs, [0, 0.1, 0.2], tmp_path / "v.mp4")


# --- Lottie evaluator --------------------------------------------------------------------------

def test_lottie_eval_against_closed_forms():
    linear = {"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                            {"t": 10, "s": [30], "h": 1}, {"t": 20, "s": [0]}]}
    assert lottie_eval.property_value(linear, -5) == [10]
    assert lottie_eval.property_value(linear, 2.5) == pytest.approx([15])
    assert lottie_eval.property_value(linear, 15) == [30]  # hold
    assert lottie_eval.property_value(linear, 25) == [0]
    # (1/3, 0, 2/3, 1) bezier handles: x(s) = s, y(s) = 3s² − 2s³ (smoothstep).
    smooth = {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [1 / 3], "y": [0]}, "i": {"x": [2 / 3], "y": [1]}},
                            {"t": 1, "s": [1]}]}
    for u in (0.1, 0.25, 0.5, 0.8):
        assert lottie_eval.property_value(smooth, u)[0] == pytest.approx(3 * u * u - 2 * u ** 3, abs=1e-12)
    with pytest.raises(ValueError, match="spatial"):
        lottie_eval.property_value({"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [5, 0], "ti": [0, 0]},
                                                  {"t": 1, "s": [1, 1]}]}, 0.5)


# --- the committed fixtures --------------------------------------------------------------------

@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_is_small(name):
    for suffix in (".mp4", ".truth.csv"):
        assert (VIDEO / f"{name}{suffix}").stat().st_size < 100_000


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_stores_the_truth_times_exactly(ffmpeg, name):
    truth = render_page.read_truth(VIDEO / f"{name}.truth.csv")
    stored = encode.stored_times(VIDEO / f"{name}.mp4")
    assert [round(t * 1000) for t in stored] == [round(r["time"] * 1000) for r in truth]
    assert max(abs(s - r["time"]) for s, r in zip(stored, truth)) < 1e-12


def pixel_agreement(video, truth):
    """RMS distance (px) between each decoded frame's shape centroid and the reported centre, and the
    relative spread of the shape's contrast mass over opacity × width × height."""
    decoded = frames.decode_gray(video, *SIZE)
    assert len(decoded) == len(truth)
    background = float(np.median(decoded[0][SIZE[1] // 2:, :]))
    # The still parts of the picture (a bar, say) are where every frame agrees; mask them out.
    still = np.all(np.abs(decoded - decoded[0]) < 2, axis=0) & (np.abs(decoded[0] - background) > 8)
    errors, masses = [], []
    for frame, row in zip(decoded, truth):
        frame = np.where(still, background, frame)
        x, y, mass = frames.centroid(frame, background, noise=2)
        errors.append(np.hypot(x - row["x"], y - row["y"]))
        masses.append(mass / (row["opacity"] * row["width"] * row["height"]))
    return float(np.sqrt(np.mean(np.square(errors)))), float(np.std(masses) / np.mean(masses))


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_pixels_show_the_reported_truth(ffmpeg, name):
    truth = render_page.read_truth(VIDEO / f"{name}.truth.csv")
    rms, spread = pixel_agreement(VIDEO / f"{name}.mp4", truth)
    assert rms < 0.06, f"{name}: the drawn centre is {rms:.3f} px RMS from the reported one"
    assert spread < 0.02, f"{name}: the drawn contrast varies {spread:.1%} beyond opacity × size"


def test_fixtures_reproduce(chromium, rlottie, ffmpeg, tmp_path):
    for name in FIXTURE_NAMES:
        make_fixtures.make(name, tmp_path)
        fresh = render_page.read_truth(tmp_path / f"{name}.truth.csv")
        committed = render_page.read_truth(VIDEO / f"{name}.truth.csv")
        assert len(fresh) == len(committed)
        for a, b in zip(fresh, committed):
            assert a["time"] == b["time"]
            for key in ("x", "y", "width", "height", "opacity", "scale"):
                assert a[key] == pytest.approx(b[key], abs=1e-3), f"{name} {key} at {a['time']}"
        assert encode.stored_times(tmp_path / f"{name}.mp4") == encode.stored_times(VIDEO / f"{name}.mp4")


# --- the export loop ---------------------------------------------------------------------------

@pytest.mark.parametrize("timeline", ["export-loop.timeline.json", "spring-translate.timeline.json"])
def test_export_loop_players_match_keyframes_eval(motionlab, chromium, rlottie, ffmpeg, tmp_path, timeline):
    report = export_loop.run(motionlab, VIDEO / timeline, seed=5, videos=tmp_path)
    for fmt, r in report.items():
        assert r["within"], f"{fmt}: {r['differences']} exceed the stated error {r['maxError']}"
        truth = render_page.read_truth(tmp_path / f"export-loop-{fmt}.truth.csv")
        rms, spread = pixel_agreement(tmp_path / f"export-loop-{fmt}.mp4", truth)
        assert rms < 0.06 and spread < 0.02, f"{fmt}: pixels {rms:.3f} px RMS, contrast spread {spread:.1%}"


def test_export_loop_catches_a_wrong_export(motionlab, chromium, tmp_path):
    """The loop can fail: a CSS export of a different timeline does not match this one's eval."""
    wrong = json.loads((VIDEO / "spring-translate.timeline.json").read_text())
    wrong["tracks"][0]["keyframes"][0]["spring"]["bounce"] = 0.1
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(wrong))
    times = timing.irregular(60, 1.0, 3)
    _, expected = export_loop.evaluate(motionlab, VIDEO / "spring-translate.timeline.json", times)
    _, _, values, _ = export_loop.play(motionlab, path, "css", times, SIZE, tmp_path / "frames")
    assert max(abs(v["x"] - e["x"]) for v, e in zip(values, expected)) > 1.0


def test_spring_fixture_truth_fits_the_exported_spring(motionlab):
    """The CSS spring fixture shows the timeline's spring: `fit spring` on the page's truth gives
    back Spring(duration: 0.5, bounce: 0.3) to within what the CSS linear() easing approximates
    (its stated error is 0.1 % of the 190 px step)."""
    result = subprocess.run([motionlab, "fit", "spring", str(VIDEO / "css-spring-translate.truth.csv"),
                             "--column", "x", "--json"], capture_output=True, text=True, check=True)
    fit = json.loads(result.stdout)
    timeline = json.loads((VIDEO / "spring-translate.timeline.json").read_text())
    spring = timeline["tracks"][0]["keyframes"][0]["spring"]
    assert fit["spring"]["duration"] == pytest.approx(spring["duration"], abs=0.002)
    assert fit["spring"]["bounce"] == pytest.approx(spring["bounce"], abs=0.005)
    assert fit["rmse"] < 0.2


TIMELINES = pathlib.Path(__file__).resolve().parents[3] / "data" / "timelines"


@pytest.mark.parametrize("fmt", ["css", "waapi", "lottie"])
@pytest.mark.parametrize("name", ["three-linear", "eased-linear", "catmull-rom-unequal", "spring-cut-short",
                                  "move-in-middle"])
def test_export_loop_on_reference_timelines(motionlab, chromium, rlottie, ffmpeg, name, fmt, request):
    if fmt == "lottie" and name == "move-in-middle":
        # At the instant of a move, keyframes eval still shows the value before it (the boundary
        # belongs to the earlier keyframe); the Lottie export's hold keyframe and the moved
        # keyframe share that frame, and a Lottie player shows the later one there (rlottie draws it).
        request.applymarker(pytest.mark.xfail(strict=True, reason="Lottie shows a move at its own instant"))
    report = export_loop.run(motionlab, TIMELINES / f"{name}.json", formats=[fmt], seed=2)[fmt]
    assert report["within"], f"{name} {fmt}: {report['differences']} beyond the stated {report['maxError']}"
