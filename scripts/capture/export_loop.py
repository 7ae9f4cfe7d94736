#!/usr/bin/env python3
"""The export loop: a timeline exported by motionlab, played by real players, read back with its truth.

    python3 scripts/capture/export_loop.py MOTIONLAB TIMELINE.json [--formats css,waapi,lottie]
        [--fps 60 --irregular SEED] [--size 320x240] [--videos DIR] [--json]

For each format the timeline is exported (`motionlab export --format F --json`, which states its
largest error `maxError`) and played at irregular frame times:
- css: the exported `@keyframes` of registered custom properties on a 48×48 box
  (`translate: calc(var(--x) * 1px) calc(var(--y) * 1px); scale: var(--scale); opacity: var(--opacity);
  rotate: calc(var(--rotation) * 1deg)`), in headless Chromium, paused and seeked (render_page.py);
- waapi: the exported keyframes and options played by `element.animate(…)` on the same box, the
  custom properties registered with `CSS.registerProperty`;
- lottie: the exported composition with a 48×48 rectangle on its layer, rendered by rlottie
  (lottie_render.py), the truth evaluated from the Lottie JSON's keyframes.
The values each player shows (the custom properties read with `computedStyleMap()`, or the Lottie
transform) are compared with `motionlab keyframes eval` at the same times: each must be within the
export's stated `maxError` plus 1e-6 of the value range (the players' own bezier precision).
A scalar timeline's Lottie export is a Slider Control, which rlottie does not draw: its value is
evaluated from the JSON rlottie loaded. With --videos the
frames are also encoded to H.264 (DIR/export-loop-FORMAT.mp4 with its .truth.csv). The timeline's
properties must be among x, y (the box centre in pixels), scale, opacity and rotation; a scalar
timeline's value drives x. Exit status 1 when a format is outside its stated error.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import encode  # noqa: E402
import lottie_render  # noqa: E402
import render_page  # noqa: E402
import timing  # noqa: E402

PROPERTIES = ("x", "y", "scale", "opacity", "rotation")
BOX = 48


def motionlab(binary, *args):
    result = subprocess.run([binary, *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"motionlab {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def evaluate(binary, timeline, times):
    """motionlab keyframes eval at the times: (duration, [ {property: value} per time ])."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(repr(t) for t in times) + "\n")
        f.flush()
        data = json.loads(motionlab(binary, "keyframes", "eval", str(timeline), "--times-file", f.name, "--json"))
    rows = []
    for sample in data["samples"]:
        value = sample["value"]
        rows.append({"x": value} if not isinstance(value, dict) else dict(value))
    unknown = sorted(set(rows[0]) - set(PROPERTIES)) if rows else []
    if unknown:
        raise ValueError(f"{timeline}: properties {unknown} have no place on the box; use {list(PROPERTIES)}")
    return data["duration"], rows


def duration_of(binary, timeline):
    return json.loads(motionlab(binary, "keyframes", "eval", str(timeline), "--times", "0", "--json"))["duration"]


def _custom(name, scalar):
    return "--value" if scalar and name == "x" else f"--{name}"


def page(css_text, waapi, properties, scalar, size, still_bar=False):
    """The page that plays one export on #target (CSS when waapi is None); still_bar adds a
    motionless grey bar along the top, as a screen has."""
    declarations = []
    for name in properties:
        var = f"var({_custom(name, scalar)})"
        declarations.append({"x": None, "y": None, "scale": f"scale: {var};", "opacity": f"opacity: {var};",
                             "rotation": f"rotate: calc({var} * 1deg);"}[name])
    x = f"calc(var({_custom('x', scalar)}) * 1px)" if "x" in properties else f"{size[0] // 2}px"
    y = f"calc(var(--y) * 1px)" if "y" in properties else f"{size[1] // 2}px"
    declarations.append(f"translate: {x} {y};")
    registrations = ""
    if waapi is not None:
        registrations = "".join(
            f"CSS.registerProperty({{name: '{_custom(n, scalar)}', syntax: '<number>', inherits: false, initialValue: '0'}});\n"
            for n in properties)
    script = ""
    if waapi is not None:
        script = f"<script>\n{registrations}document.getElementById('target').animate({json.dumps(waapi['keyframes'])}, {json.dumps(waapi['options'])}).pause();\n</script>"
    return f"""<!doctype html><html><head><style>
html, body {{ margin: 0; background: #f2f2f2; overflow: hidden; }}
#target {{ position: absolute; left: 0; top: 0; width: {BOX}px; height: {BOX}px; margin: -{BOX // 2}px 0 0 -{BOX // 2}px;
  background: #1f4e99; {' '.join(d for d in declarations if d)} }}
#bar {{ position: absolute; left: 0; top: 0; width: {size[0]}px; height: 24px; background: #c8c8c8; }}
{css_text or ''}
</style></head><body>{'<div id="bar"></div>' if still_bar else ''}<div id="target" class="{'loop' if waapi is None else ''}"></div>{script}</body></html>"""


def play(binary, timeline, fmt, times, size, work):
    """Exports, plays and reads back one format: (maxError, notes, truth rows with the timeline's
    property names, pixel-truth rows for the video)."""
    export = json.loads(motionlab(binary, "export", str(timeline), "--format", fmt, "--name", "loop", "--json"))
    duration, expected = evaluate(binary, timeline, [0.0])
    properties = [p for p in PROPERTIES if p in expected[0]]
    scalar = json.loads(pathlib.Path(timeline).read_text()).get("tracks", [{}])[0].get("property") is None \
        and not isinstance(json.loads(pathlib.Path(timeline).read_text()).get("initialValue"), dict)
    if fmt in ("css", "waapi"):
        waapi = json.loads(export["text"]) if fmt == "waapi" else None
        html = page(export["text"] if fmt == "css" else "", waapi, properties, scalar, size)
        reads = [_custom(p, scalar) for p in properties]
        rows = render_page.render(html, times, work, size, "#target", reads)
        values = [{p: row[_custom(p, scalar)] for p in properties} for row in rows]
    elif fmt == "lottie":
        lottie = json.loads(export["text"])
        rows = lottie_render.render(lottie, times, work, size, "loop", (BOX, BOX))
        if scalar:
            # A scalar timeline is a Slider Control effect named `value`, which no player draws:
            # its keyframes are evaluated from the (retimed) JSON the player loaded.
            comp = json.loads((pathlib.Path(work) / "prepared.json").read_text())
            layer = lottie_render.lottie_eval.find_layer(comp, "loop")
            values = [{"x": lottie_render.lottie_eval.slider_value(layer, "value", round(t * comp["fr"]))}
                      for t in times]
        else:
            values = [{p: row[p] for p in properties} for row in rows]
    else:
        raise ValueError(f"format {fmt!r}: the loop plays css, waapi and lottie")
    return export["maxError"], export.get("notes", []), values, rows


def run(binary, timeline, formats=("css", "waapi", "lottie"), fps=60, seed=1, size=(320, 240), videos=None, crf=18):
    """The loop for each format: a dict per format with the largest difference per property, the
    stated error, and whether every property is within it."""
    duration = duration_of(binary, timeline)
    times = timing.irregular(fps, duration, seed)
    _, expected = evaluate(binary, timeline, times)
    value_range = {p: (max(r[p] for r in expected) - min(r[p] for r in expected)) for p in expected[0]}
    report = {}
    for fmt in formats:
        work = pathlib.Path(tempfile.mkdtemp(prefix=f"export-loop-{fmt}-"))
        try:
            max_error, notes, values, rows = play(binary, timeline, fmt, times, size, work)
            differences = {p: max(abs(v[p] - e[p]) for v, e in zip(values, expected)) for p in values[0]}
            # The players solve cubic-bezier easings to about 1e-7 of the progress (Chromium's
            # UnitBezier), so 1e-6 of the value range is allowed besides the stated error.
            allowed = {p: max_error + 1e-6 * max(value_range[p], 1e-9) for p in differences}
            report[fmt] = {"frames": len(times), "maxError": max_error, "differences": differences,
                           "within": all(differences[p] <= allowed[p] for p in differences), "notes": notes}
            if videos is not None:
                videos = pathlib.Path(videos)
                videos.mkdir(parents=True, exist_ok=True)
                video = videos / f"export-loop-{fmt}.mp4"
                encode.encode([work / f"frame-{i:05d}.png" for i in range(len(times))], times, video, crf)
                render_page.write_truth(rows, videos / f"export-loop-{fmt}.truth.csv")
                report[fmt]["video"] = str(video)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("motionlab", help="the motionlab binary")
    parser.add_argument("timeline", help="a timeline JSON (properties among x, y, scale, opacity, rotation)")
    parser.add_argument("--formats", default="css,waapi,lottie", help="comma-separated (default css,waapi,lottie)")
    parser.add_argument("--fps", type=float, default=60, help="nominal frame rate of the irregular times (default 60)")
    parser.add_argument("--irregular", type=int, default=1, metavar="SEED", help="seed of the frame times (default 1)")
    parser.add_argument("--size", type=render_page.parse_size, default=(320, 240), help="frame WIDTHxHEIGHT")
    parser.add_argument("--videos", help="also encode each format's frames to DIR/export-loop-FORMAT.mp4 with truth")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    if not pathlib.Path(args.timeline).is_file():
        parser.error(f"{args.timeline} is not a file")
    report = run(args.motionlab, args.timeline, args.formats.split(","), args.fps, args.irregular, args.size, args.videos)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for fmt, r in report.items():
            worst = ", ".join(f"{p} {d:.3g}" for p, d in r["differences"].items())
            print(f"{fmt:7s} {'PASS' if r['within'] else 'FAIL'}  {r['frames']} frames; stated error {r['maxError']:.3g}; "
                  f"largest difference {worst}")
    sys.exit(0 if all(r["within"] for r in report.values()) else 1)


if __name__ == "__main__":
    main()
