import Operators
import StreamTrace
import StreamTraceTesting
import Testing

/// `debounce` over an AsyncSequence, in marbles (1 ms a frame). No two of
/// its events fall on one instant, so each test holds under every schedule.
@Suite(.exploringSchedules(100)) struct DebounceTests {
    @Test func anElementIsSentOnceTheInputHasBeenQuietFor3ms() async {
        let clock = TestClock()
        let input = TestStream<String>("ab---c-d---|", clock: clock)
        let recorder = input.debounce(for: .milliseconds(3), clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(20))
        expectMarbles(recorder, "----b-----d|")
    }

    @Test func theElementStillWaitingIsSentWhenTheInputEnds() async {
        let clock = TestClock()
        let recorder = TestStream<String>("ab|", clock: clock).debounce(for: .seconds(1), clock: clock)
            .record(clock: clock)
        await clock.advance(by: .seconds(5))
        expectMarbles(recorder, "--(b|)")
    }

    @Test func aFailureEndsItAtOnce() async {
        let clock = TestClock()
        let recorder = TestStream<String>("a-#", clock: clock).debounce(for: .milliseconds(3), clock: clock)
            .record(clock: clock)
        await clock.advance(by: .milliseconds(20))
        expectMarbles(recorder, "--#")
    }
}
