# StreamTrace: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BENCH_DIR ?= $(CURDIR)/.build-bench-data
BENCH_MB ?= 200

DEMO_DIR ?= $(CURDIR)/.build-demo

FUZZ_SECONDS ?= 60
FUZZ_DIR ?= $(CURDIR)/.build-fuzz

# The suites that need a browser: make test-browser runs them (Scripts/test-browser.sh).
BROWSER_SUITES = StreamTraceBrowserTests\.(TimelinePageBrowserTests|HarnessTests|HeadlessChromiumTests)

.PHONY: build test test-browser test-tsan test-asan test-sanitizers bench clean demo fuzz lint docs bench-fastread \
	timeline-template

build:
	$(SWIFT) build

# The suite twice: as is (no package resolved), and with Combine's API from
# OpenCombine (Apple platforms have Combine itself); the browser tests once,
# in between (skipped with a one-line notice without a Chromium).
test:
	$(SWIFT) test --skip '$(BROWSER_SUITES)'
	@SWIFT=$(SWIFT) Scripts/test-browser.sh
	$(SWIFT) test --traits OpenCombine --scratch-path .build-opencombine --skip '$(BROWSER_SUITES)'

# show --format html pages in headless Chromium: lanes, marks, the value
# popup, zoom and pan, light and dark, 100,000 events, no console errors, no
# network. Screenshots in .build/browser-artifacts/.
test-browser:
	@SWIFT=$(SWIFT) Scripts/test-browser.sh

# After editing Sources/StreamTraceCLI/Timeline/timeline.html: its CSP hashes
# and the Swift source that compiles it into streamtrace.
timeline-template:
	$(SWIFT) run GenerateTimelineTemplate $(CURDIR)

# The suite under ThreadSanitizer (CI runs it) and AddressSanitizer.
test-tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip '$(BROWSER_SUITES)'

test-asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan --skip '$(BROWSER_SUITES)'

test-sanitizers: test-tsan test-asan

# The code as swift-format (the toolchain's) formats it, by .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

# The DocC archives of StreamTrace, StreamTraceTesting and StreamTraceXCTest
# in .build-docs/: symbol graphs from `swift package dump-symbol-graph`,
# then `docc convert` with warnings as errors. Offline, no plugin.
docs:
	SWIFT=$(SWIFT) Scripts/build-docs.sh

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

# Reading for `check finished` / `check count` on 200 MB and 2 GB traces:
# TraceScan in parallel and sequentially, nextHead(), wc -l, cat, grep -c, jq.
bench-fastread:
	$(SWIFT) build -c release --product StreamTraceBenchmarks
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/StreamTraceBenchmarks --dir $(BENCH_DIR) --only fastread --fastread-sizes 200,2000

clean:
	rm -rf .build .build-* 
