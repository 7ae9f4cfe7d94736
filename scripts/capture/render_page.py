#!/usr/bin/env python3
"""Renders a page's CSS / Web Animations animation in headless Chromium at chosen times.

For each time t the page's animations (`document.getAnimations()`: CSS animations, CSS transitions
and `element.animate(…)`) are paused and seeked to t (`animation.currentTime = t`), the viewport is
captured as PNG, and the truth is read from the page itself: the target element's
`getBoundingClientRect()` centre and size (transforms included), its computed opacity, and its
scale (rendered width over layout width). Registered custom properties (`--read --x`) are read in
full precision with `computedStyleMap()`.

    python3 scripts/capture/render_page.py PAGE.html --out DIR (--times 0,0.016,… | --times-file F |
        --fps 60 --duration 1 [--irregular SEED]) [--size 320x240] [--selector '#target'] [--read --x]

writes DIR/frame-00000.png … and DIR/truth.csv (time,x,y,width,height,opacity,scale[,--x …]).
Animate with transforms (`translate`, `scale`, `transform`): Chromium draws them at sub-pixel
positions, whereas layout properties (`left`, `top`) snap to whole pixels.
"""
import argparse
import csv
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from cdp import Browser  # noqa: E402
import timing  # noqa: E402

TRUTH_COLUMNS = ["time", "x", "y", "width", "height", "opacity", "scale"]

MEASURE_SCRIPT = r"""
window.__captureMeasure = (selector, properties = []) => {
  const el = document.querySelector(selector);
  if (!el) throw new Error('no element matches ' + selector);
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const px = (v) => parseFloat(v) || 0;
  let layoutWidth = px(cs.width);
  if (cs.boxSizing !== 'border-box')
    layoutWidth += px(cs.paddingLeft) + px(cs.paddingRight) + px(cs.borderLeftWidth) + px(cs.borderRightWidth);
  const row = {x: r.x + r.width / 2, y: r.y + r.height / 2, width: r.width, height: r.height,
               opacity: Number(cs.opacity), scale: layoutWidth > 0 ? r.width / layoutWidth : 1};
  for (const p of properties) {
    const v = el.computedStyleMap().get(p);
    row[p] = v && v.value !== undefined ? v.value : Number(cs.getPropertyValue(p));
  }
  return row;
};
"""

SEEK_SCRIPT = MEASURE_SCRIPT + r"""
window.__captureSeek = (ms, selector, properties) => {
  for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; }
  return __captureMeasure(selector, properties);
};
"""


def render(html_text, times, out_dir, size=(320, 240), selector="#target", properties=(), browser=None):
    """Renders the page at each time (seconds) into out_dir; returns the truth rows (dicts)."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    own = browser is None
    if own:
        browser = Browser(width=size[0], height=size[1])
    try:
        browser.load_html(html_text)
        browser.evaluate(SEEK_SCRIPT)
        rows = []
        for i, t in enumerate(times):
            row = browser.evaluate(f"__captureSeek({t * 1000!r}, {selector!r}, {list(properties)!r})")
            row["time"] = t
            (out_dir / f"frame-{i:05d}.png").write_bytes(browser.screenshot_png())
            rows.append(row)
        return rows
    finally:
        if own:
            browser.close()


def write_truth(rows, path, extra=()):
    columns = TRUTH_COLUMNS + [c for c in extra if c not in TRUTH_COLUMNS]
    with open(path, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([repr(float(row[c])) if c != "time" else f"{row[c]:.6f}" for c in columns])


def read_truth(path):
    with open(path) as f:
        reader = csv.DictReader(line for line in f if not line.startswith("#"))
        return [{k: float(v) for k, v in row.items()} for row in reader]


def parse_times(args, parser):
    if args.times:
        times = [float(t) for t in args.times.split(",")]
    elif args.times_file:
        times = [float(line.split(",")[0]) for line in open(args.times_file)
                 if line.strip() and not line[0].isalpha() and not line.startswith("#")]
    elif args.fps and args.duration is not None:
        if args.irregular is not None:
            times = timing.irregular(args.fps, args.duration, args.irregular, timescale=args.timescale)
        else:
            times = timing.regular(args.fps, args.duration, timescale=args.timescale)
    else:
        parser.error("give --times, --times-file, or --fps with --duration")
    return timing.on_grid(times, args.timescale)


def add_time_options(parser):
    parser.add_argument("--times", help="comma-separated frame times in seconds")
    parser.add_argument("--times-file", help="a file of frame times, one per line (or a CSV's first column)")
    parser.add_argument("--fps", type=float, help="nominal frame rate (with --duration)")
    parser.add_argument("--duration", type=float, help="last frame time in seconds (with --fps)")
    parser.add_argument("--irregular", type=int, metavar="SEED",
                        help="jitter the frame times and drop frames like a screen recorder (seeded)")
    parser.add_argument("--timescale", type=int, default=timing.DEFAULT_TIMESCALE,
                        help="the video timebase 1/TIMESCALE s; times are rounded to it (default 1000)")


def parse_size(text):
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r} must be WIDTHxHEIGHT, e.g. 320x240")
    if w < 16 or h < 16 or w % 2 or h % 2:
        raise argparse.ArgumentTypeError(f"size {text!r}: width and height must be even and ≥ 16 (H.264 4:2:0)")
    return w, h


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", help="the HTML file whose animation to render")
    parser.add_argument("--out", required=True, help="directory for frame-NNNNN.png and truth.csv")
    parser.add_argument("--size", type=parse_size, default=(320, 240), help="viewport WIDTHxHEIGHT (default 320x240)")
    parser.add_argument("--selector", default="#target", help="CSS selector of the element to report (default #target)")
    parser.add_argument("--read", action="append", default=[], metavar="--PROPERTY",
                        help="also report this registered custom property (repeatable)")
    add_time_options(parser)
    args = parser.parse_args()
    if not pathlib.Path(args.page).is_file():
        parser.error(f"{args.page} is not a file")
    times = parse_times(args, parser)
    rows = render(pathlib.Path(args.page).read_text(), times, args.out, args.size, args.selector, args.read)
    write_truth(rows, os.path.join(args.out, "truth.csv"), args.read)
    print(f"render_page: {len(rows)} frames, {args.size[0]}x{args.size[1]}, into {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
