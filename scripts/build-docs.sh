#!/usr/bin/env bash
# `make docs`: the DocC archives of StreamTrace, StreamTraceTesting and
# StreamTraceXCTest in .build-docs/, offline and without plugins:
#
#   1. `swift package dump-symbol-graph` builds the package and writes each
#      module's symbol graph, plus one per module it extends
#      (StreamTrace@_Concurrency for AsyncSequence, StreamTrace@OpenCombine
#      or @Combine for Publisher, StreamTraceXCTest@XCTest).
#   2. Each module's graphs go to a folder of their own, and `docc convert`
#      builds its catalog (Sources/MODULE/MODULE.docc) with them, warnings
#      as errors: a doc link that does not resolve fails the build.
#
# dump-symbol-graph turns every trait on (OpenCombine, so that the Combine
# API is documented on Linux too), so it builds in a scratch path of its own
# rather than flipping .build's configuration back and forth.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
DOCS_DIR=${DOCS_DIR:-.build-docs}
scratch="$DOCS_DIR/scratch"
modules=(StreamTrace StreamTraceTesting StreamTraceXCTest)

# The toolchain's docc: on PATH, else next to swift.
DOCC=${DOCC:-$(command -v docc || true)}
if [ -z "$DOCC" ]; then
    DOCC="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/docc"
fi

start=$SECONDS
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# 1. Symbol graphs. On Linux dump-symbol-graph also tries the test-discovery
# modules SwiftPM synthesizes (StreamTracePackageTests,
# StreamTracePackageDiscoveredTests), which it never builds, and exits 1
# for them; any other failure is fatal.
rm -rf "$scratch"/*/symbolgraph
status=0
"$SWIFT" package --scratch-path "$scratch" dump-symbol-graph --emit-extension-block-symbols >"$log" 2>&1 || status=$?
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -1)
other_errors=$(grep '^error: ' "$log" | grep -v "^error: Failed to emit symbol graph for 'StreamTracePackage\(Discovered\)\?Tests'" || true)
if [ -z "$graphs" ] || [ ! -d "$graphs" ] || [ -n "$other_errors" ]; then
    cat "$log"
    echo "error: swift package dump-symbol-graph failed (exit $status)" >&2
    exit 1
fi
echo "symbol graphs: $graphs ($((SECONDS - start))s)"

# 2. One archive per module.
for module in "${modules[@]}"; do
    input="$DOCS_DIR/symbol-graphs/$module"
    archive="$DOCS_DIR/$module.doccarchive"
    rm -rf "$input" "$archive"
    mkdir -p "$input"
    cp "$graphs/$module.symbols.json" "$input/"
    for extension in "$graphs/$module"@*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$input/"
    done
    "$DOCC" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$input" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" \
        --output-path "$archive" \
        --warnings-as-errors
    echo "$archive ($((SECONDS - start))s)"
done
echo "docs built in $((SECONDS - start))s"
