import Foundation
import Testing

@testable import StreamTrace

/// The counter clock's decisions: the rate it measures, which anchors it
/// trusts, and what it does when the counter and the clock disagree (an
/// old anchor, a counter that went back, a machine that slept). The tests
/// that move the counter clock's state need the counter (x86-64 Linux with
/// the kernel's clock source `tsc`); the others run everywhere.
@Suite struct CounterClockTests {
    static let clock = TimeSource.systemClockID(ContinuousClock.self)!

    @Test func theRateIsNanosecondsPerTickIn32Point32FixedPoint() {
        // 1 ms over 2.5 million ticks: 0.4 ns a tick.
        #expect(CounterClock.rate(nanoseconds: 1_000_000, ticks: 2_500_000) == 1_717_986_918)
        #expect(CounterClock.rate(nanoseconds: 3_000_000_000, ticks: 3_000_000_000) == 1 << 32)
    }

    @Test func aRateIsOnlyMeasuredOverHalfAWindowOrMoreOfForwardTime() {
        let half = CounterClock.window / 2
        #expect(CounterClock.rate(nanoseconds: 1_000_000, ticks: half - 1) == nil)
        #expect(CounterClock.rate(nanoseconds: 1_000_000, ticks: half) != nil)
        #expect(CounterClock.rate(nanoseconds: 0, ticks: half) == nil)
        #expect(CounterClock.rate(nanoseconds: -5, ticks: half) == nil)
    }

    @Test func aRateNoCounterHasIsRejected() {
        let ticks = CounterClock.window
        // 64 ns a tick (16 MHz) and 1/64 ns a tick (64 GHz) are the bounds.
        #expect(CounterClock.rate(nanoseconds: Int64(ticks) * 64, ticks: ticks) == 64 << 32)
        #expect(CounterClock.rate(nanoseconds: Int64(ticks) * 65, ticks: ticks) == nil)
        #expect(CounterClock.rate(nanoseconds: Int64(ticks / 64), ticks: ticks) == 1 << 26)
        #expect(CounterClock.rate(nanoseconds: Int64(ticks / 128), ticks: ticks) == nil)
        // A counter that went back: the ticks wrapped around.
        #expect(CounterClock.rate(nanoseconds: 1_000_000, ticks: 0 &- 1_000) == nil)
    }

    @Test func aNewRateWithinATenthOfTheLastIsClose() {
        #expect(CounterClock.isClose(1_100, to: 1_000))
        #expect(CounterClock.isClose(900, to: 1_000))
        #expect(!CounterClock.isClose(1_101, to: 1_000))
        #expect(!CounterClock.isClose(899, to: 1_000))
    }

    /// A time source on `ContinuousClock`, with its start.
    func source() -> TimeSource {
        TimeSource(ContinuousClock())
    }

    /// A time source that has measured the counter's rate (one window of
    /// ticks after its start, unless an earlier clock measured it).
    func calibrated() -> TimeSource {
        var source = source()
        while source.counter.limit == 0 {
            usleep(500)
            _ = source.elapsed()
        }
        return source
    }

    /// `source.elapsed()` and the clock's readings around it, since the start.
    func read(_ source: inout TimeSource) -> (time: Int64, bracket: ClosedRange<Int64>) {
        let before = TimeSource.nanoseconds(of: Self.clock) - source.systemStart
        let time = source.elapsed()
        return (time, before...(TimeSource.nanoseconds(of: Self.clock) - source.systemStart))
    }

    /// Reads `source` until it reads the clock tightly (its anchor moves), each reading agreeing with the clock:
    /// a reading the system preempted between its two counter readings is not tight and changes nothing, so the
    /// state a test set up stands until a tight one (under ThreadSanitizer, the first often is not). Whether it did,
    /// within 10,000 readings, with every reading agreeing and every one before it changing nothing.
    func readTightly(_ source: inout TimeSource) -> Bool {
        let old = source.counter.anchorTicks
        for _ in 0..<10_000 {
            let before = (source.counter.limit, source.counter.nanosecondsPerTick, source.counter.anchorNanoseconds)
            guard agrees(read(&source)) else { return false }
            if source.counter.anchorTicks != old { return true }
            let after = (source.counter.limit, source.counter.nanosecondsPerTick, source.counter.anchorNanoseconds)
            guard before == after else { return false }
        }
        return false
    }

    /// Whether `time` is the clock's within the recorder tests' tolerance.
    func agrees(_ reading: (time: Int64, bracket: ClosedRange<Int64>)) -> Bool {
        let tolerance = RecorderClockTests.tolerance
        return reading.time >= reading.bracket.lowerBound - tolerance
            && reading.time <= reading.bracket.upperBound + tolerance
    }

    @Test(.enabled(if: CounterClock.usable))
    func aFirstClockReadsTheClockUntilAWindowOfTicksHasPassedThenInterpolates() throws {
        // A start whose reading was tight (preempted ones are not, and measure no rate from their anchor).
        var source = source()
        for _ in 0..<10_000 where !source.counter.anchorIsTight { source = self.source() }
        source.counter.limit = 0  // as if no clock had measured the rate yet
        source.counter.nanosecondsPerTick = 0
        let anchor = source.counter.anchorTicks
        #expect(agrees(read(&source)))
        #expect(source.counter.limit == 0)
        #expect(source.counter.anchorTicks == anchor, "the baseline grows from the first anchor")
        while CounterClock.ticks() &- anchor < CounterClock.window { usleep(500) }
        #expect(readTightly(&source))
        #expect(source.counter.limit == CounterClock.window)
        #expect(source.counter.nanosecondsPerTick > 0)
        let anchored = source.counter.anchorTicks
        #expect(agrees(read(&source)))
        #expect(source.counter.anchorTicks == anchored, "interpolated, not read")
    }

    @Test(.enabled(if: CounterClock.usable))
    func anAnchorAWindowOldReadsTheClockAndAnchorsAgain() throws {
        var source = calibrated()
        source.counter.anchorTicks &-= CounterClock.window
        source.counter.anchorNanoseconds -= Int64((CounterClock.window * source.counter.nanosecondsPerTick) >> 32)
        #expect(readTightly(&source))
        #expect(source.counter.limit == CounterClock.window)
    }

    @Test(.enabled(if: CounterClock.usable))
    func aCounterThatWentBackReadsTheClockAndMeasuresTheRateAgain() throws {
        var source = source()
        source.counter.anchorTicks = CounterClock.ticks() &+ (1 << 40)
        #expect(readTightly(&source))
        #expect(source.counter.limit == 0)
        #expect(agrees(read(&source)))
    }

    @Test(.enabled(if: CounterClock.usable))
    func aMachineThatSleptIsCaughtUpWhenTheWindowEnds() throws {
        var source = calibrated()
        // The counter stood still for 10 s of the clock, as on a suspended
        // machine: the window ends and the rate it measures is far off.
        source.counter.anchorTicks &-= CounterClock.window
        source.counter.anchorNanoseconds -= 10_000_000_000
        #expect(readTightly(&source))
        #expect(source.counter.limit == 0)
    }

    @Test func aClockOtherThanTheSystemClocksDoesNotUseTheCounter() {
        let source = TimeSource(TestClock())
        #expect(!source.counter.isActive)
        #expect(source.systemClock == nil)
    }
}
