#!/usr/bin/env python3
"""Encodes rendered frames to H.264 with their exact, possibly irregular, presentation times.

    python3 scripts/capture/encode.py DIR --out VIDEO.mp4 [--crf 18] [--timescale 1000]

DIR holds frame-NNNNN.png and truth.csv (its time column gives each frame's time, as the renderers
write them). The frames go through ffmpeg's concat demuxer, one entry per frame with its
`duration` (the gap to the next frame), `-fps_mode passthrough` keeps every frame at its own time
(no frame rate is imposed, nothing duplicated or dropped), and the container's timebase is
1/TIMESCALE s, on which every time lies. Afterwards ffprobe reads the stored timestamps back; the
script fails unless they equal the intended times tick for tick. x264 runs single-threaded so the
same frames give the same bytes.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import timing  # noqa: E402
from render_page import read_truth  # noqa: E402


def encode(frames, times, out, crf=18, timescale=timing.DEFAULT_TIMESCALE, preset="medium"):
    """frames: PNG paths in order; times: seconds on the 1/timescale grid, starting at 0."""
    if not 0 <= crf <= 51:
        raise ValueError(f"crf {crf!r} must be in [0, 51] (the tracker's accuracy is specified at ≤ 23)")
    if len(frames) != len(times) or not frames:
        raise ValueError(f"{len(frames)} frames but {len(times)} times; need the same number, at least one")
    ks = timing.ticks(times, timescale)
    if ks[0] != 0:
        raise ValueError(f"the first frame time must be 0, not {times[0]!r} (shift the times)")
    gaps = [b - a for a, b in zip(ks, ks[1:])]
    last = sorted(gaps)[len(gaps) // 2] if gaps else 1
    with tempfile.TemporaryDirectory() as tmp:
        listing = pathlib.Path(tmp) / "frames.ffconcat"
        lines = ["ffconcat version 1.0"]
        for frame, gap in zip(frames, gaps + [last]):
            lines.append(f"file '{pathlib.Path(frame).resolve()}'")
            # Each PNG is its own input; at the image demuxer's default 25 fps the concat offsets
            # would be rounded to 1/25 s, so its timebase is made the video's.
            lines.append(f"option framerate {timescale}")
            # µs are exact for any timescale dividing 10^6.
            lines.append(f"duration {gap * (1_000_000 // timescale)}us")
        listing.write_text("\n".join(lines) + "\n")
        out = pathlib.Path(out)
        container = ["-video_track_timescale", str(timescale)] if out.suffix.lower() in (".mp4", ".mov", ".m4v") else []
        command = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", str(listing),
                   "-fps_mode", "passthrough", "-c:v", "libx264", "-preset", preset, "-crf", str(crf),
                   "-pix_fmt", "yuv420p", "-threads", "1", "-x264-params", "threads=1:lookahead-threads=1",
                   "-enc_time_base", f"1/{timescale}", *container,
                   "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", str(out)]
        subprocess.run(command, check=True)
    stored = stored_times(out)
    if [round(t * timescale) for t in stored] != ks or any(abs(s - t) > 1e-9 for s, t in zip(stored, times)):
        raise RuntimeError(f"{out}: the stored timestamps differ from the intended ones "
                           f"({len(stored)} stored, {len(times)} intended; first difference at "
                           f"{next((i for i, (a, b) in enumerate(zip(stored, times)) if abs(a - b) > 1e-9), min(len(stored), len(times)))})")
    return stored


def stored_times(video):
    """Every frame's presentation time in seconds as ffprobe reports it (pts × time_base, exact)."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=time_base:frame=pts,pkt_dts,best_effort_timestamp", "-of", "json", str(video)],
                           check=True, capture_output=True, text=True)
    data = json.loads(probe.stdout)
    num, den = (int(v) for v in data["streams"][0]["time_base"].split("/"))
    times = []
    for frame in data["frames"]:
        pts = frame.get("pts", frame.get("best_effort_timestamp"))
        times.append(pts * num / den)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir", help="directory with frame-NNNNN.png and truth.csv")
    parser.add_argument("--out", required=True, help="the video to write (.mp4 or .mkv)")
    parser.add_argument("--crf", type=int, default=18, help="x264 constant rate factor (default 18; ≤ 23 for the accuracy bar)")
    parser.add_argument("--timescale", type=int, default=timing.DEFAULT_TIMESCALE, help="timebase 1/TIMESCALE s (default 1000)")
    args = parser.parse_args()
    directory = pathlib.Path(args.dir)
    times = [row["time"] for row in read_truth(directory / "truth.csv")]
    frames = [directory / f"frame-{i:05d}.png" for i in range(len(times))]
    stored = encode(frames, times, args.out, args.crf, args.timescale)
    print(f"encode: {args.out}: {len(stored)} frames, timestamps verified", file=sys.stderr)


if __name__ == "__main__":
    main()
