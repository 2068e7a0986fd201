import Foundation
import Testing

@Suite struct SanitizedSeedsTests {
    /// `make test-tsan` says so in `STREAMTRACE_EXPECT_TSAN`: there the
    /// runtime must be found, and anywhere else it must not, or the seeded
    /// tests would run a sample in `make test` (or all seeds under TSan).
    @Test func threadSanitizerIsFoundExactlyWhereTheSuiteRunsUnderIt() {
        let expected = ProcessInfo.processInfo.environment["STREAMTRACE_EXPECT_TSAN"] == "1"
        #expect(SanitizedSeeds.underThreadSanitizer == expected)
    }

    @Test func underThreadSanitizerEveryFifthSeedRunsFromTheFirst() {
        let seeds = SanitizedSeeds.seeds(3..<15, everyUnderThreadSanitizer: 5)
        #expect(seeds == (SanitizedSeeds.underThreadSanitizer ? [3, 8, 13] : Array(3..<15)))
    }
}
