import Foundation
import Testing

@Suite struct CPUBoundTraitTests {
    @Test(.cpuBound, arguments: 0..<4)
    func aCPUBoundTestRunsOnADedicatedThreadNotOnTheGlobalPool(case: Int) {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        #expect(DedicatedThreads.isCurrent)
    }

    @Test func otherTestsRunOnTheGlobalPool() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        #expect(!DedicatedThreads.isCurrent)
    }
}
