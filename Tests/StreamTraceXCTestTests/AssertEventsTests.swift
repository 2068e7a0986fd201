import StreamTrace
import StreamTraceXCTest
import XCTest

final class AssertEventsTests: FailureCapturingTestCase {
    private func recording() -> Recorder<String, Never> {
        let clock = ManualTestClock()
        let recorder = Recorder<String, Never>(clock: clock)
        clock.now = .init(offset: .seconds(1))
        recorder.receive("s")
        clock.now = .init(offset: .seconds(2))
        recorder.receive("sw")
        recorder.receive(completion: .finished)
        return recorder
    }

    func testTheWholeShapePassesInOneLine() {
        let recorder = recording()
        assertEvents(recorder, [.value("s"), .value("sw"), .finished])
        assertEvents(
            recorder, [.value("s", at: .seconds(1)), .value("sw", at: .seconds(2)), .finished(at: .seconds(2))])
    }

    func testADifferenceIsRecordedAtTheCallersLineWithBothTimelinesLetteredAlike() {
        let recorder = recording()
        let line = #line + 1
        let failures = expectFailures { assertEvents(recorder, [.value("s"), .value("swift"), .finished]) }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - assertEvents: expected #2 to be value "swift", got value "sw" (event 2, t=+2s)
                             expected       actual
                          1  value "s"      value "s" at t=+1s
                        > 2  value "swift"  value "sw" at t=+2s
                          3  finished       finished at t=+2s
                        expected: ---a---(b|)
                        actual:   ---a---(c|)
                                         ^
                        a = "s"
                        b = "swift"
                        c = "sw"
                        """,
                    file: #filePath, line: line)
            ])
    }

    func testNoValueIsCutAndEqualValuesShareALetter() {
        let recorder = recording()
        let long = "search-result:0123456789-abcdefghijklmnopqrstuvwxyz-" + String(repeating: "x", count: 100)
        let failures = expectFailures { assertEvents(recorder, [.value(long), .value("s"), .finished]) }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                failed - assertEvents: expected #1 to be value "\(long)", got value "s" (event 1, t=+1s)
                     expected   actual
                > 1  value a    value "s" at t=+1s
                  2  value "s"  value "sw" at t=+2s
                  3  finished   finished at t=+2s
                expected: ---a---(b|)
                actual:   ---b---(c|)
                             ^
                a = "\(long)"
                b = "s"
                c = "sw"
                """
            ])
    }
}

/// A clock a test sets by hand.
final class ManualTestClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    var now = Instant(offset: .zero)
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
