"""An independent evaluator of Lottie (bodymovin) transform keyframes, for the truth of rlottie renders.

It reads the composition's JSON, not the player: a property is static (`"a": 0`) or a list of
keyframes `{t, s, o, i, h}` where the segment from keyframe j to j+1 eases along the cubic bezier
(0,0)–(o.x, o.y)–(i.x, i.y)–(1,1) of keyframe j (per dimension when the handles are arrays), holds
when `h` is 1, and keeps the first value before the first keyframe and the last after the last.
Spatial position paths (`ti`/`to` handles) are not supported and raise an error naming them.
"""
import math


def _bezier_ease(x1, y1, x2, y2, u):
    """y at the point of the unit cubic bezier whose x is u (bisection then Newton; exact to 1e-13)."""
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0

    def coord(a, b, s):
        return 3 * a * (1 - s) ** 2 * s + 3 * b * (1 - s) * s * s + s ** 3

    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if coord(x1, x2, mid) < u:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    return coord(y1, y2, 0.5 * (lo + hi))


def _component(handle, key, d):
    v = handle[key]
    if isinstance(v, list):
        return v[d] if d < len(v) else v[-1]
    return v


def property_value(prop, frame, path="property"):
    """The value (a list of numbers) of an animatable Lottie property at a (fractional) frame."""
    if not prop.get("a"):
        k = prop["k"]
        return list(k) if isinstance(k, list) else [k]
    keys = prop["k"]
    for key in keys:
        if any(abs(c) > 1e-12 for c in (key.get("ti") or []) + (key.get("to") or [])):
            raise ValueError(f"{path}: spatial bezier handles (ti/to) are not supported")

    def start(key):
        s = key["s"]
        return list(s) if isinstance(s, list) else [s]

    if frame <= keys[0]["t"]:
        return start(keys[0])
    for j in range(len(keys) - 1):
        a, b = keys[j], keys[j + 1]
        if frame < b["t"]:
            s0 = start(a)
            s1 = start(b) if "s" in b else list(a["e"])
            if a.get("h") == 1 or b["t"] == a["t"]:
                return s0
            u = (frame - a["t"]) / (b["t"] - a["t"])
            o = a.get("o", {"x": 0, "y": 0})
            i = a.get("i", {"x": 1, "y": 1})
            out = []
            for d in range(len(s0)):
                e = _bezier_ease(_component(o, "x", d), _component(o, "y", d),
                                 _component(i, "x", d), _component(i, "y", d), u)
                out.append(s0[d] + (s1[d] - s0[d]) * e)
            return out
    last = keys[-1]
    if "s" in last:
        return start(last)
    return list(keys[-2]["e"])


def find_layer(lottie, name=None):
    layers = lottie.get("layers", [])
    if name is not None:
        for layer in layers:
            if layer.get("nm") == name:
                return layer
        raise ValueError(f"no layer named {name!r}; layers: {[l.get('nm') for l in layers]}")
    for layer in layers:
        if any(isinstance(p, dict) and p.get("a") for p in layer.get("ks", {}).values()):
            return layer
    if layers:
        return layers[0]
    raise ValueError("the composition has no layers")


def transform_at(layer, frame):
    """The layer's transform at a frame: x, y (position), rotation (degrees), opacity (0–1), scale
    (uniform, 1 = 100 %: the horizontal component) and scale_y, anchor ax, ay."""
    ks = layer["ks"]
    name = layer.get("nm", "layer")
    p = ks.get("p", {"a": 0, "k": [0, 0]})
    if p.get("s"):
        x = property_value(p["x"], frame, f"{name}.p.x")[0]
        y = property_value(p["y"], frame, f"{name}.p.y")[0]
    else:
        x, y = property_value(p, frame, f"{name}.p")[:2]
    a = property_value(ks.get("a", {"a": 0, "k": [0, 0]}), frame, f"{name}.a")
    s = property_value(ks.get("s", {"a": 0, "k": [100, 100]}), frame, f"{name}.s")
    o = property_value(ks.get("o", {"a": 0, "k": 100}), frame, f"{name}.o")[0]
    r = property_value(ks.get("r", {"a": 0, "k": 0}), frame, f"{name}.r")[0]
    return {"x": x, "y": y, "rotation": r, "opacity": o / 100, "scale": s[0] / 100,
            "scale_y": (s[1] if len(s) > 1 else s[0]) / 100, "ax": a[0], "ay": a[1] if len(a) > 1 else 0.0}


def shape_truth(layer, frame, shape_size):
    """Where a rectangle of shape_size (w, h) centred on the layer's origin is drawn at this frame:
    centre x, y, axis-aligned width, height, opacity and scale (rotation widens the box)."""
    tr = transform_at(layer, frame)
    w, h = shape_size
    sx, sy = tr["scale"], tr["scale_y"]
    th = math.radians(tr["rotation"])
    # The origin maps to position − R·S·anchor.
    ax, ay = -tr["ax"] * sx, -tr["ay"] * sy
    cx = tr["x"] + ax * math.cos(th) - ay * math.sin(th)
    cy = tr["y"] + ax * math.sin(th) + ay * math.cos(th)
    bw = abs(w * sx * math.cos(th)) + abs(h * sy * math.sin(th))
    bh = abs(w * sx * math.sin(th)) + abs(h * sy * math.cos(th))
    return {"x": cx, "y": cy, "width": bw, "height": bh, "opacity": tr["opacity"], "scale": sx,
            "rotation": tr["rotation"]}


def slider_value(layer, name, frame):
    """The value of the layer's Slider Control effect named name at a frame."""
    for effect in layer.get("ef", []):
        if effect.get("nm") == name:
            for control in effect.get("ef", []):
                if control.get("ty") == 0 and "v" in control:
                    return property_value(control["v"], frame, f"{layer.get('nm')}.ef.{name}")[0]
    raise ValueError(f"layer {layer.get('nm')!r} has no slider effect named {name!r}")
