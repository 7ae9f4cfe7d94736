"""Decoded frames as arrays, and an independent measure of where a shape is drawn in them.

Used by the kit's self-checks to confirm that what a renderer reports is what it drew: the
intensity-weighted centroid of a frame's difference from its background, which for a uniformly
coloured shape on a uniform background is the shape's centre to within the anti-aliasing and
compression noise (a few hundredths of a pixel).
"""
import subprocess

import numpy as np


def decode_gray(video, width, height):
    """Every frame of the video as a float array (frames × height × width), luma 0–255, in
    presentation order, without any frame-rate conversion."""
    raw = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(video), "-fps_mode", "passthrough",
                          "-f", "rawvideo", "-pix_fmt", "gray", "-"], check=True, capture_output=True).stdout
    frame = width * height
    if len(raw) % frame:
        raise ValueError(f"{video}: decoded {len(raw)} bytes, not a multiple of {width}x{height}")
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width).astype(np.float64)


def decode_png_gray(png_bytes):
    """One PNG as a luma array (ffmpeg decodes it)."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "-"],
                           input=png_bytes, check=True, capture_output=True, text=False).stdout.decode()
    width, height = (int(v) for v in probe.strip().split(","))
    raw = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", "-", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         input=png_bytes, check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(height, width).astype(np.float64)


def centroid(frame, background, noise=3.0):
    """(x, y, mass) of |frame − background| above the noise level; pixel centres at +0.5, so the
    result is in the same coordinates as the page's CSS pixels. mass is 0 when nothing differs."""
    weight = np.abs(frame - background) - noise
    weight[weight < 0] = 0
    mass = weight.sum()
    if mass == 0:
        return float("nan"), float("nan"), 0.0
    ys, xs = np.indices(frame.shape)
    return float((weight * xs).sum() / mass + 0.5), float((weight * ys).sum() / mass + 0.5), float(mass)
