import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The loop behind both glue modules' `expectEventually` (``poll(expected:timeout:interval:actual:)``), and what
/// happened: the failure message names the last value compared (never a fresher read), in ExpectToEventuallyEqual's
/// form. Given a ``TestClock``, it advances the clock itself: the whole timeout passes instantly, the tries are exact.
package struct EventualEquality<Value: Equatable> {
    package let expected: Value
    package let timeout: Duration
    package private(set) var tries = 0
    package private(set) var lastActual: Value?
    package var matched: Bool { lastActual == expected }
    /// The failure to report, unless it matched.
    package var failure: TestFailure? { matched ? nil : TestFailure(message) }

    /// `Expected 2, but was 1 after 93 tries, timing out after 1.0 seconds`; strings in double quotes, with `"`, `\`,
    /// line feeds, carriage returns and tabs escaped.
    package var message: String {
        var actual = "never read"
        if let lastActual { actual = Self.show(lastActual) }
        // `timeout` in seconds: `1.0`, `0.05`.
        let (seconds, attoseconds) = timeout.components
        return
            "Expected \(Self.show(expected)), but was \(actual) after \(tries) \(tries == 1 ? "try" : "tries"), timing out after \(Double(seconds) + Double(attoseconds) / 1e18) seconds"
    }

    static func show(_ value: Value) -> String {
        guard let string = value as? any StringProtocol else { return String(describing: value) }
        let escapes: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        let escaped = String(string).replacingScalars { escapes[$0] }
        return "\"" + escaped + "\""
    }

    private mutating func compare(_ value: Value) -> Bool {
        tries += 1
        lastActual = value
        return value == expected
    }

    /// Reads `actual` until it equals `expected` or `timeout` of wall-clock time has passed, pausing `interval`
    /// between tries. Errors `actual` throws end the loop and are rethrown.
    package static func poll(
        expected: Value, timeout: Duration = .seconds(1), interval: Duration = .milliseconds(10),
        actual: () throws -> Value
    ) rethrows -> EventualEquality {
        var outcome = EventualEquality(expected: expected, timeout: timeout)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if outcome.compare(try actual()) { return outcome }
            let now = clock.now
            if now >= deadline { return outcome }
            pause(until: min(now.advanced(by: interval), deadline), from: now)
        }
    }

    /// Like ``poll(expected:timeout:interval:actual:)``, suspending between tries. With a `clock`, each pause advances
    /// it by `interval`, and `timeout` is measured on it.
    package static func poll(
        expected: Value, timeout: Duration = .seconds(1), interval: Duration = .milliseconds(10),
        clock: TestClock? = nil, actual: () async throws -> Value
    ) async rethrows -> EventualEquality {
        var outcome = EventualEquality(expected: expected, timeout: timeout)
        let interval = max(interval, .nanoseconds(1))
        let wall = ContinuousClock()
        let wallStart = wall.now
        let virtualStart = clock?.now
        while true {
            if outcome.compare(try await actual()) { return outcome }
            let elapsed = virtualStart.map { clock!.now.offset - $0.offset } ?? wallStart.duration(to: wall.now)
            if elapsed >= timeout { return outcome }
            let pause = min(interval, timeout - elapsed)
            if let clock {
                await clock.advance(by: pause)
            } else {
                do { try await Task.sleep(for: pause) } catch { return outcome }  // cancelled: stop trying
            }
        }
    }

    /// Sleeps until `deadline`; on the main thread, runs the main run loop.
    private static func pause(until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant) {
        let seconds = Double(TimeFormat.nanoseconds(now.duration(to: deadline))) / 1e9
        guard seconds > 0 else { return }
        if MainRunLoop.isMainThread, MainRunLoop.run(seconds: seconds) { return }
        let left = max(0, TimeFormat.nanoseconds(ContinuousClock().now.duration(to: deadline)))
        var pause = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&pause, &remaining) != 0, errno == EINTR { pause = remaining }
    }
}
