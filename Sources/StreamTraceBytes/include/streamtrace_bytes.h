// Byte classification for StreamTrace's scanner (Trace/Scan/ByteVector.swift):
// SSE2's `pmovmskb`, which gathers the top bit of 16 bytes into 16 bits in
// one instruction, inlined where it is called. A C function because Swift's
// SIMD types cannot emit it: in Swift the gather takes a multiply per 8
// bytes and the vectorizer turns those into 64-bit multiplies emulated in
// several instructions each.
#ifndef STREAMTRACE_BYTES_H
#define STREAMTRACE_BYTES_H

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// Bit `k` set where byte `k` of the 16 at `bytes` needs attention inside a
/// JSON string: a quote, a backslash, a control character (below 0x20) or
/// part of a multi-byte UTF-8 character (0x80 and above: negative as signed
/// bytes, so one signed comparison takes both).
static inline uint32_t streamtrace_string_specials16(const void *bytes) {
    const __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    const __m128i special = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
        _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    return (uint32_t)_mm_movemask_epi8(special);
}
#endif

#endif
