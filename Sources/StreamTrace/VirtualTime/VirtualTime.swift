#if canImport(Combine)
import Combine
import Dispatch
import Foundation  // DispatchQueue.SchedulerTimeType
#elseif OpenCombine
import Dispatch
import OpenCombine
import OpenCombineDispatch
#endif

#if canImport(Combine) || OpenCombine
/// A point in a ``TestScheduler``'s virtual time (its `SchedulerTimeType`):
/// nanoseconds since the scheduler started.
public struct VirtualTime: Strideable, Hashable, Sendable, CustomStringConvertible {
    package var nanoseconds: Int64

    package init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The span from this time to `other`.
    public func distance(to other: VirtualTime) -> Stride { .nanoseconds(Int(other.nanoseconds - nanoseconds)) }
    /// This time moved by `stride`.
    public func advanced(by stride: Stride) -> VirtualTime {
        VirtualTime(nanoseconds: nanoseconds + Int64(stride.magnitude))
    }
    /// `+300ms`: the time since the scheduler started.
    public var description: String { "+" + TimeFormat.short(nanoseconds) }

    /// A span of virtual time: the `DispatchQueue` scheduler's stride, so
    /// an integer or floating point literal is in seconds (`advance(by: 1)`
    /// is one second) and `.milliseconds(300)` and the like read as they do
    /// for `DispatchQueue`.
    #if canImport(Combine)
    public typealias Stride = DispatchQueue.SchedulerTimeType.Stride
    #else
    public typealias Stride = DispatchQueue.OCombine.SchedulerTimeType.Stride
    #endif
}
#endif
