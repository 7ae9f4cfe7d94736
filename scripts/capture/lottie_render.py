#!/usr/bin/env python3
"""Renders a Lottie animation with rlottie (Debian's librlottie, through ctypes) at chosen times.

    python3 scripts/capture/lottie_render.py ANIMATION.json --out DIR (--times … | --fps 60 --duration 1
        [--irregular SEED]) [--size 320x240] [--layer NAME] [--shape 48x48] [--color 1f4e99] [--background f2f2f2]

Before rendering, the composition is prepared so that a video can show it and its truth is exact:
- the animated layer (--layer, default the first with animated transform) gets a visible shape: a
  rectangle of --shape centred on its origin, filled with --color (a null layer, as exports write,
  becomes a shape layer with the same transform, so opacity applies to it);
- an opaque --background rectangle goes underneath (rlottie draws on transparent pixels);
- the composition's size becomes --size (positions stay in the same pixels: nothing is scaled);
- time is re-expressed at TIMESCALE frames per second (every keyframe time, ip and op multiplied by
  TIMESCALE/fr): rlottie renders whole frames only, and a frame time on the kit's 1/TIMESCALE s grid is
  then a whole frame of the same animation.
Each frame is rendered by `lottie_animation_render` and written as PNG; DIR/truth.csv holds the
rectangle's centre, size, opacity and scale from the Lottie JSON's own keyframes, evaluated
independently of rlottie (lottie_eval.py); the prepared composition is kept as DIR/prepared.json.
"""
import argparse
import copy
import ctypes
import json
import pathlib
import struct
import sys
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import lottie_eval  # noqa: E402
import timing  # noqa: E402
from render_page import add_time_options, parse_size, parse_times, write_truth  # noqa: E402


def _library():
    for name in ("librlottie.so", "librlottie.so.0-1", "librlottie.so.0"):
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError:
            continue
    else:
        raise RuntimeError("librlottie is not installed (Debian: apt-get install librlottie-dev)")
    lib.lottie_animation_from_file.restype = ctypes.c_void_p
    lib.lottie_animation_from_file.argtypes = [ctypes.c_char_p]
    lib.lottie_animation_destroy.argtypes = [ctypes.c_void_p]
    lib.lottie_animation_get_totalframe.restype = ctypes.c_size_t
    lib.lottie_animation_get_totalframe.argtypes = [ctypes.c_void_p]
    lib.lottie_animation_get_framerate.restype = ctypes.c_double
    lib.lottie_animation_get_framerate.argtypes = [ctypes.c_void_p]
    lib.lottie_animation_render.restype = None
    lib.lottie_animation_render.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint32),
                                            ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
    return lib


def _hex_color(text):
    text = text.lstrip("#")
    if len(text) != 6:
        raise argparse.ArgumentTypeError(f"colour {text!r} must be 6 hex digits, e.g. 1f4e99")
    return [int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)] + [1]


def _rect_group(name, size, color, position=(0, 0)):
    return {"ty": "gr", "nm": name, "it": [
        {"ty": "rc", "nm": "rect", "d": 1, "s": {"a": 0, "k": list(size)}, "p": {"a": 0, "k": list(position)},
         "r": {"a": 0, "k": 0}},
        {"ty": "fl", "nm": "fill", "c": {"a": 0, "k": color}, "o": {"a": 0, "k": 100}, "r": 1},
        {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
         "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}


def _retime(node, factor):
    """Multiplies every keyframe time under node by factor (in place)."""
    if isinstance(node, dict):
        if node.get("a") == 1 and isinstance(node.get("k"), list):
            for key in node["k"]:
                if isinstance(key, dict) and "t" in key:
                    key["t"] = key["t"] * factor
        for value in node.values():
            _retime(value, factor)
    elif isinstance(node, list):
        for value in node:
            _retime(value, factor)


def prepare(lottie, size, layer_name=None, shape=(48, 48), color="1f4e99", background="f2f2f2",
            timescale=timing.DEFAULT_TIMESCALE):
    """The composition as rendered (see the module documentation) and the name of its shape layer."""
    comp = copy.deepcopy(lottie)
    layer = lottie_eval.find_layer(comp, layer_name)
    if layer.get("ty") not in (3, 4):
        raise ValueError(f"layer {layer.get('nm')!r} is of type {layer.get('ty')}; a null (3) or shape (4) layer is needed")
    layer["ty"] = 4
    layer["shapes"] = [_rect_group("capture shape", shape, _hex_color(color))] + layer.get("shapes", [])
    factor = timescale / float(comp["fr"])
    _retime(comp["layers"], factor)
    # One more frame at the end: rlottie renders frames ip … op − 1, and the last keyframe's time
    # (op) should be renderable too; past the last keyframe every value holds, so nothing changes.
    comp["ip"] = comp["ip"] * factor
    comp["op"] = comp["op"] * factor + 1
    for l in comp["layers"]:
        l["ip"] = l["ip"] * factor if "ip" in l else comp["ip"]
        l["op"] = l["op"] * factor + 1 if "op" in l else comp["op"]
        l.setdefault("st", 0)
        l["st"] = l["st"] * factor
        l.setdefault("sr", 1)
    comp["fr"] = float(timescale)
    comp["w"], comp["h"] = size
    index = max([l.get("ind", 0) for l in comp["layers"]] + [0]) + 1
    comp["layers"].append({"ddd": 0, "ind": index, "ty": 4, "nm": "capture background", "sr": 1,
                           "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                                  "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
                           "shapes": [_rect_group("background", size, _hex_color(background), (size[0] / 2, size[1] / 2))],
                           "ip": comp["ip"], "op": comp["op"], "st": 0})
    return comp, layer.get("nm")


def _png(width, height, rgb):
    raw = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def render(lottie, times, out_dir, size=(320, 240), layer_name=None, shape=(48, 48), color="1f4e99",
           background="f2f2f2", timescale=timing.DEFAULT_TIMESCALE):
    """Renders the prepared composition at each time into out_dir; returns the truth rows."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    comp, name = prepare(lottie, size, layer_name, shape, color, background, timescale)
    prepared = out_dir / "prepared.json"
    prepared.write_text(json.dumps(comp))
    layer = lottie_eval.find_layer(comp, name)
    lib = _library()
    animation = lib.lottie_animation_from_file(str(prepared).encode())
    if not animation:
        raise RuntimeError(f"rlottie could not load {prepared}")
    try:
        total = lib.lottie_animation_get_totalframe(animation)
        width, height = size
        buffer = (ctypes.c_uint32 * (width * height))()
        rows = []
        for i, t in enumerate(times):
            frame = round(t * timescale)
            if abs(frame / timescale - t) > 1e-9:
                raise ValueError(f"time {t!r} is not on the 1/{timescale} s grid")
            # rlottie counts frames from the composition's in point.
            index = frame - round(comp["ip"])
            if not 0 <= index < total:
                raise ValueError(f"time {t!r} is outside the animation ({comp['ip'] / timescale} … "
                                 f"{(comp['op'] - 1) / timescale} s)")
            lib.lottie_animation_render(animation, index, buffer, width, height, width * 4)
            bgra = bytes(buffer)
            rgb = bytearray(width * height * 3)
            rgb[0::3], rgb[1::3], rgb[2::3] = bgra[2::4], bgra[1::4], bgra[0::4]
            (out_dir / f"frame-{i:05d}.png").write_bytes(_png(width, height, bytes(rgb)))
            row = lottie_eval.shape_truth(layer, frame, shape)
            row["time"] = t
            rows.append(row)
        return rows
    finally:
        lib.lottie_animation_destroy(animation)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("animation", help="a Lottie (bodymovin) JSON file")
    parser.add_argument("--out", required=True, help="directory for frame-NNNNN.png, truth.csv, prepared.json")
    parser.add_argument("--size", type=parse_size, default=(320, 240), help="frame WIDTHxHEIGHT (default 320x240)")
    parser.add_argument("--layer", help="the animated layer (default: the first with an animated transform)")
    parser.add_argument("--shape", type=parse_size, default=(48, 48), help="the rectangle drawn on it (default 48x48)")
    parser.add_argument("--color", default="1f4e99", help="its colour, hex (default 1f4e99)")
    parser.add_argument("--background", default="f2f2f2", help="background colour, hex (default f2f2f2)")
    add_time_options(parser)
    args = parser.parse_args()
    if not pathlib.Path(args.animation).is_file():
        parser.error(f"{args.animation} is not a file")
    times = parse_times(args, parser)
    lottie = json.loads(pathlib.Path(args.animation).read_text())
    rows = render(lottie, times, args.out, args.size, args.layer, args.shape, args.color, args.background, args.timescale)
    write_truth(rows, pathlib.Path(args.out) / "truth.csv")
    print(f"lottie_render: {len(rows)} frames, {args.size[0]}x{args.size[1]}, into {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
