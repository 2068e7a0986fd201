import Foundation
import Operators
import StreamTrace
import StreamTraceTesting
import Testing

/// A marble test that fails on purpose (it expects the debounce to send
/// `b` one frame early), and the message it fails with: the one the README
/// shows.
@Suite struct FailureMessageTests {
    @Test func aWrongDiagramFailsWithExpectedOverActual() async {
        let clock = TestClock()
        let input = TestStream<String>("ab---c-d---|", clock: clock)
        let recorder = input.debounce(for: .milliseconds(3), clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(20))
        let messages = Messages()
        withKnownIssue {
            expectMarbles(recorder, "---b------d|")
        } matching: { issue in
            messages.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        #expect(
            messages.all == [
                """
                expectMarbles: frame 3: expected b ("b"), got no event; the next is b ("b") in frame 4 (event 2, t=+4ms)
                expected: ---b------d|
                actual:   ----b-----d|
                             ^
                b = "b"
                d = "d"
                """
            ])
    }
}

/// The messages of the issues a test recorded, behind a lock.
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    var all: [String] { lock.withLock { messages } }

    func append(_ message: String) {
        lock.withLock { messages.append(message) }
    }
}
