#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if arch(x86_64) && os(Linux)
import StreamTraceCounter
#endif

/// A system clock read from the processor's time-stamp counter between readings of the clock itself, where the
/// platform allows: x86-64 Linux whose kernel keeps time with that counter (clock source `tsc`, chosen only when the
/// counter is invariant and in step across cores). `clock_gettime` reads the same counter, fenced, and converts it;
/// the unfenced counter costs a fraction of that.
///
/// The clock is read between two counter readings (the anchor); a time is the anchor's plus the ticks since, at the
/// rate measured between the last two anchors (not once: NTP slews the clock but not the counter). The clock is read
/// again after `window` ticks (about 1.7 ms at 2.5 GHz), when the counter goes back, or when the rate moves by more
/// than a tenth (a machine that slept). Only tight anchors count (``tightness``), so a time is the clock's within a
/// few hundred nanoseconds at worst, tens typically, and no error builds up.
///
/// Order: the owner reads it under its lock and never records a time before the last one, so a recording's times
/// never go back. Across recordings, times agree within that error, and the unfenced counter may be read a little
/// early: events of two recorders less than a microsecond apart may sort either way.
@usableFromInline
struct CounterClock: Sendable {
    /// The counter and the clock (nanoseconds since the owner's start) at the last reading of the clock.
    @usableFromInline var anchorTicks: UInt64 = 0
    @usableFromInline var anchorNanoseconds: Int64 = 0
    /// Nanoseconds per tick in 32.32 fixed point, once measured.
    @usableFromInline var nanosecondsPerTick: UInt64 = 0
    /// Ticks past the anchor that a time is interpolated: `window` once the rate is known, else 0 (read the clock).
    @usableFromInline var limit: UInt64 = 0
    @usableFromInline let isActive: Bool
    /// Whether the anchor's counter reading is within ``tightness`` of the clock's (no preemption in between).
    var anchorIsTight = false

    /// Ticks between readings of the clock.
    @usableFromInline static var window: UInt64 { 1 << 22 }

    @usableFromInline static var inactive: CounterClock { CounterClock(isActive: false) }

    private init(isActive: Bool) {
        self.isActive = isActive
    }

    /// The counter, unfenced: `rdtsc`.
    @inlinable static func ticks() -> UInt64 {
        #if arch(x86_64) && os(Linux)
        streamtrace_counter_ticks()
        #else
        0
        #endif
    }

    /// A counter clock anchored now on `clock`, and that reading of the clock (the owner's start, in nanoseconds).
    @usableFromInline
    static func started(on clock: clockid_t) -> (CounterClock, Int64) {
        guard usable else { return (.inactive, TimeSource.nanoseconds(of: clock)) }
        var counter = CounterClock(isActive: true)
        let reading = pairedReading(clock)
        counter.anchorTicks = reading.ticks
        counter.anchorIsTight = reading.isTight
        if let rate = SharedRate.shared.rate, reading.isTight {
            counter.nanosecondsPerTick = rate
            counter.limit = window
        }
        return (counter, reading.nanoseconds)
    }

    /// Reads the clock (`start` is the owner's), anchors there and returns the reading, measuring the rate since the
    /// last anchor once enough ticks passed. A reading that is not tight changes nothing.
    @usableFromInline
    mutating func anchor(clock: clockid_t, start: Int64) -> Int64 {
        let reading = Self.pairedReading(clock)
        let now = reading.nanoseconds &- start
        guard reading.isTight else { return now }
        let ticks = reading.ticks &- anchorTicks
        let nanoseconds = now &- anchorNanoseconds
        // Calibrating: the anchor stays until enough ticks have passed.
        if limit == 0, anchorIsTight, ticks < Self.window, nanoseconds >= 0 { return now }
        if anchorIsTight, let rate = Self.rate(nanoseconds: nanoseconds, ticks: ticks),
            limit == 0 || Self.isClose(rate, to: nanosecondsPerTick)
        {
            nanosecondsPerTick = rate
            limit = Self.window
            SharedRate.shared.rate = rate
        } else {
            limit = 0
        }
        anchorTicks = reading.ticks
        anchorNanoseconds = now
        anchorIsTight = true
        return now
    }

    /// `nanoseconds / ticks` in 32.32 fixed point, if it is a counter's rate (between 16 MHz and 64 GHz).
    static func rate(nanoseconds: Int64, ticks: UInt64) -> UInt64? {
        guard nanoseconds > 0, ticks >= window / 2 else { return nil }
        let span = UInt64(nanoseconds)
        guard span &>> 32 < ticks else { return nil }
        let rate = ticks.dividingFullWidth((high: span &>> 32, low: span &<< 32)).quotient
        return rate >= 1 << 26 && rate <= 64 << 32 ? rate : nil
    }

    static func isClose(_ rate: UInt64, to previous: UInt64) -> Bool {
        let difference = rate > previous ? rate - previous : previous - rate
        return difference <= previous / 10
    }

    /// The clock read between two counter readings: the counter at the middle, and whether the two were within
    /// ``tightness`` ticks (a reading takes about 70 at 2.5 GHz; more means an interruption). Up to three tries.
    static func pairedReading(_ clock: clockid_t) -> (ticks: UInt64, nanoseconds: Int64, isTight: Bool) {
        var attempt = 0
        while true {
            let before = ticks()
            let nanoseconds = TimeSource.nanoseconds(of: clock)
            let spread = ticks() &- before
            attempt += 1
            if spread < tightness || attempt == 3 { return (before &+ spread / 2, nanoseconds, spread < tightness) }
        }
    }

    /// The most ticks between the counter readings around a tight reading of the clock.
    static var tightness: UInt64 { 512 }

    /// Whether the kernel keeps time with the time-stamp counter and the clock reads fast enough to anchor on (not
    /// where `clock_gettime` is a system call, or under valgrind).
    static let usable: Bool = {
        #if arch(x86_64) && os(Linux)
        let fd = SystemCall.open("/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY)
        guard fd >= 0 else { return false }
        defer { SystemCall.close(fd) }
        var name = [UInt8](repeating: 0, count: 16)
        let count = name.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress!, $0.count) }
        return count == 4 && name.prefix(4).elementsEqual("tsc\n".utf8)
            && pairedReading(CLOCK_MONOTONIC).isTight
        #else
        return false
        #endif
    }()
}

/// The last rate a counter clock measured, so that a new one starts with it instead of calibrating.
final class SharedRate: @unchecked Sendable {
    static let shared = SharedRate()
    private let lock = Lock()
    private var value: UInt64?

    var rate: UInt64? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
