#!/usr/bin/env bash
# Executes every notebook in notebooks/ against the motionlab binary and fails if any cell fails.
#
#   bash scripts/notebooks.sh                      # build motionlab (default .build), run them all
#   MOTIONLAB=path/to/motionlab bash scripts/notebooks.sh   # use that binary, skip the build
#   bash scripts/notebooks.sh notebooks/springs.ipynb       # only these
#
# 1. A virtualenv in .venv (git-ignored; override with NOTEBOOKS_VENV) with the packages of
#    notebooks/requirements.txt from PyPI — Jupyter's core pieces only (nbclient, nbformat,
#    ipykernel) and the numerics (matplotlib, numpy, scipy, mpmath, control). Reinstalled only
#    when that file changes.
# 2. motionlab: `swift build --product motionlab` into the default .build (CI has just run
#    `swift build --build-tests` there, so this is a no-op build), unless MOTIONLAB is already set;
#    the Python package's library beside it (MOTIONLAB_LIBRARY), for the notebooks that import motionlab.
# 3. Each notebook is executed in memory by nbclient with a python3 kernel from the venv,
#    working directory notebooks/, a per-cell timeout (NOTEBOOK_CELL_TIMEOUT, default 300 s).
#    The .ipynb files are never written; executed copies (with plots) go to .build-notebooks/
#    (git-ignored) for a look. One line per notebook with its runtime, then "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

. scripts/venv.sh

if [ -z "${MOTIONLAB:-}" ]; then
    echo "notebooks: swift build --product motionlab" >&2
    swift build --product motionlab >&2
    MOTIONLAB="$(swift build --show-bin-path)/motionlab"
fi
if [ ! -x "$MOTIONLAB" ]; then
    echo "notebooks: MOTIONLAB=$MOTIONLAB is not an executable" >&2
    exit 1
fi
MOTIONLAB=$(cd "$(dirname "$MOTIONLAB")" && pwd)/$(basename "$MOTIONLAB")
export MOTIONLAB
# The Python package (python/) on the library beside that motionlab, unless MOTIONLAB_LIBRARY is set.
if [ -z "${MOTIONLAB_LIBRARY:-}" ]; then
    if [ ! -f "$(dirname "$MOTIONLAB")/libMotionLabC.so" ]; then
        echo "notebooks: swift build --product MotionLabC" >&2
        swift build --product MotionLabC >&2
    fi
    MOTIONLAB_LIBRARY="$(dirname "$MOTIONLAB")/libMotionLabC.so"
fi
export MOTIONLAB_LIBRARY
export MPLBACKEND=Agg
echo "notebooks: motionlab = $MOTIONLAB" >&2

if [ $# -gt 0 ]; then
    notebooks=("$@")
else
    notebooks=(notebooks/*.ipynb)
fi

"$venv/bin/python" - "${notebooks[@]}" <<'EOF'
import os
import sys
import time
import traceback
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

timeout = int(os.environ.get("NOTEBOOK_CELL_TIMEOUT", "300"))
out_dir = Path(".build-notebooks")
out_dir.mkdir(exist_ok=True)
passed, failed = [], []
for name in sys.argv[1:]:
    path = Path(name).resolve()
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.monotonic()
    error = None
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError) as e:
        error = str(e)
    except Exception:
        error = traceback.format_exc()
    elapsed = time.monotonic() - start
    nbformat.write(nb, out_dir / path.name)
    if error is None:
        passed.append(path.name)
        print(f"PASS {path.name}  {elapsed:.1f} s", flush=True)
    else:
        failed.append(path.name)
        print(f"FAIL {path.name}  {elapsed:.1f} s  (executed copy: {out_dir / path.name})", flush=True)
        print(error, file=sys.stderr, flush=True)
if failed:
    print("failed: " + ", ".join(failed))
print(f"{len(passed)} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
EOF
