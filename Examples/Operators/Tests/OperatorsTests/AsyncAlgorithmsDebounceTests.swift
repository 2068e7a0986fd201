import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// swift-async-algorithms' `debounce(for:tolerance:clock:)` on a
/// `TestClock`, in marbles (1 ms a frame), checked after every advance. No
/// two of its events fall on one instant, so it draws the same under every
/// schedule.
///
/// Operators extends AsyncSequence with a `debounce(for:clock:)` of its own,
/// and a file sees the extensions of every module that any file of its
/// target imports (without the upcoming feature MemberImportVisibility):
/// written without `tolerance:`, the calls here would reach the user's
/// `debounce`, which draws these diagrams alike. They pass `tolerance: nil`
/// (the default), which only swift-async-algorithms' takes; the last test
/// pins which one each spelling reaches.
@Suite(.exploringSchedules(100)) struct AsyncAlgorithmsDebounceTests {
    @Test func anElementIsSentOnceTheInputHasBeenQuietFor3ms() async throws {
        let clock = TestClock()
        let input = TestStream<String>("ab---c-d---|", clock: clock)
        let recorder = input.debounce(for: .milliseconds(3), tolerance: nil, clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(3))  // b came at 1 ms: quiet for 2 ms only
        expectMarbles(recorder, "---")
        #expect(try recorder.availableElements.get() == [])
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "----b")
        await clock.advance(by: .milliseconds(5))  // d came at 7 ms
        expectMarbles(recorder, "----b----")
        #expect(try recorder.availableElements.get() == ["b"])
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "----b-----d")
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "----b-----d|")
        await clock.advance(by: .milliseconds(10))
        expectMarbles(recorder, "----b-----d|")
    }

    @Test func theElementStillWaitingIsSentWhenTheInputEnds() async {
        let clock = TestClock()
        let recorder = TestStream<String>("ab|", clock: clock).debounce(for: .seconds(1), tolerance: nil, clock: clock)
            .record(clock: clock)
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "--")
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "--(b|)")
        await clock.advance(by: .seconds(5))
        expectMarbles(recorder, "--(b|)")
    }

    @Test func aFailureEndsItAtOnceAndDropsTheElementWaiting() async {
        let clock = TestClock()
        let recorder = TestStream<String>("a-#", clock: clock).debounce(
            for: .milliseconds(3), tolerance: nil, clock: clock
        )
        .record(clock: clock)
        await clock.advance(by: .milliseconds(2))
        expectMarbles(recorder, "--#")
        await clock.advance(by: .milliseconds(10))
        expectMarbles(recorder, "--#")
    }

    @Test func aCallWithAToleranceReachesAsyncAlgorithmsAndOneWithoutTheUsersDebounce() {
        let clock = TestClock()
        let input = TestStream<String>("a|", clock: clock)
        let theirs = input.debounce(for: .milliseconds(3), tolerance: nil, clock: clock)
        let users = input.debounce(for: .milliseconds(3), clock: clock)
        #expect(type(of: theirs) == AsyncDebounceSequence<TestStream<String>, TestClock>.self)
        #expect(type(of: users) == AsyncThrowingStream<String, any Error>.self)
    }
}
