/// A clock that names itself in trace headers (`"clock":"virtual"`).
///
/// `ContinuousClock` is `continuous` and `SuspendingClock` is `suspending`;
/// a test clock conforms with `virtual`, which also leaves the wall-clock
/// `started` out of the header so that traces are deterministic.
public protocol TraceClock: Clock where Duration == Swift.Duration {
    /// The clock's name in a trace header.
    var traceName: String { get }
}

extension ContinuousClock: TraceClock {
    public var traceName: String { "continuous" }
}

extension SuspendingClock: TraceClock {
    public var traceName: String { "suspending" }
}

/// Nanoseconds since a start instant, read from an injected clock.
struct TimeSource: Sendable {
    let elapsed: @Sendable () -> Int64
    let clockName: String

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { TimeFormat.nanoseconds(start.duration(to: clock.now)) }
        clockName = (clock as? any TraceClock)?.traceName ?? String(describing: C.self)
    }

    var isVirtual: Bool { clockName == "virtual" }
}
