#!/usr/bin/env bash
# Builds every module's DocC catalog against its symbol graph with warnings as errors: a broken
# symbol link, a parameter documented under the wrong name or left out fails the check.
#
# Usage: scripts/check_docs.sh [MODULE …]     (default: every module with a catalog)
# The symbol graphs are built in .build-docs (kept between runs).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="$PWD/.build-docs"
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
    for catalog in Sources/*/*.docc; do modules+=("$(basename "$(dirname "$catalog")")"); done
fi
# The package's symbol graphs (the test bundle has none on Linux: that error is expected).
swift package --scratch-path "$scratch" dump-symbol-graph >"$scratch.log" 2>&1 || true
graphs="$(find "$scratch" -maxdepth 3 -type d -name symbolgraph | head -1)"
[ -n "$graphs" ] || { cat "$scratch.log" >&2; echo "check_docs: no symbol graphs were written" >&2; exit 1; }
failed=0
for module in "${modules[@]}"; do
    work="$(mktemp -d)"
    mkdir -p "$work/graphs"
    cp "$graphs/$module.symbols.json" "$work/graphs/" 2>/dev/null || true
    cp "$graphs/$module@"*.symbols.json "$work/graphs/" 2>/dev/null || true
    if docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/graphs" \
        --output-path "$work/out" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.motionlab.$module" --analyze --warnings-as-errors >"$work/log" 2>&1; then
        echo "docs: $module ok"
    else
        failed=$((failed + 1))
        echo "docs: $module has warnings:" >&2
        grep -A1 "warning:\|error:" "$work/log" >&2 || cat "$work/log" >&2
    fi
    rm -rf "$work"
done
echo "docs: $(( ${#modules[@]} - failed )) passed, $failed failed"
[ "$failed" -eq 0 ]
