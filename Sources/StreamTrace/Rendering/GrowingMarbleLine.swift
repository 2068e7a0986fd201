/// The events of a trace that is still being written, kept for its marble
/// line (`show --follow`), in memory bounded whatever their number: the
/// span is not known until the end, so the events are kept as they come
/// while they are few, then counted in a fixed number of time bins whose
/// width doubles whenever an event falls past the last one.
///
/// ```swift
/// var growing = GrowingMarbleLine()
/// growing.append(nanoseconds: 0, kind: .value)
/// growing.append(nanoseconds: 3_000_000, kind: .finished)
/// let line = growing.scaled(width: 10).line  // "a--------|"
/// ```
package struct GrowingMarbleLine: Sendable {
    /// How many events are kept one by one before binning.
    private let exactLimit: Int
    private var exact: [(t: Int64, kind: EventKind)] = []
    /// Once binned: the events of each bin, from `start`, `binWidth` each.
    private var bins: [[EventKind: Int]] = []
    private var binWidth: Int64 = 1
    private var start: Int64 = 0
    private var last: (t: Int64, kind: EventKind)?
    package private(set) var elementCount = 0
    package private(set) var drawnCount = 0

    /// Events kept one by one up to `exactLimit`, then in `2 × exactLimit` bins.
    package init(exactLimit: Int = 2048) {
        self.exactLimit = max(exactLimit, 1)
    }

    /// The time of the first and of the last event drawn (`start` is set by
    /// the first one and never changes after it; 0 before it).
    package var firstTime: Int64 { start }
    package var lastTime: Int64 { last?.t ?? 0 }

    /// Keeps an event (subscriptions and requests are not drawn).
    package mutating func append(nanoseconds: Int64, kind: EventKind) {
        guard kind != .subscribe, kind != .request else { return }
        if exact.isEmpty, bins.isEmpty { start = nanoseconds }
        drawnCount += 1
        if kind == .value { elementCount += 1 }
        last = (nanoseconds, kind)
        if bins.isEmpty {
            exact.append((nanoseconds, kind))
            if exact.count > exactLimit { startBinning() }
        } else {
            bin(nanoseconds, kind)
        }
    }

    /// The marble line over `width` columns.
    package func scaled(width: Int, theme: MarbleTheme = .terminal) -> ScaledMarbleLine {
        var line = ScaledMarbleLine(
            start: firstTime, end: lastTime, width: width, drawnCount: drawnCount, elementCount: elementCount,
            theme: theme)
        if bins.isEmpty {
            for event in exact { line.append(nanoseconds: event.t, kind: event.kind) }
            return line
        }
        for (index, counts) in bins.enumerated() {
            let middle = start &+ Int64(index) &* binWidth &+ binWidth / 2
            let t = min(middle, lastTime)
            // A bin's events share its column: two of a kind draw it as several.
            for (kind, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                for _ in 0..<min(count, 2) { line.append(nanoseconds: t, kind: kind) }
            }
        }
        return line
    }

    private mutating func startBinning() {
        let span = max(exact.last!.t &- start, 1)
        let count = exactLimit * 2
        binWidth = max(span / Int64(count) + 1, 1)
        bins = Array(repeating: [:], count: count)
        for event in exact { bin(event.t, event.kind) }
        exact = []
    }

    private mutating func bin(_ t: Int64, _ kind: EventKind) {
        var index = Int((t &- start) / binWidth)
        while index >= bins.count {
            // Twice as wide: each pair of bins becomes one, the second half empty.
            for i in 0..<(bins.count / 2) {
                bins[i] = bins[2 * i].merging(bins[2 * i + 1], uniquingKeysWith: +)
            }
            for i in (bins.count / 2)..<bins.count { bins[i] = [:] }
            binWidth = binWidth &* 2
            index = Int((t &- start) / binWidth)
        }
        bins[max(index, 0)][kind, default: 0] += 1
    }
}
