/// One run of a test body under one schedule while exploring schedules: the schedule that clocks created in it take,
/// and what it leaves to report if it fails (the traces of the recorders on those clocks, the stalls found).
package final class ScheduleRun: @unchecked Sendable {
    @TaskLocal package static var current: ScheduleRun?

    package let schedule: TestClock.Schedule
    private let lock = Lock()
    private var traceReaders: [@Sendable () -> (header: TraceHeader, text: String)] = []
    private var foundStalls: [ScheduleStall] = []

    package init(schedule: TestClock.Schedule) {
        self.schedule = schedule
    }

    /// Keeps a recorder's trace for the report (read when the run ends).
    package func keep(trace: @escaping @Sendable () -> (header: TraceHeader, text: String)) {
        lock.withLock { traceReaders.append(trace) }
    }

    package func keep(_ stall: ScheduleStall) {
        lock.withLock { foundStalls.append(stall) }
    }

    /// The traces of the recorders on the run's clocks, in the order they were created, as they are now.
    package var traces: [(header: TraceHeader, text: String)] {
        lock.withLock { traceReaders }.map { $0() }
    }

    package var stalls: [ScheduleStall] { lock.withLock { foundStalls } }
}
