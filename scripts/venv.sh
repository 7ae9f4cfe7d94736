# Sourced by scripts/notebooks.sh, scripts/python_tests.sh and scripts/capture/test.sh: makes the
# virtualenv $venv (default .venv, git-ignored; override with NOTEBOOKS_VENV) with the packages of
# $requirements (default notebooks/requirements.txt) from PyPI, reinstalled only when that file
# changes. A caller may set venv and requirements before sourcing it.
venv=${venv:-${NOTEBOOKS_VENV:-$root/.venv}}
requirements=${requirements:-$root/notebooks/requirements.txt}
python=${PYTHON:-python3}

if ! command -v "$python" >/dev/null 2>&1; then
    echo "venv: $python is not on PATH (Python 3.10+ is needed; set PYTHON)" >&2
    exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
    echo "venv: creating the virtualenv $venv" >&2
    mkdir -p "$(dirname "$venv")"
    if ! "$python" -m venv "$venv" >&2; then
        # Debian's python3 keeps venv/ensurepip in a separate package.
        rm -rf "$venv"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        export DEBIAN_FRONTEND=noninteractive
        ($sudo apt-get update -qq && $sudo apt-get install -y -qq python3-venv) >&2
        "$python" -m venv "$venv" >&2
    fi
fi
stamp=$venv/.motionlab-requirements
if ! cmp -s "$requirements" "$stamp"; then
    echo "venv: installing ${requirements#"$root"/} into $venv" >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements" >&2
    cp "$requirements" "$stamp"
fi
