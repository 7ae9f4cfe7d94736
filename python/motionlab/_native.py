"""Loads the MotionLab shared library and declares its C functions (ctypes)."""
import ctypes
import json
import math
import os
from ctypes import POINTER, c_char_p, c_double, c_int32, c_ssize_t, c_void_p
from pathlib import Path
from typing import Any, Optional, Tuple

import numpy as np

from .errors import ArgumentError, error_for

ABI_VERSION = 2
# Arrays are passed as their data's address (an int): faster than ctypes' typed pointers.
_DOUBLE_P = c_void_p
_OUT = POINTER(c_void_p)


def _library_path() -> str:
    given = os.environ.get("MOTIONLAB_LIBRARY")
    if given:
        return given
    here = Path(__file__).resolve().parent
    for name in ("libMotionLabC.so", "libMotionLabC.dylib"):
        if (here / name).exists():
            return str(here / name)
    raise ImportError("motionlab: the MotionLab library (libMotionLabC.so) is not in the package; "
                      "install with `pip install ./python`, or set MOTIONLAB_LIBRARY to a built libMotionLabC.so")


lib = ctypes.CDLL(_library_path())
lib.motionlab_abi_version.restype = c_int32
lib.motionlab_abi_version.argtypes = []
lib.motionlab_free.restype = None
lib.motionlab_free.argtypes = [c_void_p]
if lib.motionlab_abi_version() != ABI_VERSION:
    raise ImportError(f"motionlab: the library's C ABI is version {lib.motionlab_abi_version()}; "
                      f"this package needs {ABI_VERSION}")

_S = c_ssize_t
_SIGNATURES = {
    "motionlab_spring_describe": [c_char_p, c_double, c_double, c_double, _OUT, _OUT],
    "motionlab_spring_sample": [c_char_p, c_double, c_double, _DOUBLE_P, _S, _DOUBLE_P, _DOUBLE_P, _OUT],
    "motionlab_curve_eval": [c_char_p, _DOUBLE_P, c_int32, c_int32, _DOUBLE_P, _S, _DOUBLE_P, _DOUBLE_P, _DOUBLE_P,
                             _OUT, _OUT],
    "motionlab_timeline_info": [c_char_p, _OUT, _OUT],
    "motionlab_timeline_eval": [c_char_p, _DOUBLE_P, _S, _S, _DOUBLE_P, _OUT],
    "motionlab_timeline_verify": [c_char_p, c_double, _OUT, _OUT],
    "motionlab_fit_keyframes": [_DOUBLE_P, _S, _DOUBLE_P, _S, c_char_p, c_int32, _DOUBLE_P, _S, _S, c_double,
                                c_double, _OUT, _OUT],
    "motionlab_fit_keyframes_channels": [_DOUBLE_P, _DOUBLE_P, _S, _S, c_char_p, c_int32, _DOUBLE_P, _S, _S, c_double,
                                         c_int32, c_double, _OUT, _OUT],
    "motionlab_fit_spring_channels": [_DOUBLE_P, _DOUBLE_P, _S, _S, c_char_p, c_double, _OUT, _OUT],
    "motionlab_check": [c_char_p, c_char_p, c_char_p, c_int32, POINTER(c_ssize_t), c_char_p, _OUT, _OUT],
    "motionlab_fit_spring": [_DOUBLE_P, _S, _DOUBLE_P, _S, c_char_p, c_double, _OUT, _OUT],
    "motionlab_fit_bezier": [_DOUBLE_P, _S, _DOUBLE_P, _S, c_char_p, c_double, _OUT, _OUT],
    "motionlab_settle": [_DOUBLE_P, _S, _DOUBLE_P, _S, c_char_p, c_char_p, c_double, c_int32, _OUT, _OUT],
    "motionlab_settle_channels": [_DOUBLE_P, _DOUBLE_P, _S, _S, c_char_p, c_double, c_int32, _OUT, _OUT],
    "motionlab_export": [c_char_p, c_char_p, c_char_p, _DOUBLE_P, c_double, c_double, c_double, c_double, c_char_p,
                         c_double, c_double, c_char_p, _OUT, _OUT],
    "motionlab_track": [c_char_p, c_char_p, c_int32, _OUT, _OUT],
    "motionlab_animate": [c_char_p, c_double, c_double, c_double, _DOUBLE_P, _S, c_char_p, _OUT, _OUT],
}
_FUNCTIONS = {}
for _name, _args in _SIGNATURES.items():
    _function = getattr(lib, _name)
    _function.argtypes = _args
    _function.restype = c_int32
    _FUNCTIONS[_name] = _function


def _take_string(pointer: c_void_p) -> Optional[str]:
    if not pointer.value:
        return None
    try:
        return ctypes.string_at(pointer.value).decode("utf-8")
    finally:
        lib.motionlab_free(pointer)


def call(name: str, *args: Any, document: bool = True) -> Tuple[Any, list]:
    """Calls `name` with `args` (then the out-pointers); returns (result, warnings) of its JSON
    document, or raises the library's error."""
    error = c_void_p()
    if document:
        out = c_void_p()
        status = _FUNCTIONS[name](*args, ctypes.byref(out), ctypes.byref(error))
    else:
        out = None
        status = _FUNCTIONS[name](*args, ctypes.byref(error))
    if status == 0 and out is None:
        return None, []
    message = _take_string(error)
    if status != 0:
        if out is not None:
            _take_string(out)
        raise error_for(status, message or "")
    if out is None:
        return None, []
    envelope = json.loads(_take_string(out))
    return envelope["result"], envelope["warnings"]


def as_array(values: Any) -> np.ndarray:
    """A float64 C-contiguous view of `values` (a numpy array, a pandas Series, a list, a number):
    no copy when it already is one. A number or 0-d array stays 0-d, so results can be shaped like
    their input (see :func:`shaped`)."""
    if hasattr(values, "to_numpy"):
        values = values.to_numpy(dtype=np.float64, copy=False)
    array = np.asarray(values, dtype=np.float64)
    # np.ascontiguousarray alone would make a 0-d array 1-d.
    return array if array.flags.c_contiguous else np.ascontiguousarray(array)


def shaped(out: np.ndarray) -> Any:
    """An output array as numpy's ufuncs return theirs: a 0-d one (the input was a number or a
    0-d array) as a numpy float64 scalar, any other unchanged."""
    return out[()] if out.ndim == 0 else out


def plain(value: Any, path: str = "") -> Any:
    """`value` as JSON can hold it: numpy scalars and 0-d arrays as Python numbers, numpy arrays and
    tuples as lists, inside dicts and lists too.

    JSON has no NaN or ∞ (the library's parser would only say "unexpected 'N'"), so a non-finite
    number raises ArgumentError naming where it is: `path`, then keys and indexes below it
    (``keyframes[0].to must be a finite number; got nan``)."""
    if isinstance(value, dict):
        return {key: plain(item, f"{path}.{key}" if path else str(key)) for key, item in value.items()}
    if isinstance(value, np.ndarray):
        value = value.tolist()  # Python numbers; a 0-d array gives its one number
    if isinstance(value, (list, tuple)):
        return [plain(item, f"{path}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        raise ArgumentError(f"{path or 'the value'} must be a finite number; got {value}")
    return value


def json_text(document: Any, path: str = "") -> bytes:
    """`document` as UTF-8 JSON for the library, through :func:`plain` (numpy numbers accepted,
    non-finite numbers refused by name)."""
    return json.dumps(plain(document, path), allow_nan=False).encode("utf-8")


_char_at = ctypes.c_char.from_buffer
_address = ctypes.addressof


def pointer(array: Optional[np.ndarray]) -> Optional[int]:
    """The address of the array's data, for a `double *` argument (the array must outlive the call).

    Read through the buffer protocol, a few times faster than `array.ctypes.data` (which builds the
    array interface dict); read-only and empty arrays take the slower way."""
    if array is None:
        return None
    try:
        return _address(_char_at(array))
    except (TypeError, ValueError, BufferError):
        return array.ctypes.data


def text(value: Optional[str]) -> Optional[bytes]:
    return None if value is None else value.encode("utf-8")
