/// How several traces share one time axis (`streamtrace show PATH...`): the traces of one group (its header's `group`)
/// on `at`; others on `started` when every trace has it, else on `at` when every trace has it, else each from its own
/// 0. An event's time on the axis is its trace's offset plus its
/// `t`; the earliest trace's offset is 0.
///
/// ```swift
/// let alignment = TraceAlignment(headers: [
///     TraceHeader(stream: "cart", clock: "virtual", at: 0),
///     TraceHeader(stream: "payments", clock: "virtual", at: 5_000_000),
/// ])
/// let basis = alignment.basis  // .at
/// let offsets = alignment.offsets  // [0, 5_000_000]
/// ```
package struct TraceAlignment: Sendable, Equatable {
    /// What the traces line up on.
    package enum Basis: String, Sendable {
        /// The wall-clock time of each subscription.
        case started
        /// The shared clock's reading at each subscription.
        case at
        /// Nothing: each trace from its own 0.
        case zero
    }

    package var basis: Basis
    /// Nanoseconds to add to each trace's `t`, in the order of the headers.
    package var offsets: [Int64]
    /// The earliest `started`, the axis's 0, when aligned on `started`.
    package var origin: String?

    package init(headers: [TraceHeader]) {
        let starts = headers.compactMap { $0.started.flatMap { ISO8601.nanoseconds($0) } }
        let readings = headers.compactMap(\.at)
        let oneGroup = headers.first?.group.map { group in headers.allSatisfy { $0.group == group } } ?? false
        if oneGroup, readings.count == headers.count, let offsets = Self.offsets(readings) {
            // One group's traces share a clock, read to the nanosecond: `started` (microseconds) would blur the order.
            (basis, self.offsets, origin) = (.at, offsets, nil)
        } else if !headers.isEmpty, starts.count == headers.count, let offsets = Self.offsets(starts) {
            let earliest = starts.firstIndex(of: starts.min()!)!
            (basis, self.offsets, origin) = (.started, offsets, headers[earliest].started)
        } else if !headers.isEmpty, readings.count == headers.count, let offsets = Self.offsets(readings) {
            (basis, self.offsets, origin) = (.at, offsets, nil)
        } else {
            (basis, offsets, origin) = (.zero, headers.map { _ in 0 }, nil)
        }
    }

    /// Each value's distance from the smallest, or `nil` if one overflows.
    private static func offsets(_ values: [Int64]) -> [Int64]? {
        guard let smallest = values.min() else { return [] }
        let offsets = values.map { $0.subtractingReportingOverflow(smallest) }
        return offsets.contains { $0.overflow } ? nil : offsets.map(\.partialValue)
    }

    package var description: String {
        switch basis {
        case .started: "aligned on \"started\" (the wall-clock time of each subscription)"
        case .at: "aligned on \"at\" (the shared clock's reading at each subscription)"
        case .zero: "not aligned: each stream from its own 0 (not every trace has \"started\" or \"at\")"
        }
    }

    /// `t` of the trace at `index` on the shared axis (saturating).
    package func time(_ t: Int64, of index: Int) -> Int64 {
        let (sum, overflow) = t.addingReportingOverflow(offsets[index])
        return overflow ? (t < 0 ? .min : .max) : sum
    }
}
