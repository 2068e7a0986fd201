# StreamTrace: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BENCH_DIR ?= $(CURDIR)/.build-bench-data
# Trace sizes (MB) for the `check` rows: generated once into BENCH_DIR, then reused.
BENCH_SIZES ?= 200,2000

DEMO_DIR ?= $(CURDIR)/.build-demo

# Benchmarks/RecorderClient's build: the recorder rows of make bench.
RECORDER_CLIENT_BUILD ?= $(CURDIR)/.build-recorder-client

# The virtual clock's rows (issue 33): Benchmarks/ClockClient built against
# this checkout and against CLOCK_BASELINE, the clock before issue 33 (its
# tree extracted with git archive into CLOCK_BASELINE_DIR), run in the same rounds.
CLOCK_BASELINE ?= d9e76fe
CLOCK_BASELINE_DIR ?= $(CURDIR)/.build-bench-baseline
CLOCK_CLIENT_BUILD ?= $(CURDIR)/.build-clock-client
CLOCK_BASELINE_BUILD ?= $(CURDIR)/.build-clock-baseline

# make install: where, and the build it installs (release, the Swift runtime linked in).
PREFIX ?= /usr/local
INSTALL_BUILD ?= $(CURDIR)/.build-install

FUZZ_SECONDS ?= 60
FUZZ_DIR ?= $(CURDIR)/.build-fuzz

# The suites that need a browser: make test-browser runs them (scripts/test-browser.sh,
# which reads this variable from the environment); the other test targets skip them.
export BROWSER_SUITES = StreamTraceBrowserTests\.(TimelinePageBrowserTests|HarnessTests|HeadlessChromiumTests)

.PHONY: build test test-browser test-app-package test-operators stress-operators test-install test-tsan build-tsan test-asan test-sanitizers test-release-clock bench bench-recorder \
	bench-clock clock-clients bench-values bench-check bench-fastread clean demo fuzz fuzz-typecheck lint lint-availability apple-typecheck docs install timeline-csp api api-count

build:
	$(SWIFT) build

# The suite twice: as is (no package resolved), and with Combine's API from
# OpenCombine (Apple platforms have Combine itself); the browser tests once,
# in between (skipped with a one-line notice without a Chromium). The second
# pass leaves out the CPU-heavy suites (`.cpuBound`) that only parse, scan,
# hash and compare bytes, and read no code the trait changes: the first pass
# runs them (they took most of the second pass's 81 s in CI). The trait's
# heavy suites stay: APIListingTests and DocumentationExamplesTests.
COMBINE_FREE_SUITES = (LiveCheckDifferentialTests|ScheduleOrderTests|NormalFormCheckTests|JSONRewriterTests|HugeValueTests|DeepNestingTests|ScannedCheckTests|ValueRowTests|ValuePlaceTests|FastEventLineTests|AvailabilityScannerTests|ReadAheadComparisonTests|JSONPatternTests|MatcherPiecesTests|CheckFastPathTests|CanonicalHashStringTests|HugeValueCommandTests|ShowBlocksCommandTests|TranscriptTests|TraceScanTests|DocumentationAvailabilityTests|RecentEventsScanTests|SourceSizeTests|CanonicalHashTests)
test:
	$(SWIFT) test --skip '$(BROWSER_SUITES)'
	@SWIFT=$(SWIFT) scripts/test-browser.sh
	$(SWIFT) test --traits OpenCombine --scratch-path .build-opencombine --skip '$(BROWSER_SUITES)' \
		--skip 'StreamTraceTests\.$(COMBINE_FREE_SUITES)'

# docs/api/MODULE.txt, the public API of each library product one declaration a
# line, rewritten from the symbol graph of the build with Combine's API (the
# OpenCombine trait; make test's second pass checks it: APIListingTests).
api:
	STREAMTRACE_RECORD_API=1 $(SWIFT) test --traits OpenCombine --scratch-path .build-opencombine --filter APIListingTests

# The public symbol count by issue 20's method, from `swift package
# dump-symbol-graph` (a build of its own in .build-api), against the listing's.
api-count:
	SWIFT=$(SWIFT) scripts/count-public-symbols

# show --format html pages in headless Chromium: lanes, marks, the value
# popup, zoom and pan, light and dark, 100,000 events, no console errors, no
# network. Screenshots in .build/browser-artifacts/.
test-browser:
	@SWIFT=$(SWIFT) scripts/test-browser.sh

# After editing the inline script or style of Sources/StreamTraceCLI/Timeline/timeline.html:
# its Content-Security-Policy hashes (SwiftPM compiles the file into streamtrace).
timeline-csp:
	$(SWIFT) run UpdateTimelineCSP $(CURDIR)

# The app-style package in Examples/AppPackage: it depends on StreamTrace as
# the README's "Use StreamTrace in your package" says (the app links only
# StreamTrace, its test targets the glue, OpenCombine's trait on Linux,
# golden-trace folders excluded) and tests four models the way a user would.
# The two example packages build in one scratch path: StreamTrace and
# OpenCombine, built alike for both, are built once (the second package's
# build then takes seconds, not half a minute).
EXAMPLES_BUILD = .build-examples
test-app-package:
	$(SWIFT) test --package-path Examples/AppPackage --scratch-path $(EXAMPLES_BUILD)

# The operator example in Examples/Operators, tested with marbles on virtual
# time: a user-written debounce over AsyncSequence and combineLatest over
# Combine (OpenCombine on Linux), a marble failure's message, and
# swift-async-algorithms' merge, debounce and timer (a dependency of its test
# target only), checked after each advance; its buffer and delay-next marble
# tests ported onto a paced consumer (a demand diagram), a cancel at a frame
# (subscription marbles), and docs/marbles.md's examples for its users.
# The tests that hold whatever the order of same-instant work run under the
# default schedule and 100 seeded ones (.exploringSchedules(100)); merge's
# same-frame order is pinned in order, and only its set under every schedule.
test-operators:
	$(SWIFT) test --package-path Examples/Operators --scratch-path $(EXAMPLES_BUILD)

# Its tests 100 times, a process each, as the machine is and with one core
# kept busy (RUNS=N for another count): any failure is a bug. Each run
# explores the schedules again, 101 for each exploring test: about 4 s a run
# on 2 cores shared with other builds, where 100 runs a round took 8 minutes.
stress-operators:
	scripts/stress-operators $(or $(RUNS),100)

# The suite under ThreadSanitizer (CI runs it) and AddressSanitizer.
# Under TSan one test at a time: TSan checks each test's own threads and
# tasks, which this keeps; tests run side by side, each 5-20 times slower,
# kept both threads of a 2-core machine's global pool busy for a minute,
# so other tests' event-driven waits passed their 60 s hang bound.
# Under ThreadSanitizer, one test at a time (in parallel, its CPU-heavy
# tests held the global pool past the event-driven tests' hang bounds), and
# without the suites that only parse and print on one thread: JSON
# rewriting, patterns, value rows and huge values in the library, and the
# CLI runs over values of 200 KB to 15 MiB (PlacedValueCommandTests,
# HugeValueCommandTests), whose parallel scan the in-process differential
# suites (TraceScanTests, ScannedCheckTests, ValuePlaceTests,
# ShowBlocksCommandTests) cover under TSan. They took 2 of the step's 7
# minutes on a loaded machine; make test runs them twice. The scanner's
# per-line differential (FastEventLineTests), the value hash and the
# normal-form check are pure functions of bytes, in one thread, likewise,
# as are the matcher's piece search (MatcherPiecesTests: 67 s under TSan)
# and the hash of escaped strings (CanonicalHashStringTests), and the live
# recorder against check (LiveCheckDifferentialTests: 89 s under TSan, on
# the test's thread only).
# The three largest seeded differential tests run every fifth seed there
# (Tests/StreamTraceTests/SanitizedSeeds.swift): all of them took 285 of
# the step's 488 s; make test runs every seed, twice.
TSAN_SINGLE_THREADED = (LiveCheckDifferentialTests|MatcherPiecesTests|CanonicalHashStringTests|JSONRewriterTests|JSONPatternTests|ValueRowTests|HugeValueTests|PlacedValueCommandTests|HugeValueCommandTests|FastEventLineTests|CanonicalHashTests|NormalFormCheckTests|InputCopyTests)
test-tsan: build-tsan
	STREAMTRACE_EXPECT_TSAN=1 $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --no-parallel \
		--skip '$(BROWSER_SUITES)' --skip 'StreamTraceTests\.$(TSAN_SINGLE_THREADED)'

# The build test-tsan runs (CI builds first, then runs the tests beside its
# checks that build no tests: see .ci/run).
build-tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan

test-asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan --skip '$(BROWSER_SUITES)'

test-sanitizers: test-tsan test-asan

# The virtual clock's runner and schedule exploration in a release build,
# where the optimizer once dropped the hop that moves a task onto its
# clock's runner and every exploring test hung (debug builds never showed
# it). Not in CI: a release build of the tests takes minutes.
test-release-clock:
	$(SWIFT) test -c release --scratch-path .build-release \
		--filter '(TaskTrackerTests|ExploreSchedulesTests|ScheduleExplorationTests|ScheduleStallTests|VirtualTimeExampleTests|ScheduleOrderTests)'

# The code as swift-format (the toolchain's) formats it, by .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Tools Benchmarks/StreamTraceBenchmarks Package.swift \
		Examples/AppPackage/Package.swift Examples/AppPackage/Sources Examples/AppPackage/Tests \
		Examples/Operators/Package.swift Examples/Operators/Sources Examples/Operators/Tests \
		Benchmarks/RecorderClient/Package.swift Benchmarks/RecorderClient/Sources \
		Benchmarks/ClockClient/Package.swift Benchmarks/ClockClient/Sources

# The DocC archives of StreamTrace, StreamTraceTesting and StreamTraceXCTest
# in .build-docs/: symbol graphs extracted from make test's OpenCombine build
# (built first if needed), then `docc convert` with warnings as errors.
# Offline, no plugin.
docs:
	SWIFT=$(SWIFT) scripts/build-docs.sh

# APIs newer than the declared minimums (macOS 13, iOS 16, tvOS 16,
# watchOS 9) used without a guard, and Process outside macOS/Linux code: the
# script's own fixtures first, then Sources and Tests (POSIX sh and awk).
lint-availability:
	scripts/lint-availability --self-test
	scripts/lint-availability

# Every target and test compiled (no code generation) for macOS 13, iOS 16,
# tvOS 16 and watchOS 9 on Linux, against the toolchain's standard library
# and Swift Testing interfaces rebuilt for Apple targets (see the script).
# APPLE_TYPECHECK_PLATFORMS picks some (CI: "macos watchos").
apple-typecheck:
	scripts/apple-typecheck $(APPLE_TYPECHECK_PLATFORMS)

# libFuzzer on the reader, the scanner, the query parser, checking, the layout,
# and diff and show on structure-aware hostile traces: FUZZ_SECONDS each.
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_DIR=$(FUZZ_DIR) Fuzz/run.sh

# Only that every fuzz target still compiles (CI, beside the tests): a minute or two.
fuzz-typecheck:
	FUZZ_TYPECHECK=1 FUZZ_DIR=$(FUZZ_DIR) Fuzz/run.sh

# Records a live AsyncSequence into a trace, then shows and checks it.
demo:
	$(SWIFT) build --product StreamTraceDemo
	$(SWIFT) build --product streamtrace
	mkdir -p $(DEMO_DIR)
	$$($(SWIFT) build --show-bin-path)/StreamTraceDemo $(DEMO_DIR)/search.jsonl $(DEMO_DIR)/checkout
	@echo
	@echo '$$ streamtrace show .build-demo/search.jsonl'
	@$$($(SWIFT) build --show-bin-path)/streamtrace show $(DEMO_DIR)/search.jsonl
	@echo
	@echo '$$ streamtrace check --spec samples/demo.spec .build-demo/search.jsonl'
	@$$($(SWIFT) build --show-bin-path)/streamtrace check --spec samples/demo.spec $(DEMO_DIR)/search.jsonl
	@echo
	@echo '# Many traces in one run, as CI checks them (docs/ci.md): a section per trace.'
	@echo '$$ streamtrace check --spec samples/ci.spec samples/'
	@$$($(SWIFT) build --show-bin-path)/streamtrace check --spec samples/ci.spec samples/
	@echo
	@echo '# The same with a query for every trace: the malformed ones cannot be read (exit 3),'
	@echo '# as GitHub Actions annotations, and a JUnit report for any CI.'
	@echo '$$ streamtrace check --spec samples/ci.spec -e "count >= 0" --format github --xunit-output .build-demo/junit.xml samples/'
	@$$($(SWIFT) build --show-bin-path)/streamtrace check --spec samples/ci.spec -e "count >= 0" --format github \
		--xunit-output $(DEMO_DIR)/junit.xml samples/ 2>/dev/null; echo "(exit status $$?)"
	@echo
	@echo '# One feature, three streams on one clock: show draws them on one time axis.'
	@echo '$$ cd .build-demo && streamtrace show --width 100 checkout'
	@cd $(DEMO_DIR) && $$(cd $(CURDIR) && $(SWIFT) build --show-bin-path)/streamtrace show --width 100 checkout
	@echo
	@echo '# The folder is one group: check reads its streams as one (the order across them, one stream by name).'
	@echo "\$$ cd .build-demo && streamtrace check --group checkout -e 'order cart finished before payment == \"authorizing\"' -e 'payment: count == 3' -e 'order confirmation before payment failed'"
	@cd $(DEMO_DIR) && $$(cd $(CURDIR) && $(SWIFT) build --show-bin-path)/streamtrace check --group checkout \
		-e 'order cart finished before payment == "authorizing"' -e 'payment: count == 3' \
		-e 'order confirmation before payment failed'; echo "(exit status $$?)"
	@echo
	@echo '# The same as one web page (open it in a browser), and for Perfetto (ui.perfetto.dev).'
	@echo '$$ streamtrace show --format html .build-demo/checkout > .build-demo/checkout.html'
	@$$($(SWIFT) build --show-bin-path)/streamtrace show --format html $(DEMO_DIR)/checkout > $(DEMO_DIR)/checkout.html
	@echo '$$ streamtrace export --format chrome .build-demo/checkout > .build-demo/checkout.json'
	@$$($(SWIFT) build --show-bin-path)/streamtrace export --format chrome $(DEMO_DIR)/checkout > $(DEMO_DIR)/checkout.json
	@echo "wrote $(DEMO_DIR)/checkout.html and $(DEMO_DIR)/checkout.json"

# Release build; prints one table (see docs/performance.md): the
# recorder and the writer against bare baselines, measured from
# Benchmarks/RecorderClient (a package that depends on StreamTrace through
# its public API), `streamtrace check finished`/`count` on BENCH_SIZES
# traces against wc -l, grep -c, cat and jq with peak memory, the reader,
# and a CI run's worth of small traces with start-up and the size of the
# binary make install installs, and the virtual clock against the clock
# before issue 33 (Benchmarks/ClockClient, built twice: see clock-clients).
# Every row beside its baseline, run in the same rounds: medians of 5.
# BENCH_ARGS adds options (`--only recorder,writer`).
bench: clock-clients
	$(SWIFT) build -c release --product StreamTraceBenchmarks
	$(SWIFT) build -c release --product streamtrace
	$(SWIFT) build -c release --product streamtrace --static-swift-stdlib --scratch-path $(INSTALL_BUILD)
	@# SwiftPM keeps a path dependency's list of files from its last plan: plan anew.
	rm -f $(RECORDER_CLIENT_BUILD)/release.yaml
	$(SWIFT) build -c release --package-path Benchmarks/RecorderClient --scratch-path $(RECORDER_CLIENT_BUILD)
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/StreamTraceBenchmarks --dir $(BENCH_DIR) --check-sizes $(BENCH_SIZES) \
		--installed $(INSTALL_BUILD)/release/streamtrace \
		--recorder-client $(RECORDER_CLIENT_BUILD)/release/RecorderClient \
		--clock-client $(CLOCK_CLIENT_BUILD)/release/ClockClient \
		--clock-baseline $(CLOCK_BASELINE_BUILD)/release/ClockClient \
		--clock-baseline-label $$(git rev-parse --short $(CLOCK_BASELINE)) $(BENCH_ARGS)

# Benchmarks/ClockClient in release, twice: against this checkout, and
# against the tree of CLOCK_BASELINE (git archive, extracted anew when the
# commit changes; it needs the repository's history, as a full clone has),
# with STREAMTRACE_BASELINE=1 (no TestClock.Schedule there). Each in its
# own scratch path.
clock-clients:
	@commit=$$(git rev-parse --verify --quiet '$(CLOCK_BASELINE)^{commit}') || { \
		echo "clock-clients: commit $(CLOCK_BASELINE) not found (a shallow clone? git fetch --unshallow)" >&2; exit 1; }; \
	if [ "$$(cat $(CLOCK_BASELINE_DIR)/commit 2>/dev/null)" != "$$commit" ]; then \
		echo "extracting $$commit into $(CLOCK_BASELINE_DIR)/StreamTrace"; \
		rm -rf $(CLOCK_BASELINE_DIR) && mkdir -p $(CLOCK_BASELINE_DIR)/StreamTrace && \
		git archive "$$commit" | tar -x -C $(CLOCK_BASELINE_DIR)/StreamTrace && \
		echo "$$commit" >$(CLOCK_BASELINE_DIR)/commit; \
	fi
	rm -f $(CLOCK_CLIENT_BUILD)/release.yaml $(CLOCK_BASELINE_BUILD)/release.yaml
	$(SWIFT) build -c release --package-path Benchmarks/ClockClient --scratch-path $(CLOCK_CLIENT_BUILD)
	STREAMTRACE_PATH=$(CLOCK_BASELINE_DIR)/StreamTrace STREAMTRACE_BASELINE=1 \
		$(SWIFT) build -c release --package-path Benchmarks/ClockClient --scratch-path $(CLOCK_BASELINE_BUILD)

# The quick bench of the virtual clock: only its rows (make bench's, the
# same figures), without building anything else. CLOCK_ARGS adds options
# (`--rounds 9`, `--schedules 1000`, `--tasks 2000`: what a sleeper costs
# grows with the sleepers, see docs/performance.md).
bench-clock: clock-clients
	@echo '| benchmark | StreamTrace | baseline | ratio |'
	@echo '|---|---|---|---|'
	@echo "| machine | $$(nproc) cores, load average $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime) | – | – |"
	@$(CLOCK_CLIENT_BUILD)/release/ClockClient --baseline $(CLOCK_BASELINE_BUILD)/release/ClockClient \
		--baseline-label $$(git rev-parse --short $(CLOCK_BASELINE)) $(CLOCK_ARGS)
	@echo "| machine, at the end | $$(nproc) cores, load average $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime) | – | – |"

# The quick bench: only the recorder, writer and group rows (make bench's
# first rows, the same figures; group: issue 35's writer with "seq" and
# recorders in a group of 3 from 1 and 2 threads), from Benchmarks/RecorderClient built in release,
# without building or running anything else: a minute or two once built.
# RECORDER_ARGS adds options (`--events 2000000 --rounds 9 --fastest` on a
# loaded machine, figures to call provisional; `--only recorder`).
bench-recorder:
	rm -f $(RECORDER_CLIENT_BUILD)/release.yaml
	$(SWIFT) build -c release --package-path Benchmarks/RecorderClient --scratch-path $(RECORDER_CLIENT_BUILD)
	mkdir -p $(BENCH_DIR)
	@echo '| benchmark | StreamTrace | baseline | ratio |'
	@echo '|---|---|---|---|'
	@echo "| machine | load average $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime) | – | – |"
	@$(RECORDER_CLIENT_BUILD)/release/RecorderClient --dir $(BENCH_DIR) $(RECORDER_ARGS)

# The check rows only (`--quick-check`), medians of 3: a quick look between
# full runs. On the 200 MB trace; `make bench-check BENCH_CHECK_SIZES=200,2000`
# adds the 2 GB one (as make bench's BENCH_SIZES), generated on first use.
BENCH_CHECK_SIZES ?= 200
bench-check:
	$(SWIFT) build -c release --product StreamTraceBenchmarks
	$(SWIFT) build -c release --product streamtrace
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/StreamTraceBenchmarks --dir $(BENCH_DIR) --quick-check \
		--check-sizes $(BENCH_CHECK_SIZES) $(BENCH_ARGS)

# A release streamtrace with the Swift runtime linked in (--static-swift-stdlib),
# stripped, in $(PREFIX)/bin: it runs on a CI image that has no Swift toolchain.
install:
	$(SWIFT) build -c release --product streamtrace --static-swift-stdlib --scratch-path $(INSTALL_BUILD)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 -s $(INSTALL_BUILD)/release/streamtrace $(DESTDIR)$(PREFIX)/bin/streamtrace

# Installs into .build-install/root, then runs it under env -i (no library
# path, no PATH) on a sample: InstalledBinaryTests.
test-install:
	$(MAKE) install PREFIX=$(INSTALL_BUILD)/root
	STREAMTRACE_INSTALLED=$(INSTALL_BUILD)/root/bin/streamtrace $(SWIFT) test --filter InstalledBinaryTests

# The quick bench of huge values: the rows of huge values (10^4 against 10^6 keys and elements, peaks on
# values of 1 MiB and 15 MiB) and of show and diff on the 200 MB trace beside
# GNU diff, cmp and jq -c ., one round each: a few minutes (`make bench` takes
# medians of 5, and the 10-million-line trace too).
bench-values:
	$(SWIFT) build -c release --product StreamTraceBenchmarks
	$(SWIFT) build -c release --product streamtrace
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/StreamTraceBenchmarks --dir $(BENCH_DIR) --quick-values $(BENCH_ARGS)

# The detail behind the check rows: TraceScan in parallel and sequentially
# and nextHead(), beside wc -l, cat, grep -c and jq.
bench-fastread:
	$(SWIFT) build -c release --product StreamTraceBenchmarks
	$(SWIFT) build -c release --product streamtrace
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/StreamTraceBenchmarks --dir $(BENCH_DIR) --only fastread --fastread-sizes $(BENCH_SIZES)

clean:
	rm -rf .build .build-* 
