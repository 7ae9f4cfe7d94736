"""Results: objects whose attributes are the command line's JSON keys in snake_case."""
import copy
import keyword
import re
from typing import Any, Dict, Iterable, Optional, Tuple

_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def snake_case(key: str) -> str:
    """`maxError` → `max_error`, `swiftUI` → `swift_ui`, `r2` → `r2`."""
    return _CAMEL.sub(r"_\1", key).replace("UI", "_ui").replace("__", "_").lower().strip("_")


def attribute_name(key: str) -> str:
    """The attribute of a JSON key: its snake_case, with `_` appended to a Python keyword
    (`from` → `from_`, as PEP 8 spells it)."""
    name = snake_case(key)
    return name + "_" if keyword.iskeyword(name) else name


def json_number(x: float) -> Any:
    """A double as the command line writes it in JSON: ±∞ as "inf" / "-inf", NaN as null."""
    if x != x:
        return None
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    return x


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Record(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    if value == "inf":
        return float("inf")
    if value == "-inf":
        return float("-inf")
    return value


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.10g}"
    if isinstance(value, (dict, list)):
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."
    return str(value)


class Record:
    """A JSON object of the command line's output, with its keys as snake_case attributes (nested
    objects are records too; "inf" strings read as floats). `to_dict()` gives the document itself.
    A key that is a Python keyword gets a trailing underscore (`from_`), and the JSON key as the
    command line spells it reads too (`fit.maxError` is `fit.max_error`).

    Attributes are made when first read: a large result (a fit's keyframes, a run's testcases)
    costs nothing beyond its JSON until it is looked at."""

    _title = "MotionLab result"
    _summary: Tuple[str, ...] = ()

    def __init__(self, document: Dict[str, Any], warnings: Optional[Iterable[str]] = None):
        object.__setattr__(self, "_document", document)
        object.__setattr__(self, "_attributes", None)
        # A document's own `warnings` key is the attribute; else the call's warnings.
        if "warnings" not in document:
            object.__setattr__(self, "warnings", list(warnings or []))

    def __getattr__(self, name: str) -> Any:
        # Only reached when the attribute is not set: a JSON key, read and cached on first use.
        if name.startswith("__") or name in ("_document", "_attributes"):
            raise AttributeError(name)
        names = self._attributes
        if names is None:
            # attribute → (attribute, JSON key): the snake_case names first, then each JSON key as
            # itself where no snake_case name already took that spelling.
            names = {attribute_name(key): (attribute_name(key), key) for key in self._document}
            for key in self._document:
                names.setdefault(key, (attribute_name(key), key))
            object.__setattr__(self, "_attributes", names)
        if name not in names:
            listed = ", ".join(attribute_name(key) for key in self._document)
            raise AttributeError(f"{type(self).__name__} has no attribute '{name}' (its keys: {listed})")
        attribute, key = names[name]
        # Read once and cached under the attribute's name only (so dir() lists no JSON spellings);
        # the JSON spelling comes back here and gets that same object.
        if attribute in self.__dict__:
            return self.__dict__[attribute]
        value = _wrap(self._document[key])
        object.__setattr__(self, attribute, value)
        return value

    def __dir__(self):
        return sorted(set(super().__dir__()) | {attribute_name(key) for key in self._document})

    def to_dict(self) -> Dict[str, Any]:
        """The document with the command line's `--json` keys and values (a deep copy)."""
        return copy.deepcopy(self._document)

    def keys(self):
        """The JSON keys."""
        return self._document.keys()

    def __getitem__(self, key: str) -> Any:
        return self._document[key]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and other._document == self._document

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("MotionLab results are read-only; use to_dict() for a mutable copy")

    def __repr__(self) -> str:
        keys = [k for k in (self._summary or tuple(self._document)) if k in self._document]
        rows = [(attribute_name(k), _cell(self._document[k])) for k in keys]
        width = max((len(k) for k, _ in rows), default=0)
        return "\n".join([self._title] + [f"  {k.ljust(width)}  {v}" for k, v in rows])
