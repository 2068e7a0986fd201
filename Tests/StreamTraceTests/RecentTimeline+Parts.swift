import StreamTrace

/// A timeline's line and legend apart, as only tests read them.
extension RecentTimeline {
    /// The marble line: `-a---(b|)`.
    var line: String { Self.draw([self]).lines[0] }

    /// The values the line's letters stand for, whole: `a = {"id":1}, b = …`; empty when it draws no element.
    var legend: String { Self.draw([self]).legend.joined(separator: ", ") }
}
