/// Reports a failure the library finds on its own, outside any call that could throw it, to the test framework
/// running the test. The library links no test framework: each glue module (StreamTraceTesting, StreamTraceXCTest)
/// registers a reporter when the process loads it. Without one, such failures show only in the messages of the
/// expectations that fail after them (see ``ClockDiagnosis``).
package enum TestFrameworkReporter {
    /// Records `message` as a failure at `location` in the current test; `false` if none runs on this task.
    package typealias Reporter = @Sendable (_ message: String, _ location: TestLocation) -> Bool

    private static let lock = Lock()
    nonisolated(unsafe) private static var reporters: [(rank: Int, reporter: Reporter)] = []

    /// Adds a glue module's reporter. Reporters are asked in `rank` order, lowest first, whatever order the process
    /// loaded them in; the first to take a failure records it.
    package static func register(rank: Int, _ reporter: @escaping Reporter) {
        lock.withLock {
            reporters.append((rank, reporter))
            reporters.sort { $0.rank < $1.rank }
        }
    }

    /// Reports `message` at `location`; whether a framework took it.
    @discardableResult
    package static func report(_ message: String, at location: TestLocation) -> Bool {
        for (_, reporter) in lock.withLock({ reporters }) where reporter(message, location) { return true }
        return false
    }
}
