#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A clock that names itself in trace headers (`"clock":"virtual"`).
///
/// `ContinuousClock` is `continuous` and `SuspendingClock` is `suspending`; a test clock conforms with `virtual`, which
/// also leaves the wall-clock `started` out of the header so that traces are deterministic.
///
/// The header's `at` is the clock's reading when the trace's time starts: traces recorded on one clock line up on `at +
/// t`. The system clocks and the test clocks give it; another clock gives it by implementing ``traceNanoseconds(at:)``.
public protocol TraceClock: Clock where Duration == Swift.Duration {
    /// The clock's name in a trace header.
    var traceName: String { get }

    /// `instant` in nanoseconds since the clock's origin, for the header's `at`; `nil` (the default) leaves `at` out.
    func traceNanoseconds(at instant: Instant) -> Int64?
}

extension TraceClock {
    public func traceNanoseconds(at instant: Instant) -> Int64? { nil }
}

extension ContinuousClock: TraceClock {
    public var traceName: String { "continuous" }
}

extension SuspendingClock: TraceClock {
    public var traceName: String { "suspending" }
}

/// Nanoseconds since a start instant, read from an injected clock.
@usableFromInline
struct TimeSource: Sendable {
    /// The POSIX clock read directly for `ContinuousClock` and `SuspendingClock`; `nil` for any other clock.
    @usableFromInline let systemClock: clockid_t?
    /// The start on `systemClock`, in nanoseconds.
    @usableFromInline let systemStart: Int64
    /// Reads `systemClock` from the processor's counter where it can.
    @usableFromInline var counter: CounterClock
    /// Reads any other clock (`nil` for a system clock).
    @usableFromInline let read: (@Sendable () -> Int64)?
    @usableFromInline let clockName: String
    /// The clock's reading at the start in nanoseconds since its origin (the header's `at`), if the clock tells it.
    @usableFromInline let start: Int64?
    /// What the clock says when a failure needs it (``ClockDiagnosis``).
    @usableFromInline let diagnose: @Sendable () -> String
    /// A ``TestClock``'s core: the schedule's seed goes in the header, and schedule exploration keeps the trace.
    @usableFromInline let virtualCore: VirtualClockCore?

    /// Times from now on `clock`; inlinable so that reading the clock is specialized for its type.
    @inlinable
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        clockName = (clock as? any TraceClock)?.traceName ?? String(describing: C.self)
        diagnose = TimeSource.diagnosis(of: clock)
        virtualCore = (clock as? TestClock)?.core
        // System clocks are read directly: no `Duration` arithmetic or closure call per event.
        systemClock = TimeSource.systemClockID(C.self)
        if let id = systemClock {
            (counter, systemStart) = CounterClock.started(on: id)
            start = systemStart
            read = nil
        } else {
            counter = .inactive
            systemStart = 0
            let start = clock.now
            self.start = (clock as? any TraceClock).flatMap { TimeSource.reading($0, start) }
            read = { TimeFormat.nanoseconds(start.duration(to: clock.now)) }
        }
    }

    /// `instant` as `clock` reads it in nanoseconds, if it is the clock's.
    @usableFromInline
    static func reading<T: TraceClock>(_ clock: T, _ instant: Any) -> Int64? {
        (instant as? T.Instant).flatMap(clock.traceNanoseconds(at:))
    }

    /// Nanoseconds since the start. Mutating (the counter clock moves its anchor): call it under the owner's lock.
    @inlinable
    mutating func elapsed() -> Int64 {
        guard let id = systemClock else { return read.unsafelyUnwrapped() }
        if counter.isActive {
            let ticks = CounterClock.ticks() &- counter.anchorTicks
            if ticks < counter.limit {
                return counter.anchorNanoseconds
                    &+ Int64(truncatingIfNeeded: (ticks &* counter.nanosecondsPerTick) &>> 32)
            }
            return counter.anchor(clock: id, start: systemStart)
        }
        return TimeSource.nanoseconds(of: id) &- systemStart
    }

    /// The POSIX clock behind `ContinuousClock` or `SuspendingClock`.
    @usableFromInline
    static func systemClockID<C>(_ type: C.Type) -> clockid_t? {
        #if os(Linux)
        if type == ContinuousClock.self { return CLOCK_BOOTTIME }
        if type == SuspendingClock.self { return CLOCK_MONOTONIC }
        #elseif canImport(Darwin)
        if type == ContinuousClock.self { return CLOCK_MONOTONIC_RAW }
        if type == SuspendingClock.self { return CLOCK_UPTIME_RAW }
        #endif
        return nil
    }

    @inlinable
    static func nanoseconds(of id: clockid_t) -> Int64 {
        var now = timespec()
        clock_gettime(id, &now)
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    /// The header of a trace timed by this source: the clock's reading at the start (`at`), and the wall-clock time
    /// (`started`, in microseconds) except under a virtual clock, so that traces are deterministic.
    @usableFromInline
    func header(stream: String?, meta: JSONObject?) -> TraceHeader {
        TraceHeader(
            stream: stream, clock: clockName, started: clockName == "virtual" ? nil : ISO8601.now(), at: start,
            seed: virtualCore?.schedule.seed, meta: meta)
    }
}
