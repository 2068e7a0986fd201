import StreamTrace
import Testing

/// The marble line of a trace whose end is not known yet (`show --follow`).
@Suite struct GrowingMarbleLineTests {
    /// A line fed every event of `events` directly, knowing the span beforehand.
    static func direct(_ events: [(Int64, EventKind)], width: Int) -> String {
        let drawn = events.filter { $0.1 != .subscribe && $0.1 != .request }
        var line = ScaledMarbleLine(
            start: drawn.first?.0 ?? 0, end: drawn.last?.0 ?? 0, width: width, drawnCount: drawn.count,
            elementCount: drawn.count { $0.1 == .value })
        for (t, kind) in events { line.append(nanoseconds: t, kind: kind) }
        return line.line
    }

    @Test func fewEventsDrawAsIfTheSpanHadBeenKnown() {
        let events: [(Int64, EventKind)] = [
            (0, .subscribe), (5, .request), (10, .value), (400, .value), (1000, .cancel),
        ]
        var growing = GrowingMarbleLine()
        for (t, kind) in events { growing.append(nanoseconds: t, kind: kind) }
        for width in [1, 5, 30] {
            #expect(growing.scaled(width: width).line == Self.direct(events, width: width))
        }
        #expect(growing.elementCount == 2)
        #expect(growing.drawnCount == 3)
    }

    @Test func manyEventsAreCountedInBinsThatWidenAsTheTraceGrows() {
        // Two bursts with a long quiet time between, more events than bins keep one by one.
        var events: [(Int64, EventKind)] = (0..<5_000).map { (Int64($0) * 10, .value) }
        events += (0..<5_000).map { (10_000_000 + Int64($0) * 10, .value) }
        events.append((10_100_000, .failure))
        var growing = GrowingMarbleLine(exactLimit: 64)
        for (t, kind) in events { growing.append(nanoseconds: t, kind: kind) }
        let line = growing.scaled(width: 50).line
        let expected = Self.direct(events, width: 50)
        #expect(line.count == 50)
        // The bursts are crowded, the quiet time is quiet, as in the line drawn knowing the span.
        #expect(line.first == "*" && expected.first == "*")
        #expect(line.dropFirst(2).prefix(40) == expected.dropFirst(2).prefix(40))
        #expect(line.last == "*" || line.last == "X")
        #expect(growing.elementCount == 10_000)
    }
}
