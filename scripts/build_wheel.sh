#!/usr/bin/env bash
# Builds the Python package's wheel, manylinux-tagged, and checks it in a clean virtualenv.
#
#   bash scripts/build_wheel.sh                        # release build → .build-wheel/motionlab-<version>-py3-none-manylinux_*.whl
#   bash scripts/build_wheel.sh --configuration debug  # swift build -c debug instead (faster to build, larger)
#   bash scripts/build_wheel.sh --library path/to/libMotionLabC.so   # package a library already built: no Swift build
#   options: --output DIR (default .build-wheel, emptied first); --no-check (skip step 4: the caller checks)
#
# 1. `swift build -c release --product MotionLabC`: the shared library, Swift runtime linked in
#    statically. Its NEEDED entries must hold no libswift*/libFoundation* (checked with readelf).
# 2. `pip wheel ./python` with MOTIONLAB_LIBRARY set to that library, stripped (no second Swift build).
# 3. auditwheel (PyPI, scripts/wheel-requirements.txt) repairs the wheel: copies the non-manylinux
#    libraries it needs (OpenBLAS, LAPACK, gfortran) into it and gives it the manylinux tag its
#    symbol versions allow.
# 4. A fresh virtualenv installs the wheel (numpy from PyPI) and, from outside the checkout with
#    LD_LIBRARY_PATH unset, imports motionlab and fits a spring; ldd of the installed library must
#    resolve nothing under the Swift toolchain.
# The wheel's path is the last line on stdout.
set -euo pipefail

configuration=release
library=""
out=""
check=yes
usage="usage: bash scripts/build_wheel.sh [--configuration release|debug] [--library PATH] [--output DIR] [--no-check]"
while [ $# -gt 0 ]; do
    case "$1" in
        --configuration|--library|--output)
            if [ $# -lt 2 ]; then echo "wheel: $1 needs a value" >&2; echo "$usage" >&2; exit 2; fi
            case "$1" in
                --configuration) configuration=$2 ;;
                --library) library=$2 ;;
                --output) out=$2 ;;
            esac
            shift 2 ;;
        --no-check) check=no; shift ;;
        -h|--help) echo "$usage"; exit 0 ;;
        *) echo "wheel: unknown argument '$1'" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
case "$configuration" in
    release|debug) ;;
    *) echo "wheel: --configuration is '$configuration'; it must be release or debug" >&2; exit 2 ;;
esac
# Paths given are relative to the caller's directory.
if [ -n "$library" ]; then
    if [ ! -f "$library" ]; then
        echo "wheel: --library $library is not a file (build it with swift build --product MotionLabC)" >&2
        exit 2
    fi
    library=$(realpath "$library")
fi
[ -z "$out" ] || out=$(realpath -m "$out")

cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/venv.sh
out=${out:-$root/.build-wheel}
if [ -z "$library" ]; then
    swift build -c "$configuration" --product MotionLabC >&2
    library="$(swift build -c "$configuration" --show-bin-path)/libMotionLabC.so"
fi
# Only what this script writes there goes: --output may name a directory holding other files.
rm -rf "$out/raw" "$out/libMotionLabC.so" "$out"/*.whl
mkdir -p "$out/raw"
echo "wheel: $library" >&2
if readelf -d "$library" | grep -E 'NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime)'; then
    echo "wheel: $library still needs the Swift runtime (above)" >&2
    exit 1
fi
readelf -d "$library" | grep NEEDED >&2

"$venv/bin/python" -m pip install -q --disable-pip-version-check -r scripts/wheel-requirements.txt >&2
# Without its symbol tables and debug sections (the C entry points stay in the dynamic symbol table).
cp "$library" "$out/libMotionLabC.so"
strip --strip-unneeded "$out/libMotionLabC.so"
MOTIONLAB_LIBRARY="$out/libMotionLabC.so" "$venv/bin/python" -m pip wheel -q --no-deps --no-build-isolation -w "$out/raw" ./python >&2
rm -rf python/build python/*.egg-info
PATH="$venv/bin:$PATH" "$venv/bin/auditwheel" repair -w "$out" "$out"/raw/*.whl >&2
wheel=$(ls "$out"/*.whl)
echo "wheel: $wheel" >&2
if [ "$check" = no ]; then
    echo "$wheel"
    exit 0
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv" >&2
"$scratch/venv/bin/python" -m pip install -q --disable-pip-version-check "$wheel" >&2
cd "$scratch"
env -u LD_LIBRARY_PATH -u MOTIONLAB_LIBRARY -u PYTHONPATH "$scratch/venv/bin/python" - <<'PY'
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
