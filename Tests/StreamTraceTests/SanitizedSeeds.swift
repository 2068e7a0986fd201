#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The seeds of a seeded differential test: all of them, or every
/// `step`-th under ThreadSanitizer (`make test-tsan`, CI).
///
/// These tests compare a fast path with its reference on many generated
/// traces, which checks the logic; that logic runs the same under TSan,
/// 5–20 times slower. What TSan adds is the threads: a sample of the seeds
/// gives it every hand-over the full set does (the stress tests add
/// thousands more), and the full set still runs twice in `make test`.
/// `readingAheadFindsWhatReadingInTurnFinds` alone took 247 of the TSan
/// step's 488 seconds in CI with all 60 seeds.
enum SanitizedSeeds {
    /// Whether ThreadSanitizer's runtime is in this process.
    static let underThreadSanitizer: Bool = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "__tsan_init") != nil
    }()

    /// `seeds`, or every `step`-th of them (the first included) under TSan.
    static func seeds(_ seeds: Range<Int>, everyUnderThreadSanitizer step: Int) -> [Int] {
        underThreadSanitizer ? Array(stride(from: seeds.lowerBound, to: seeds.upperBound, by: step)) : Array(seeds)
    }
}
