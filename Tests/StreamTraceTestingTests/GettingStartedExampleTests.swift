import StreamTrace
import StreamTraceTesting
import Testing

/// The code under test: counts down from `start`, one number a second.
func countdown(from start: Int, clock: some Clock<Duration>) -> AsyncStream<Int> {
    AsyncStream { continuation in
        let task = Task {
            for number in stride(from: start, through: 1, by: -1) {
                continuation.yield(number)
                try await clock.sleep(for: .seconds(1))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

@Suite struct CountdownTests {
    @Test func countsDownOneNumberASecond() async throws {
        let clock = TestClock()
        let recorder = countdown(from: 3, clock: clock).record(name: "countdown", clock: clock)
        #expect(try await wait(for: recorder.next(), timeout: .seconds(60)) == 3)

        await clock.advance(by: .seconds(3))  // three seconds pass at once, every sleeper woken in order
        try await wait(for: recorder.finished, timeout: .seconds(60))
        expectEvents(
            recorder,
            [.value(3, at: .zero), .value(2, at: .seconds(1)), .value(1, at: .seconds(2)), .finished(at: .seconds(3))])
    }
}
