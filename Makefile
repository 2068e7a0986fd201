# StreamTrace: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BENCH_DIR ?= $(CURDIR)/.build-bench-data
BENCH_MB ?= 200

.PHONY: build test bench clean

build:
	$(SWIFT) build

test:
	$(SWIFT) test

# Release build; prints the benchmark table (see README "Performance").
bench:
	$(SWIFT) build -c release --product streamtrace-bench
	mkdir -p $(BENCH_DIR)
	$$($(SWIFT) build -c release --show-bin-path)/streamtrace-bench --dir $(BENCH_DIR) --megabytes $(BENCH_MB)

clean:
	rm -rf .build .build-* 
