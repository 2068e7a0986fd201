# StreamTrace: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BENCH_DIR ?= $(CURDIR)/.build-bench-data
BENCH_MB ?= 200

DEMO_DIR ?= $(CURDIR)/.build-demo

.PHONY: build test bench clean demo

build:
	$(SWIFT) build

# The suite twice: as is (no package resolved), and with Combine's API from
# OpenCombine (Apple platforms have Combine itself).
test:
	$(SWIFT) test
	$(SWIFT) test --traits OpenCombine --scratch-path .build-opencombine

# Records a live AsyncSequence into a trace, then shows and checks it.
demo:
	$(SWIFT) build --product streamtrace-demo
	$(SWIFT) build --product streamtrace
	mkdir -p $(DEMO_DIR)
	$$($(SWIFT) build --show-bin-path)/streamtrace-demo $(DEMO_DIR)/search.jsonl
	@echo
	@echo '$$ streamtrace show .build-demo/search.jsonl'
	@$$($(SWIFT) build --show-bin-path)/streamtrace show $(DEMO_DIR)/search.jsonl
	@echo
	@echo '$$ streamtrace check --spec samples/demo.spec .build-demo/search.jsonl'
	@$$($(SWIFT) build --show-bin-path)/streamtrace check --spec samples/demo.spec $(DEMO_DIR)/search.jsonl

# Release build; prints the benchmark table (see README "Performance").
bench:
	$(SWIFT) build -c release --product streamtrace-bench
	$(SWIFT) build -c release --product streamtrace
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/streamtrace-bench --dir $(BENCH_DIR) --megabytes $(BENCH_MB)

clean:
	rm -rf .build .build-* 
