import Testing

@testable import StreamTrace

/// The marble grammar: diagrams read as RxJS's TestScheduler reads them in
/// run mode, and the errors that name their column.
@Suite struct MarbleGrammarTests {
    /// Each event as `symbol@frame`, 1 ms a frame.
    static func frames(_ text: String) throws -> [String] {
        let marbles = try MarbleDiagram(text)
        return marbles.events.map { "\($0.symbol.character)@\(marbles.frameIndex(of: $0.nanoseconds))" }
    }

    /// The examples of RxJS's marble testing guide ("Marble syntax",
    /// examples in run mode), with the frames the guide gives.
    @Test(
        arguments: [
            ("-", []),
            ("------", []),
            ("|", ["|@0"]),
            ("#", ["#@0"]),
            ("--a--", ["a@2"]),
            ("--a--b--|", ["a@2", "b@5", "|@8"]),
            ("--a--b--#", ["a@2", "b@5", "#@8"]),
            ("-a-^-b--|", ["a@-2", "b@2", "|@5"]),
            ("--(abc)-|", ["a@2", "b@2", "c@2", "|@8"]),
            ("-----(a|)", ["a@5", "|@5"]),
            ("a 9ms b 9s c|", ["a@0", "b@10", "c@9011", "|@9012"]),
            ("--a 2.5m b", ["a@2", "b@150003"]),
            (" -a--b--c---|", ["a@1", "b@4", "c@7", "|@11"]),
            ("-a-----c---|", ["a@1", "c@7", "|@11"]),
            // "Time progression syntax": one output written three ways.
            ("-- 9ms a 9ms b 9ms (c|)", ["a@11", "b@21", "c@31", "|@31"]),
            ("------- 4ms a 9ms b 9ms (c|)", ["a@11", "b@21", "c@31", "|@31"]),
            ("-----------a 9ms b 9ms (c|)", ["a@11", "b@21", "c@31", "|@31"]),
        ] as [(String, [String])])
    func rxjsGuideExamplesReadAtTheGuidesFrames(text: String, expected: [String]) throws {
        #expect(try Self.frames(text) == expected)
    }

    @Test func digitsAreElementsUnlessATimeProgressionStandsAtTheStartOrAfterASpace() throws {
        #expect(try Self.frames("-1-2|") == ["1@1", "2@3", "|@4"])
        #expect(try Self.frames("a10ms b") == ["a@0", "1@1", "0@2", "m@3", "s@4", "b@5"])
        #expect(try Self.frames("a 10msb") == ["a@0", "1@1", "0@2", "m@3", "s@4", "b@5"])
        #expect(try Self.frames("10ms a 1.5s") == ["a@10"])
        #expect(try Self.frames("a 1. b") == ["a@0", "1@1", ".@2", "b@3"])
        #expect(try Self.frames("a 1ms 2ms b") == ["a@0", "b@4"])
    }

    @Test func spacesTakeNoTimeAndAGroupTakesItsCharactersFrames() throws {
        #expect(try Self.frames("a  b (c d)-e") == ["a@0", "b@1", "c@2", "d@2", "e@7"])
        #expect(try Self.frames("(a)b") == ["a@0", "b@3"])
        #expect(try Self.frames("(ab)(cd)") == ["a@0", "b@0", "c@4", "d@4"])
    }

    @Test func anyGraphemeIsOneElementAndOneColumn() throws {
        let marbles = try MarbleDiagram("-🍏-e\u{301}|")
        #expect(marbles.events.map(\.symbol) == [.element("🍏"), .element("e\u{301}"), .finished])
        #expect(marbles.events.map(\.column) == [2, 4, 5])
        #expect(marbles.events.map { marbles.frameIndex(of: $0.nanoseconds) } == [1, 3, 4])
    }

    @Test func theFrameIsAParameter() throws {
        let marbles = try MarbleDiagram("-a 15ms b|", frame: .milliseconds(10))
        #expect(marbles.events.map(\.nanoseconds) == [10_000_000, 35_000_000, 45_000_000])
        #expect(marbles.events.map { marbles.frameIndex(of: $0.nanoseconds) } == [1, 3, 4])
        #expect(marbles.end == 55_000_000)
    }

    @Test func theSubscriptionIsTimeZeroAndItsFrameCounts() throws {
        let marbles = try MarbleDiagram("ab^c 3ms d")
        #expect(marbles.start == -2_000_000)
        #expect(marbles.events.map(\.nanoseconds) == [-2_000_000, -1_000_000, 1_000_000, 5_000_000])
        #expect(marbles.isHot)
        #expect(try !MarbleDiagram("-a").isHot)
    }

    @Test(
        arguments: [
            ("-a-(b", 4, "'(' is never closed"),
            ("(a(b))", 3, "'(' inside the group opened at column 1"),
            ("-a)", 3, "')' closes no group"),
            ("-()", 3, "an empty group: '()' holds no event"),
            ("^-^", 3, "a second '^' (the first is at column 1)"),
            ("(a^)", 3, "'^' inside the group opened at column 1"),
            ("-a|b", 4, "'b' after the stream ended ('|' at column 3)"),
            ("(#a)", 3, "'a' after the stream ended ('#' at column 2)"),
            ("a!-|", 4, "'|' after the stream ended ('!' at column 2)"),
            ("-a\tb", 3, "a tab is not a marble: only spaces align a diagram"),
            ("a\n", 2, "a line break is not a marble: only spaces align a diagram"),
            ("a\u{7}", 2, "U+0007 is not a marble: only spaces align a diagram"),
            ("(a 5ms b)", 4, "a time progression inside the group opened at column 1"),
            ("a 1.0000000001ms", 3, "1.0000000001ms is not a whole number of nanoseconds"),
            ("a 99999999999m", 3, "99999999999m is too long: at most 9223372036854775807 nanoseconds"),
            ("🍏 🍏 (🍏", 5, "'(' is never closed"),
        ] as [(String, Int, String)])
    func errorsNameTheirColumn(text: String, column: Int, message: String) {
        #expect(throws: MarbleSyntaxError(diagram: text, column: column, message: message)) { try MarbleDiagram(text) }
    }

    @Test func aFrameMustBeLongerThanZero() {
        #expect(
            throws: MarbleSyntaxError(diagram: "-a", column: nil, message: "a frame must be longer than zero, got 0ns")
        ) { try MarbleDiagram("-a", frame: .zero) }
        let error = MarbleSyntaxError(diagram: "-a-(b", column: 4, message: "'(' is never closed")
        #expect(error.description == #"marbles "-a-(b": column 4: '(' is never closed"#)
    }

    @Test func aDiagramTooLongForNanosecondsIsAnError() {
        let text = "a 100000000m 100000000m"
        #expect(throws: MarbleSyntaxError.self) { try MarbleDiagram(text) }
        do {
            _ = try MarbleDiagram(text)
        } catch {
            #expect(error.column == 14)
        }
    }

    @Test func canonicalDiagramsDrawTheirOwnText() throws {
        for text in [
            "-a--b-c|", "a 9ms b 9s c|", "--(abc)-|", "-a-^-b--|", "10ms a", "a 1ms 2ms b", "(a)-#", "^ 1.5m !",
        ] {
            #expect(try MarbleDiagram(text).text == text)
        }
        #expect(try MarbleDiagram(" a  b (c d)-e 10ms ").text == "ab(cd)-e 10ms")
        #expect(try MarbleDiagram("(a-b)c").text == "(ab)-c")
    }

    @Test func timeProgressionsAreWrittenToReadBackExactly() {
        let cases: [(Int64, String)] = [
            (300_000_000, "300ms"), (1_200_000_000, "1.2s"), (90_000_000_000, "1.5m"), (61_000_000_000, "61s"),
            (250_000, "0.25ms"), (1, "0.000001ms"), (60_000_000_000, "1m"), (1_000_000_000, "1s"),
        ]
        for (nanoseconds, text) in cases {
            #expect(MarbleTimeProgression.text(nanoseconds) == text)
            #expect(TimeFormat.parseDuration(text) == .duration(.nanoseconds(nanoseconds)))
        }
    }
}
