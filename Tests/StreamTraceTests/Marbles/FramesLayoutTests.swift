import Testing

@testable import StreamTrace

/// Marble lines on an axis of frames, drawn to read back as diagrams.
@Suite struct FramesLayoutTests {
    /// A line of `items`, each a frame and its symbols.
    static func line(items: [(Int, [Character])], tail: [Character] = []) -> MarbleLayout.Line {
        MarbleLayout.Line(items: items.map { MarbleLayout.Item(slot: $0.0, symbols: $0.1) }, tail: tail)
    }

    /// Each line read back as a diagram (1 ms frames): `symbol@frame`.
    static func readBack(_ lines: [String]) throws -> [[String]] {
        try lines.map { line in
            let marbles = try MarbleDiagram(line)
            return marbles.events.map { "\($0.symbol.character)@\(marbles.frameIndex(of: $0.nanoseconds))" }
        }
    }

    static func words(_ line: MarbleLayout.Line) -> [String] {
        line.items.flatMap { item in item.symbols.map { "\($0)@\(item.slot)" } }
    }

    @Test func linesStayAlignedAndReadBackAsTheirEvents() throws {
        let lines = [
            Self.line(items: [(1, ["a"]), (3, ["b", "|"])]), Self.line(items: [(1, ["a"]), (3, ["c"]), (4, ["|"])]),
        ]
        let drawing = MarbleLayout.drawFrames(lines, frame: 1_000_000)
        #expect(drawing.lines == ["-a-(b|)", "-a-c   |"])
        #expect(drawing.caret == "   ^")
        #expect(try Self.readBack(drawing.lines) == lines.map(Self.words))
    }

    @Test func aGroupOnOneLineMakesRoomWithoutMovingTheOtherLinesTime() throws {
        let lines = [
            Self.line(items: [(0, ["a", "b"]), (4, ["c"]), (5, ["|"])]),
            Self.line(items: [(0, ["a"]), (1, ["b"]), (4, ["c"]), (5, ["|"])]),
        ]
        let drawing = MarbleLayout.drawFrames(lines, frame: 1_000_000)
        #expect(drawing.lines == ["(ab)   c|", "a   b--c|"])
        #expect(try Self.readBack(drawing.lines) == lines.map(Self.words))
        #expect(drawing.caret == "^")
    }

    @Test func aLongRunWithoutEventsIsATimeProgressionOnEveryLineThatGoesOn() throws {
        let lines = [
            Self.line(items: [(1, ["a"]), (300, ["b"]), (301, ["|"])]),
            Self.line(items: [(1, ["a"]), (300, ["b"]), (302, ["|"])]),
        ]
        let drawing = MarbleLayout.drawFrames(lines, frame: 1_000_000)
        #expect(drawing.lines == ["-a 298ms b|", "-a 298ms b-|"])
        #expect(drawing.caret == "          ^")
        #expect(try Self.readBack(drawing.lines) == lines.map(Self.words))
        let late = MarbleLayout.drawFrames([Self.line(items: [(100, ["a"])])], frame: 10_000_000)
        #expect(late.lines == ["1s a"])
        #expect(try MarbleDiagram("1s a", frame: .milliseconds(10)).events.map(\.nanoseconds) == [1_000_000_000])
    }

    @Test func aLineEndsAtItsLastEvent() {
        let lines = [Self.line(items: [(1, ["a"]), (100, ["|"])]), Self.line(items: [(1, ["a"])], tail: ["-"])]
        #expect(MarbleLayout.drawFrames(lines, frame: 1_000_000).lines == ["-a 98ms |", "-a-"])
    }

    @Test func theCaretStandsWhereTheCallerSays() {
        let lines = [Self.line(items: [(1, ["a"]), (2, ["b"])]), Self.line(items: [(1, ["a"]), (2, ["b"])])]
        #expect(MarbleLayout.drawFrames(lines, frame: 1, caretFrame: 2).caret == "  ^")
        #expect(MarbleLayout.drawFrames(lines, frame: 1).caret == nil)
    }

    @Test func anEventInsideItsLinesGroupFollowsTheGroup() {
        let lines = [Self.line(items: [(0, ["a", "b"]), (1, ["c"])])]
        #expect(MarbleLayout.drawFrames(lines, frame: 1).lines == ["(ab)c"])
    }
}
