#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets from the library's sources and
# runs each for FUZZ_SECONDS (default 60) on the seed corpus in Fuzz/Seeds.
# FUZZ_TARGETS picks some of them (default: reader query check layout scanner
# diff show). Fuzz/Shared/ (the structure-aware trace builder) goes into each.
# A crash leaves its input in FUZZ_DIR/artifacts-TARGET and fails the run:
# turn it into a regression test before fixing it. FUZZ_FLAGS adds libFuzzer
# flags ("-fork=1 -ignore_timeouts=1" goes on past slow inputs, keeping each).
# FUZZ_BUILD=0 runs the binaries already in FUZZ_DIR (a long run after a short one).
# FUZZ_TYPECHECK=1 only type-checks each target (make fuzz-typecheck, in CI): nothing is built or run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
out=${FUZZ_DIR:-.build-fuzz}
mkdir -p "$out"
sources="$(find Sources/StreamTrace -name '*.swift' | sort) $(find Fuzz/Shared -name '*.swift' | sort)"
# The C targets' headers as the modules SwiftPM makes of them (CounterClock and
# ByteVector import them).
for module in StreamTraceCounter:streamtrace_counter StreamTraceBytes:streamtrace_bytes; do
    mkdir -p "$out/modules/${module%%:*}"
    printf 'module %s {\n    header "%s"\n    export *\n}\n' "${module%%:*}" \
        "$PWD/Sources/${module%%:*}/include/${module#*:}.h" > "$out/modules/${module%%:*}/module.modulemap"
done
export SWIFT_BACKTRACE=enable=no
if [ "${FUZZ_TYPECHECK:-0}" = 1 ]; then
    # `make fuzz-typecheck` (CI): only that every target still compiles against the library and the tests' shared
    # members, which move under them. One type-check of all the targets together: their entry points have names of
    # their own (the C name LLVMFuzzerTestOneInput is only emitted by a build) and their helpers are private, and the
    # library is type-checked once, not once a target (36 s against 370 s for seven).
    entries=""
    for target in ${FUZZ_TARGETS:-reader query check layout scanner diff show}; do
        entries="$entries Fuzz/Fuzz$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}.swift"
    done
    echo "== type-checking$entries"
    swiftc -typecheck -swift-version 6 -parse-as-library -module-name StreamTrace -package-name StreamTrace \
        -D STREAMTRACE_FUZZ -I "$out/modules/StreamTraceCounter" -I "$out/modules/StreamTraceBytes" $sources \
        Tests/StreamTraceTests/SharedTestAccess.swift Tests/StreamTraceTests/TraceScanReference.swift $entries || exit 2
    exit 0
fi
status=0
for target in ${FUZZ_TARGETS:-reader query check layout scanner diff show}; do
    entry="Fuzz/Fuzz$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}.swift"
    binary="$out/fuzz-$target"
    # Test-only code (not in the library): members the tests and the fuzz targets both use, and for the scanner's
    # target the reference it compares against.
    extra="Tests/StreamTraceTests/SharedTestAccess.swift"
    [ "$target" = scanner ] && extra="$extra Tests/StreamTraceTests/TraceScanReference.swift"
    if [ "${FUZZ_BUILD:-1}" = 0 ] && [ -x "$binary" ]; then
        echo "== reusing $binary"
    else
        echo "== building $binary"
        # The linker's notes on ASan's local symbols are noise: shown only on failure.
        if ! swiftc -sanitize=fuzzer,address -swift-version 6 -parse-as-library -O -module-name StreamTrace -package-name StreamTrace \
            -D STREAMTRACE_FUZZ -I "$out/modules/StreamTraceCounter" -I "$out/modules/StreamTraceBytes" \
            $sources $extra "$entry" -o "$binary" \
            > "$out/build-$target.log" 2>&1; then
            cat "$out/build-$target.log"
            exit 2
        fi
    fi
    mkdir -p "$out/corpus-$target" "$out/artifacts-$target"
    echo "== fuzzing $target for ${seconds}s"
    if ! "$binary" "$out/corpus-$target" "Fuzz/Seeds/$target" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$out/artifacts-$target/" -print_final_stats=1 ${FUZZ_FLAGS:-} \
        2> "$out/fuzz-$target.log"; then
        echo "!! $target found a problem: see $out/fuzz-$target.log and $out/artifacts-$target/"
        status=1
    fi
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^#[0-9]+ +DONE" "$out/fuzz-$target.log" || true
    echo "corpus: $(ls "$out/corpus-$target" | wc -l) inputs"
done
exit $status
