#!/usr/bin/env bash
# `make docs`: the DocC archives of StreamTrace, StreamTraceTesting and
# StreamTraceXCTest in .build-docs/, offline and without plugins:
#
#   1. The package is built with every trait on (OpenCombine, so that the
#      Combine API is documented on Linux too) in `make test`'s scratch path
#      for that trait, .build-opencombine: after `make test` (as in CI) the
#      build has nothing to do. `swift-symbolgraph-extract` then writes each
#      module's symbol graph from that build, plus one per module it extends
#      (StreamTrace@_Concurrency for AsyncSequence, StreamTrace@OpenCombine
#      or @Combine for Publisher, StreamTraceXCTest@XCTest): the graphs
#      `swift package dump-symbol-graph` writes, which rebuilds the package
#      in a configuration of its own (80 s in CI) to get them.
#   2. Each module's graphs go to a folder of their own, and `docc convert`
#      builds its catalog (Sources/MODULE/MODULE.docc) with them, warnings
#      as errors: a doc link that does not resolve fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
DOCS_DIR=${DOCS_DIR:-.build-docs}
scratch=${DOCS_SCRATCH:-.build-opencombine}
modules=(StreamTrace StreamTraceTesting StreamTraceXCTest)

# The toolchain's docc: on PATH, else next to swift.
DOCC=${DOCC:-$(command -v docc || true)}
if [ -z "$DOCC" ]; then
    DOCC="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/docc"
fi

start=$SECONDS
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# 1. Symbol graphs, from make test's build with the OpenCombine trait.
status=0
"$SWIFT" build --build-tests --traits OpenCombine --scratch-path "$scratch" >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log"
    echo "error: swift build --traits OpenCombine --scratch-path $scratch failed (exit $status)" >&2
    exit 1
fi
build=$("$SWIFT" build --traits OpenCombine --scratch-path "$scratch" --show-bin-path)
graphs="$DOCS_DIR/symbol-graphs/all"
rm -rf "$graphs"
mkdir -p "$graphs"
# The C targets' module maps (OpenCombine's helpers), as the build passes them.
module_maps=()
for map in "$build"/*.build/module.modulemap; do
    if [ -f "$map" ]; then module_maps+=(-Xcc "-fmodule-map-file=$map"); fi
done
EXTRACT=${SYMBOLGRAPH_EXTRACT:-$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/swift-symbolgraph-extract}
for module in "${modules[@]}"; do
    "$EXTRACT" -module-name "$module" -target "$(basename "$(dirname "$build")")" -I "$build/Modules" \
        -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs" "${module_maps[@]}" ||
        { echo "error: swift-symbolgraph-extract $module failed" >&2; exit 1; }
done
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
