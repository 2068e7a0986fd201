import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Expects that `actual` eventually equals `expected`: reads it at once, then every `interval`, and passes at the
    /// first match. After `timeout` it fails at the caller's line with the last value it compared: `Expected 2, but was
    /// 1 after 93 tries, timing out after 1.0 seconds`. In a test case it shadows StreamTraceTesting's function of the
    /// same name, so a target that imports both modules fails the XCTest.
    ///
    /// ```swift
    /// expectEventually(actual: { model.rowCount }, expected: 2, timeout: .seconds(60))  // 60 s only bounds a failure
    /// ```
    ///
    /// Errors `actual` throws are rethrown.
    public func expectEventually<T: Equatable>(
        actual: () throws -> T, expected: T, timeout: Duration = .seconds(1), interval: Duration = .milliseconds(10),
        file: StaticString = #filePath, line: UInt = #line
    ) rethrows {
        try EventualEquality.poll(expected: expected, timeout: timeout, interval: interval, actual: actual).failure?
            .record(file: file, line: line)
    }

    /// The asynchronous ``expectEventually(actual:expected:timeout:interval:file:line:)``: suspends between tries. With
    /// a `clock`, it waits in virtual time, advancing the test clock by `interval` between tries.
    ///
    /// ```swift
    /// await expectEventually(actual: { await model.state }, expected: .loaded, clock: clock)
    /// ```
    public func expectEventually<T: Equatable>(
        actual: () async throws -> T, expected: T, timeout: Duration = .seconds(1),
        interval: Duration = .milliseconds(10),
        clock: TestClock? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async rethrows {
        try await EventualEquality.poll(
            expected: expected, timeout: timeout, interval: interval, clock: clock, actual: actual
        ).failure?.record(file: file, line: line)
    }
}
