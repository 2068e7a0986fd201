// Byte classification for StreamTrace's scanner (Trace/Scan/ByteVector.swift) and the search for a query's pieces
// (Checker/MatcherPiece.swift): SSE2's `pmovmskb`, which gathers the top bit of 16 bytes into 16 bits in one
// instruction, inlined where it is called. C because Swift's SIMD types cannot emit it: their gather takes a multiply
// per 8 bytes, which the vectorizer turns into emulated 64-bit multiplies.
#ifndef STREAMTRACE_BYTES_H
#define STREAMTRACE_BYTES_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// Bit `k` set where byte `k` of the 16 at `bytes` needs attention inside a JSON string: a quote, a backslash, a
/// control character (below 0x20) or part of a multi-byte UTF-8 character (0x80 and above: negative as signed bytes, so
/// one signed comparison takes both).
static inline uint32_t streamtrace_string_specials16(const void *bytes) {
    const __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    const __m128i special = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
        _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    return (uint32_t)_mm_movemask_epi8(special);
}

/// Bit `k` set where byte `k` of the 16 at `bytes` is not an ASCII digit (bytes of 0x80 and above are negative as
/// signed bytes, so below `0`).
static inline uint32_t streamtrace_non_digits16(const void *bytes) {
    const __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    const __m128i digit =
        _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
    return (uint32_t)_mm_movemask_epi8(digit) ^ 0xFFFF;
}

/// 0xFF at byte `j` where a backslash followed by a `u` starts at `at + j` (reads 17 bytes).
static inline __m128i streamtrace_escapes16(const uint8_t *at) {
    return _mm_and_si128(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)at), _mm_set1_epi8('\\')),
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(at + 1)), _mm_set1_epi8('u')));
}

/// Bit `j` set where a piece may start at `at + j` (its bytes at `first` and `second`, two of its rarest, are there:
/// Muła's SIMD substring search) or a backslash followed by a `u` does. Reads the 16 bytes from `at + first`, from
/// `at + second` and 17 from `at`.
static inline uint32_t streamtrace_candidates16(const uint8_t *at, const uint8_t *piece, size_t first, size_t second) {
    const __m128i found = _mm_and_si128(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(at + first)), _mm_set1_epi8((char)piece[first])),
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(at + second)), _mm_set1_epi8((char)piece[second])));
    return (uint32_t)_mm_movemask_epi8(_mm_or_si128(found, streamtrace_escapes16(at)));
}

/// The blocks of `streamtrace_may_hold` (`WIDTH` 16) and `streamtrace_may_hold_avx2` (32), `reach` set: whole blocks of
/// `WIDTH` places, the last block, which reads its places' bytes at `reach` (all of them in the text) and, when the
/// piece is longer than that and fits, starts no later than it can, then the places after it: a piece of one byte may
/// still start at the last, escapes at any.
#define STREAMTRACE_MAY_HOLD_BLOCKS(WIDTH)                                                                  \
    const size_t lastBlock = count > reach && length >= count + (WIDTH - 1) ? length - count - (WIDTH - 1) \
                                                                              : length - (WIDTH) - reach;  \
    for (size_t at = 0; at < lastBlock; at += (WIDTH)) {                                                   \
        const uint32_t mask = streamtrace_candidates##WIDTH(text + at, piece, first, second);              \
        if (mask != 0 && streamtrace_holds_any(text, length, at, mask, piece, count)) return 1;            \
    }                                                                                                      \
    const uint32_t mask = streamtrace_candidates##WIDTH(text + lastBlock, piece, first, second);           \
    if (mask != 0 && streamtrace_holds_any(text, length, lastBlock, mask, piece, count)) return 1;         \
    if (count == 1 && text[length - 1] == piece[0]) return 1;                                              \
    return streamtrace_escape_from(text, lastBlock + (WIDTH), length)

/// Whether the `count` bytes at `a` and `b` are equal: a loop, not a call to `memcmp`, which would make the compiler
/// keep the calling loops' vectors on the stack (pieces are short, and compared only where their rarest bytes are).
static inline int streamtrace_equal(const uint8_t *a, const uint8_t *b, size_t count) {
    for (size_t index = 0; index < count; index++) {
        if (a[index] != b[index]) return 0;
    }
    return 1;
}

/// Whether a backslash followed by a `u`, or the `count` bytes at `piece` (if they fit in the `length` bytes of
/// `text`), start at `text + at` (`at + 1` is in the text).
static inline int streamtrace_holds_at(
    const uint8_t *text, size_t length, size_t at, const uint8_t *piece, size_t count) {
    if (text[at] == '\\' && text[at + 1] == 'u') return 1;
    return count <= length - at && streamtrace_equal(text + at, piece, count);
}

/// Whether a place `at + j`, for a bit `j` of `mask`, holds a backslash and `u` or the piece (`streamtrace_holds_at`).
static inline int streamtrace_holds_any(
    const uint8_t *text, size_t length, size_t at, uint32_t mask, const uint8_t *piece, size_t count) {
    for (; mask != 0; mask &= mask - 1) {
        if (streamtrace_holds_at(text, length, at + __builtin_ctz(mask), piece, count)) return 1;
    }
    return 0;
}

/// Whether a backslash and a `u` start at a place `[from, length - 2]` of the `length` bytes at `text` (17 or more).
static inline int streamtrace_escape_from(const uint8_t *text, size_t from, size_t length) {
    for (; from + 17 < length; from += 16) {
        if (_mm_movemask_epi8(streamtrace_escapes16(text + from)) != 0) return 1;
    }
    return _mm_movemask_epi8(streamtrace_escapes16(text + length - 17)) != 0;
}

/// `streamtrace_may_hold` for a text shorter than 16 bytes past the piece's `second` byte: 16 places at a time for the
/// escapes if it has 17 bytes, place by place for the piece.
static inline int streamtrace_may_hold_short(
    const uint8_t *text, size_t length, const uint8_t *piece, size_t count, size_t first) {
    if (length >= 17) {
        if (streamtrace_escape_from(text, 0, length)) return 1;
    } else {
        for (size_t at = 0; at + 1 < length; at++) {
            if (text[at] == '\\' && text[at + 1] == 'u') return 1;
        }
    }
    for (size_t at = 0; at + count <= length; at++) {
        if (text[at + first] == piece[first] && streamtrace_equal(text + at, piece, count)) return 1;
    }
    return 0;
}

/// 1 when the `count` bytes at `piece` (at least one) occur in the `length` bytes at `text`, or `text` holds a
/// backslash followed by a `u` (it may write a character of the piece as a `\u` escape); else 0. `first` and `second`
/// are two places in the piece, `first <= second` (equal in a piece of one byte), whose bytes are compared 16 places at
/// a time, with the backslashes, in one pass: only where both are found is the piece compared in full. The last 16
/// places overlap the ones before; the places after them, where the piece cannot start, are looked at for escapes.
static inline int streamtrace_may_hold(
    const uint8_t *text, size_t length, const uint8_t *piece, size_t count, size_t first, size_t second) {
    const size_t reach = second > 0 ? second : 1;  // the farthest byte read past a place
    if (length < 16 + reach) return streamtrace_may_hold_short(text, length, piece, count, first);
    STREAMTRACE_MAY_HOLD_BLOCKS(16);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

/// Whether the processor and the system run AVX2 instructions.
static inline int streamtrace_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0;  // the system saves the vector registers
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2);
}

/// How far from `bytes` the first byte is that `streamtrace_string_specials16` flags, 32 bytes a step (on a processor
/// that runs AVX2): the rest of a long string. There is one, as the scanner's buffer ends in a NUL sentinel and
/// readable padding.
__attribute__((target("avx2"))) static inline size_t streamtrace_string_special_avx2(const uint8_t *bytes) {
    for (size_t offset = 0;; offset += 32) {
        const __m256i v = _mm256_loadu_si256((const __m256i *)(bytes + offset));
        const __m256i special = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))),
            _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v));
        const uint32_t mask = (uint32_t)_mm256_movemask_epi8(special);
        if (mask != 0) return offset + (size_t)__builtin_ctz(mask);
    }
}

/// `streamtrace_candidates16` for 32 places.
__attribute__((target("avx2"))) static inline uint32_t streamtrace_candidates32(
    const uint8_t *at, const uint8_t *piece, size_t first, size_t second) {
    const __m256i found = _mm256_and_si256(
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(at + first)), _mm256_set1_epi8((char)piece[first])),
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(at + second)), _mm256_set1_epi8((char)piece[second])));
    const __m256i escape = _mm256_and_si256(
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)at), _mm256_set1_epi8('\\')),
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(at + 1)), _mm256_set1_epi8('u')));
    return (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(found, escape));
}

/// `streamtrace_may_hold`, 32 places at a time (on a processor that runs AVX2: see `streamtrace_has_avx2`).
__attribute__((target("avx2"))) static inline int streamtrace_may_hold_avx2(
    const uint8_t *text, size_t length, const uint8_t *piece, size_t count, size_t first, size_t second) {
    const size_t reach = second > 0 ? second : 1;
    if (length < 32 + reach) return streamtrace_may_hold(text, length, piece, count, first, second);
    STREAMTRACE_MAY_HOLD_BLOCKS(32);
}
#endif
#endif

#endif
