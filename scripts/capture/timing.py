"""Frame times for the renderers and the encoder.

A video stores each frame's presentation time as an integer count of its timebase (1/TIMESCALE s).
The kit therefore chooses every frame time on that grid before rendering, so the frame shown at a
stored time is the frame rendered at exactly that time. The default grid is 1 ms: H.264 in MP4 or
Matroska represents it exactly, and ffmpeg's concat demuxer (which reads durations in µs) too.
"""
import random

DEFAULT_TIMESCALE = 1000


def check_timescale(timescale):
    if not (isinstance(timescale, int) and 1 <= timescale <= 1_000_000 and 1_000_000 % timescale == 0):
        raise ValueError(f"timescale {timescale!r} must be an integer dividing 1000000 (e.g. 1000, 8000, 50000)")


def ticks(times, timescale=DEFAULT_TIMESCALE):
    """The times in timebase ticks; each must lie on the grid (within 1e-9 s) and increase strictly."""
    check_timescale(timescale)
    result = []
    for t in times:
        k = round(t * timescale)
        if abs(k / timescale - t) > 1e-9:
            raise ValueError(f"time {t!r} is not a multiple of 1/{timescale} s; round it with on_grid()")
        if result and k <= result[-1]:
            raise ValueError(f"times must increase strictly: {t!r} after {result[-1] / timescale!r}")
        result.append(k)
    return result


def on_grid(times, timescale=DEFAULT_TIMESCALE):
    """The times rounded to the 1/timescale grid, duplicates (after rounding) removed."""
    check_timescale(timescale)
    out = []
    for t in times:
        k = round(t * timescale)
        if not out or k > out[-1]:
            out.append(k)
    return [k / timescale for k in out]


def regular(fps, duration, timescale=DEFAULT_TIMESCALE):
    """Frames every 1/fps s from 0 through duration, on the grid (so intervals differ by a tick)."""
    if not fps > 0 or not duration >= 0:
        raise ValueError(f"fps {fps!r} must be > 0 and duration {duration!r} ≥ 0")
    n = int(duration * fps + 1e-9)
    return on_grid([i / fps for i in range(n + 1)], timescale)


def irregular(fps, duration, seed, jitter=0.35, drop=0.12, timescale=DEFAULT_TIMESCALE):
    """A variable-frame-rate schedule like a screen recorder's: nominal 1/fps frames, each moved by
    up to ±jitter of a frame, and each dropped with probability drop (never the first or last).
    Deterministic for a given seed."""
    if not 0 <= jitter < 0.5 or not 0 <= drop < 1:
        raise ValueError(f"jitter {jitter!r} must be in [0, 0.5) and drop {drop!r} in [0, 1)")
    rng = random.Random(seed)
    n = int(duration * fps + 1e-9)
    times = [0.0]
    for i in range(1, n):
        t = (i + rng.uniform(-jitter, jitter)) / fps
        if rng.random() >= drop:
            times.append(t)
    times.append(n / fps)
    return on_grid(times, timescale)
