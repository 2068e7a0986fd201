/// The events of a trace still being written (`show --follow`), kept for its marble line in bounded memory: the span is
/// unknown until the end, so events are kept one by one while few, then counted in a fixed number of time bins whose
/// width doubles whenever an event falls past the last. Elements are lettered as ``MarbleLines`` letters `show`'s.
package struct GrowingMarbleLine: Sendable {
    private let exactLimit: Int
    private let labelWidth: Int
    private var exact: [(t: Int64, symbol: Character)] = []
    /// Once binned: each bin's first event and its count, from `start`, `binWidth` each.
    private var bins: [(symbol: Character, count: Int)] = []
    private var binWidth: Int64 = 1
    private var start: Int64 = 0
    private var lastTime: Int64 = 0
    private var lettering = MarbleLettering<MarbleValueKey>()
    private var hasEvents = false

    /// Events kept one by one up to `exactLimit`, then in `2 × exactLimit` bins; legend values cut at `labelWidth`.
    package init(exactLimit: Int = 2048, labelWidth: Int = 80) {
        self.exactLimit = max(exactLimit, 1)
        self.labelWidth = max(labelWidth, 1)
    }

    /// Subscriptions and requests are not drawn, but the line spans them, as `show`'s does.
    package mutating func append(_ event: TraceEvent) {
        if !hasEvents { start = event.nanoseconds }
        hasEvents = true
        lastTime = event.nanoseconds
        guard let symbol = lettering.symbol(of: event, labelWidth: labelWidth) else { return }
        if bins.isEmpty {
            exact.append((event.nanoseconds, symbol))
            if exact.count > exactLimit { startBinning() }
        } else {
            bin(event.nanoseconds, symbol)
        }
    }

    package func scaled(width: Int) -> MarbleLines<MarbleValueKey> {
        var line = MarbleLines(scale: .columns(start: start, end: lastTime, width: width), lettering: lettering)
        if bins.isEmpty {
            for event in exact { line.append(event.symbol, at: event.t) }
            return line
        }
        for (index, bin) in bins.enumerated() where bin.count > 0 {
            let middle = start &+ Int64(index) &* binWidth &+ binWidth / 2
            line.append(bin.symbol, at: min(middle, lastTime), count: bin.count)
        }
        return line
    }

    private mutating func startBinning() {
        let span = max(exact.last!.t &- start, 1)
        let count = exactLimit * 2
        binWidth = max(span / Int64(count) + 1, 1)
        bins = Array(repeating: (MarbleTheme.tick, 0), count: count)
        for event in exact { bin(event.t, event.symbol) }
        exact = []
    }

    private mutating func bin(_ t: Int64, _ symbol: Character) {
        var index = Int((t &- start) / binWidth)
        while index >= bins.count {
            // Twice as wide: each pair of bins becomes one, the second half empty.
            for i in 0..<(bins.count / 2) {
                let (first, second) = (bins[2 * i], bins[2 * i + 1])
                bins[i] = (first.count > 0 ? first.symbol : second.symbol, first.count + second.count)
            }
            for i in (bins.count / 2)..<bins.count { bins[i] = (MarbleTheme.tick, 0) }
            binWidth = binWidth &* 2
            index = Int((t &- start) / binWidth)
        }
        let slot = max(index, 0)
        bins[slot] = (bins[slot].count > 0 ? bins[slot].symbol : symbol, bins[slot].count + 1)
    }
}
