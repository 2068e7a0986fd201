#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
/// A point in virtual time, for ``TestScheduler`` and
/// ``ImmediateTestScheduler``: nanoseconds since the scheduler started.
public struct VirtualTime: Strideable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the scheduler started.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public func distance(to other: VirtualTime) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
    public func advanced(by stride: Stride) -> VirtualTime {
        VirtualTime(nanoseconds: nanoseconds + stride.nanoseconds)
    }
    public var description: String { "+" + TimeFormat.short(nanoseconds) }

    /// A span of virtual time. An integer or floating point literal is in
    /// seconds, as for `DispatchQueue`'s scheduler: `advance(by: 1)` is one
    /// second.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
        ExpressibleByFloatLiteral, CustomStringConvertible
    {
        public var nanoseconds: Int64

        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public init(_ duration: Duration) {
            self.nanoseconds = TimeFormat.nanoseconds(duration)
        }

        public init(integerLiteral value: Int64) { self.init(nanoseconds: value * 1_000_000_000) }
        public init(floatLiteral value: Double) { self.init(nanoseconds: Int64((value * 1e9).rounded())) }
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let seconds = Int64(exactly: source) else { return nil }
            self.init(integerLiteral: seconds)
        }

        public var magnitude: Stride { Stride(nanoseconds: Int64(clamping: nanoseconds.magnitude)) }
        public var description: String { TimeFormat.short(nanoseconds) }

        public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: Int64(s) * 1_000_000_000) }
        public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int64((s * 1e9).rounded())) }
        public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: Int64(ms) * 1_000_000) }
        public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: Int64(us) * 1_000) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: Int64(ns)) }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
        }
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
        }
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds * rhs.nanoseconds / 1_000_000_000)
        }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
}
#endif
