/// What a failure that time may explain (a wait that timed out, a marble diagram the stream never reached the end of)
/// says about the recorder's clock: on a virtual clock, its time, whether it was ever advanced, what waits on it and
/// the advance that reaches the next; on any other clock, that it is not virtual.
package enum ClockDiagnosis {
    /// A virtual clock's time and queue at one instant.
    package struct Queue: Sendable, Equatable {
        package var now: Duration
        /// Whether anything ever advanced the clock.
        package var advanced: Bool
        /// The deadlines of the tasks sleeping on it, earliest first.
        package var sleepers: [Duration]
        /// The deadlines of the actions scheduled on it, earliest first.
        package var actions: [Duration]
    }

    /// `TestClock at 300ms; 1 sleeper until 500ms: advance(by: .milliseconds(200)) reaches it`.
    package static func describe(_ queue: Queue, clock name: String) -> String {
        let head = "\(name) at \(TimeFormat.short(queue.now))" + (queue.advanced ? "" : ", never advanced")
        var parts: [String] = []
        if !queue.sleepers.isEmpty {
            parts.append(counted(queue.sleepers.count, "sleeper") + " until " + list(queue.sleepers))
        }
        if !queue.actions.isEmpty {
            parts.append(counted(queue.actions.count, "action") + " at " + list(queue.actions))
        }
        guard let next = (queue.sleepers + queue.actions).min() else {
            return head + "; nothing sleeps or is scheduled on it"
        }
        let count = queue.sleepers.count + queue.actions.count
        let step = TimeFormat.nanoseconds(next - queue.now)
        return head + "; " + parts.joined(separator: " and ")
            + ": advance(by: \(literal(max(step, 0)))) reaches \(count == 1 ? "it" : "the first")"
    }

    /// A Swift expression for a duration: `.milliseconds(200)`, `.seconds(2)`, `.zero`.
    package static func literal(_ nanoseconds: Int64) -> String {
        guard nanoseconds != 0 else { return ".zero" }
        for (unit, name) in [(1_000_000_000, "seconds"), (1_000_000, "milliseconds"), (1_000, "microseconds")]
        where nanoseconds % Int64(unit) == 0 {
            return ".\(name)(\(nanoseconds / Int64(unit)))"
        }
        return ".nanoseconds(\(nanoseconds))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The distinct deadlines: `500ms`, `500ms, 1s and 2s`, `500ms, 1s, 2s and 3 more`.
    private static func list(_ deadlines: [Duration]) -> String {
        var distinct: [Duration] = []
        for deadline in deadlines where distinct.last != deadline { distinct.append(deadline) }
        let shown = distinct.prefix(3).map { TimeFormat.short($0) }
        let rest = distinct.count - shown.count
        if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
        guard shown.count > 1 else { return shown.joined() }
        return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }
}

extension TimeSource {
    /// What ``ClockDiagnosis`` says about `clock`, read when a failure needs it; the clock is not kept alive for it.
    @usableFromInline
    static func diagnosis<C: Clock>(of clock: C) -> @Sendable () -> String {
        guard let clock = clock as? TestClock else {
            let name = String(describing: C.self)
            return { "the recorder's clock, \(name), is not virtual: its time passes on its own" }
        }
        return { [weak core = clock.core, name = clock.diagnosticName] in
            guard let core else { return "\(name) (released)" }
            return ClockDiagnosis.describe(core.timeline.snapshot, clock: name)
        }
    }
}
