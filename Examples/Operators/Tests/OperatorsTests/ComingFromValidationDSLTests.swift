import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// The examples of docs/marbles.md's "Coming from swift-async-algorithms' validation DSL", as written there: tests of
/// swift-async-algorithms' validation DSL (Tests/AsyncAlgorithmsTests/TestValidationTests.swift in 1.1.4), each
/// ported with the upstream test it ports and its diagrams named above it. Its cancel, delay-next and buffer examples
/// are in CancelAtAFrameTests, DelayNextTests and AsyncAlgorithmsBufferTests.
@Suite(.exploringSchedules(100)) struct ComingFromValidationDSLTests {
    /// `test_diagram`: input `"a--b--c---|"`, output `"A--B--C---|"`.
    @Test func eachElementIsCapitalized() async {
        let clock = TestClock()
        let input = TestStream<String>("a--b--c---|", clock: clock)
        let recorder = input.map { item in await Task { item.capitalized }.value }.record(clock: clock)
        await expectMarbles(recorder, "A--B--C---|", advancing: clock)
    }

    /// Diagrams whose symbols change, and that then read back as themselves: `test_diagram_failure_error_for_finish`'s
    /// input `"a--b--^"`; `test_diagram_grouping_source`, input and output `"[abc]def|"`; `test_diagram_emoji`, input
    /// and output `"➖🔴➖🟠➖🟡➖🟢➖❌"` under a theme of its own.
    @Test(arguments: ["a--b--#", "(abc)def|", "-🔴-🟠-🟡-🟢-|"])
    func aPortedDiagramReadsBackAsItself(diagram: String) async {
        let clock = TestClock()
        await expectMarbles(TestStream<String>(diagram, clock: clock).record(clock: clock), diagram, advancing: clock)
    }

    /// `test_diagram_space_noop`: input `"    a -- b --  c       ---|"`, output `"    A- - B - - C   -  --  |     "`.
    @Test func spacesTakeNoTime() async {
        let clock = TestClock()
        let uppercased = TestStream<String>("    a -- b --  c       ---|", clock: clock).map { $0.uppercased() }
        await expectMarbles(uppercased.record(clock: clock), "    A- - B - - C   -  --  |     ", advancing: clock)
    }

    /// `test_diagram_string_input`: input `"'foo''bar''baz'|"`, output `"fbb|"`; and
    /// `test_diagram_string_input_expectation`: input and output `"'foo''bar''baz'|"`.
    @Test func aValueOfSeveralCharactersIsALetterThatValuesNames() async {
        let clock = TestClock()
        let words: [Character: String] = ["f": "foo", "b": "bar", "z": "baz"]
        let input = TestStream("fbz|", values: words, clock: clock)
        let (firsts, whole) = (input.map { String($0.prefix(1)) }.record(clock: clock), input.record(clock: clock))
        await expectMarbles(firsts, "fbb|", advancing: clock)
        await expectMarbles(whole, "fbz|", values: words, advancing: clock)
    }
}
