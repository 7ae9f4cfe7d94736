#!/usr/bin/env bash
# Installs what MotionLab needs on a fresh Debian machine that already has Swift:
# LAPACKE and OpenBLAS (the system library target), pkg-config to find them, and fast_float's
# header (CFastFloat, the recording reader's number parser; without it CFastFloat uses strtod).
# and FFmpeg (the `ffmpeg` command: MotionCapture decodes screen recordings through it).
set -euo pipefail

packages=(liblapacke-dev libopenblas-dev pkg-config libfast-float-dev ffmpeg)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} …" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "swift is not on PATH: install Swift 6.1 or newer (swift.org) and run this again." >&2
    exit 1
fi
