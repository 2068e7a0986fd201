// The processor's time-stamp counter for StreamTrace's recording path (Time/CounterClock.swift): `rdtsc`, unfenced,
// inlined where it is called. C because Swift cannot emit the instruction, and LLVM's cycle counter intrinsic, declared
// from Swift, cannot be called from code ThreadSanitizer instruments.
#ifndef STREAMTRACE_COUNTER_H
#define STREAMTRACE_COUNTER_H

#include <stdint.h>

/// The time-stamp counter on x86-64; 0 elsewhere (never read there).
static inline uint64_t streamtrace_counter_ticks(void) {
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    return 0;
#endif
}

#endif
