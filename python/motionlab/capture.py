"""Screen recordings: the moving objects of a video, tracked in process."""
import os
import warnings as _warnings
from typing import Any, Optional, Sequence, Union

import numpy as np

from . import _native
from ._result import Record


class TrackedMotion(Record):
    """The `track --json` document: `frames` (decoded), `duplicates` (repeated frames dropped) and
    `objects`, each with its `id`, `gaps` (frames where it was not seen whole), `channels`
    (`time`, `x`, `y`, `width`, `height`, `scale`, `opacity`, and `rotation` where the object has an
    axis) and `samples` (one row per frame it was seen in). :meth:`samples` gives an object's rows as
    an array, :meth:`to_dataframe` as a pandas DataFrame."""

    _title = "Tracked motion"
    _summary = ("frames", "duplicates")

    def __repr__(self) -> str:
        d = self._document
        lines = [f"Tracked {len(d['objects'])} moving object{'s' if len(d['objects']) != 1 else ''} "
                 f"in {d['frames']} frames ({d['duplicates']} repeated frames dropped)"]
        for item in d["objects"]:
            rows = item["samples"]
            span = f"{rows[0][0]:.6g} … {rows[-1][0]:.6g} s" if rows else "never seen"
            lines.append(f"  object {item['id']}: {len(rows)} samples, {span}, {item['gaps']} gaps; "
                         f"channels {', '.join(item['channels'])}")
        return "\n".join(lines)

    def samples(self, object_id: int = 1) -> np.ndarray:
        """Object `object_id`'s rows (time first, then its channels) as a float64 array."""
        for item in self._document["objects"]:
            if item["id"] == object_id:
                return np.asarray(item["samples"], dtype=np.float64).reshape(-1, len(item["channels"]))
        raise KeyError(f"no object {object_id}: the video has objects 1…{len(self._document['objects'])}")

    def to_dataframe(self, object_id: int = 1) -> Any:
        """Object `object_id`'s rows as a pandas DataFrame with a `time` column (pandas must be installed)."""
        import pandas as pd
        for item in self._document["objects"]:
            if item["id"] == object_id:
                return pd.DataFrame(self.samples(object_id), columns=item["channels"])
        raise KeyError(f"no object {object_id}: the video has objects 1…{len(self._document['objects'])}")


def track(video: Union[str, "os.PathLike[str]"], region: Optional[Sequence[int]] = None,
          objects: int = 1) -> TrackedMotion:
    """Tracks the moving objects of a screen recording, as `motionlab track VIDEO --json` does: each
    frame's exact presentation time and each object's sub-pixel centre, size, scale, opacity and
    rotation; repeated frames dropped, frames where an object is not seen whole left out (gaps).

    `region` restricts the search to `(x, y, width, height)` in pixels; `objects` is how many moving
    objects to follow (1…64). Decoding runs FFmpeg's `ffmpeg` command, which must be installed.
    """
    area = None
    if region is not None:
        if isinstance(region, str):
            area = region
        else:
            area = ",".join(str(int(v)) for v in region)
    document, notes = _native.call("motionlab_track", _native.text(os.fspath(video)), _native.text(area),
                                   int(objects))
    for note in notes:
        _warnings.warn(note, stacklevel=2)
    return TrackedMotion(document)
