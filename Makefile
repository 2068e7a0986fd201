# StreamTrace: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BENCH_DIR ?= $(CURDIR)/.build-bench-data
BENCH_MB ?= 200

DEMO_DIR ?= $(CURDIR)/.build-demo

FUZZ_SECONDS ?= 60
FUZZ_DIR ?= $(CURDIR)/.build-fuzz

.PHONY: build test test-tsan test-asan test-sanitizers bench clean demo fuzz lint lint-availability apple-typecheck

build:
	$(SWIFT) build

# The suite twice: as is (no package resolved), and with Combine's API from
# OpenCombine (Apple platforms have Combine itself).
test:
	$(SWIFT) test
	$(SWIFT) test --traits OpenCombine --scratch-path .build-opencombine

# The suite under ThreadSanitizer (CI runs it) and AddressSanitizer.
test-tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

test-asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan

test-sanitizers: test-tsan test-asan

# The code as swift-format (the toolchain's) formats it, by .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

# APIs newer than the declared minimums (macOS 13, iOS 16, tvOS 16,
# watchOS 9) used without a guard, and Process outside macOS/Linux code: the
# script's own fixtures first, then Sources and Tests (POSIX sh and awk).
lint-availability:
	scripts/lint-availability --self-test
	scripts/lint-availability

# Every target and test compiled (no code generation) for macOS 13, iOS 16,
# tvOS 16 and watchOS 9 on Linux, against the toolchain's standard library
# and Swift Testing interfaces rebuilt for Apple targets (see the script).
apple-typecheck:
	scripts/apple-typecheck

# libFuzzer on the reader, the query parser and checking: FUZZ_SECONDS each.
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_DIR=$(FUZZ_DIR) Fuzz/run.sh

# Records a live AsyncSequence into a trace, then shows and checks it.
demo:
	$(SWIFT) build --product StreamTraceDemo
	$(SWIFT) build --product streamtrace
	mkdir -p $(DEMO_DIR)
	$$($(SWIFT) build --show-bin-path)/StreamTraceDemo $(DEMO_DIR)/search.jsonl
	@echo
	@echo '$$ streamtrace show .build-demo/search.jsonl'
	@$$($(SWIFT) build --show-bin-path)/streamtrace show $(DEMO_DIR)/search.jsonl
	@echo
	@echo '$$ streamtrace check --spec samples/demo.spec .build-demo/search.jsonl'
	@$$($(SWIFT) build --show-bin-path)/streamtrace check --spec samples/demo.spec $(DEMO_DIR)/search.jsonl

# Release build; prints the benchmark table (see README "Performance").
bench:
	$(SWIFT) build -c release --product StreamTraceBenchmarks
	$(SWIFT) build -c release --product streamtrace
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/StreamTraceBenchmarks --dir $(BENCH_DIR) --megabytes $(BENCH_MB)

clean:
	rm -rf .build .build-* 
