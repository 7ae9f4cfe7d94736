"""Motion regression checks of a manifest (the command line's `motionlab check`), for CI and notebooks."""
import ctypes
import os
from pathlib import Path
from typing import Any, Dict, Optional, Union

from . import _native
from ._result import Record


class CheckRun(Record):
    """The `check --json` document: `exit_status` (0 when no expectation at level error failed, 1
    when one did, 2 when a manifest, recording, reference or baseline could not be read), `recordings`,
    `passed`, `failed`, `warnings` (counts), `testcases` (one per recording and expectation: `check`,
    `recording`, `expectation`, `level`, `passed`, the measured value and its bounds, …) and `problems`."""

    _title = "Motion checks"
    _summary = ("exitStatus", "recordings", "passed", "failed", "warnings")

    @property
    def ok(self) -> bool:
        """True when the run passes (exit status 0): no expectation at level error failed."""
        return self._document["exitStatus"] == 0

    def __repr__(self) -> str:
        d = self._document
        lines = [f"Motion checks: {d['recordings']} recordings, {d['passed']} passed, {d['failed']} failed, "
                 f"{d['warnings']} warnings (exit status {d['exitStatus']})"]
        for case in d["testcases"]:
            if not case.get("passed", True):
                lines.append(f"  FAIL {case.get('check')}: {case.get('recording')}: {case.get('message', '')}".rstrip(": "))
        for problem in d["problems"]:
            lines.append(f"  error: {problem.get('message', problem)}")
        return "\n".join(lines)


def check(manifest: Union[str, os.PathLike, Dict[str, Any]], *, directory: Union[str, os.PathLike, None] = None,
          baseline_update: bool = False, jobs: Optional[int] = None, shard: Optional[str] = None) -> CheckRun:
    """Runs the motion regression checks of `manifest` on its recordings, in parallel.

    Failed expectations are the result (see :attr:`CheckRun.exit_status` and :attr:`CheckRun.ok`),
    not an exception; a manifest that cannot be read raises :class:`DataError`.

    Args:
        manifest: the manifest's path (JSON, or YAML when its name ends in .yaml/.yml), or the
            manifest itself as a dict in its JSON shape (`{"checks": [...]}`).
        directory: for a dict, the directory its relative paths are resolved against (default the
            current directory); a file's paths are relative to the file.
        baseline_update: write each baseline from its recording instead of comparing.
        jobs: check at most this many recordings at once (1…1024; default every core).
        shard: check only shard "i/n" of the recordings (for a CI matrix).
    """
    if isinstance(manifest, dict):
        path, document = None, _native.json_text(manifest)
        base = os.fspath(directory) if directory is not None else os.getcwd()
    else:
        path, document, base = os.fspath(Path(manifest)).encode("utf-8"), None, None
    result, warnings = _native.call("motionlab_check", path, document, _native.text(base), int(bool(baseline_update)),
                                    None if jobs is None else ctypes.byref(ctypes.c_ssize_t(int(jobs))),
                                    _native.text(shard))
    return CheckRun(result, warnings)
