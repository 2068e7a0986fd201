import StreamTrace
import Testing

/// The marble line of a trace whose end is not known yet (`show --follow`).
@Suite struct GrowingMarbleLineTests {
    /// A line fed every event of `events` directly, knowing the span beforehand, as `show` draws it.
    static func direct(_ events: [TraceEvent], width: Int) -> String {
        var line = MarbleLines<MarbleValueKey>(
            scale: .columns(start: events.first?.nanoseconds ?? 0, end: events.last?.nanoseconds ?? 0, width: width))
        for event in events { line.append(event) }
        return line.drawing().lines[0]
    }

    static func growing(_ events: [TraceEvent], exactLimit: Int = 2048) -> GrowingMarbleLine {
        var growing = GrowingMarbleLine(exactLimit: exactLimit)
        for event in events { growing.append(event) }
        return growing
    }

    @Test func fewEventsDrawAsIfTheSpanHadBeenKnown() {
        let events: [TraceEvent] = [
            .init(nanoseconds: 0, event: .subscribe), .init(nanoseconds: 5, event: .request(.unlimited)),
            .init(nanoseconds: 10, event: .value(1)), .init(nanoseconds: 400, event: .value(2)),
            .init(nanoseconds: 1000, event: .cancel),
        ]
        let growing = Self.growing(events)
        for width in [1, 5, 30] {
            #expect(growing.scaled(width: width).drawing().lines == [Self.direct(events, width: width)])
        }
        #expect(growing.scaled(width: 30).drawing().lines == ["a-----------b----------------!"])
        #expect(growing.scaled(width: 30).drawing().legend == ["a = 1", "b = 2", "!: cancel"])
    }

    @Test func manyEventsAreCountedInBinsThatWidenAsTheTraceGrows() {
        // Two bursts with a long quiet time between, more events than bins keep one by one.
        var events: [TraceEvent] = (0..<5_000).map { .init(nanoseconds: Int64($0) * 10, event: .value(1)) }
        events += (0..<5_000).map { .init(nanoseconds: 10_000_000 + Int64($0) * 10, event: .value(2)) }
        events.append(.init(nanoseconds: 10_100_000, event: .failure(TraceFailure(type: "E", message: "e"))))
        let line = Self.growing(events, exactLimit: 64).scaled(width: 50).drawing().lines[0]
        let expected = Self.direct(events, width: 50)
        #expect(line.count == 50)
        // The bursts are crowded, the quiet time is quiet, as in the line drawn knowing the span.
        #expect(line.first == "*" && expected.first == "*")
        #expect(line.dropFirst(2).prefix(40) == expected.dropFirst(2).prefix(40))
        #expect(line.last == "*" || line.last == "#")
    }

    @Test func aBinOfOneEventKeepsItsLetter() {
        // A lone element long after a crowded burst is still drawn as its letter.
        var events: [TraceEvent] = (0..<100).map { .init(nanoseconds: Int64($0), event: .value(1)) }
        events.append(.init(nanoseconds: 1_000_000, event: .value(2)))
        let growing = Self.growing(events, exactLimit: 16)
        #expect(growing.scaled(width: 20).drawing().lines == ["*------------------b"])
        #expect(growing.scaled(width: 20).drawing().legend == ["b = 2", "*: several events"])
    }
}
