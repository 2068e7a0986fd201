import Testing

@testable import StreamTrace

/// The doc-comment examples of marbles (Sources/StreamTrace/Marbles) and
/// of the clocks' time diagnosis, run as written.
@Suite struct DocumentationMarblesTests {
    @Test func marbleSyntaxError() throws {
        #expect(throws: MarbleSyntaxError(diagram: "-a-(b", column: 4, message: "'(' is never closed")) {
            // throws marbles "-a-(b": column 4: '(' is never closed
            _ = try TestStream<String>(validating: "-a-(b", clock: TestClock())
        }
    }

    /// TestStream.swift: a diagram that does not parse, handled.
    @Test func testStreamValidating() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        do {
            _ = try TestStream<String>(validating: "-a|b", clock: TestClock())
        } catch {
            print(error)  // marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
        }
        #expect(printed == [#"marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)"#])
    }

    /// docs/marbles.md, "Inputs": a diagram that does not parse, handled.
    @Test func docsTestStreamValidating() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        let clock = TestClock()
        do {
            _ = try TestStream(validating: "-a|b", values: ["a": 1, "b": 2], clock: clock)
        } catch {
            print(error)  // marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
        }
        #expect(printed == [#"marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)"#])
    }

    /// TestStream+String.swift: strings without naming the type.
    @Test func testStreamOfStrings() async throws {
        let clock = TestClock()
        let recorder = TestStream("-a-b|", clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(4))
        let elements = try recorder.elements.get()  // ["a", "b"]
        #expect(elements == ["a", "b"])
    }

    @Test func marbles() throws {
        let marbles = try MarbleDiagram("-a 8ms (bc)|", frame: .milliseconds(1))
        // a at 1ms, b and c at 10ms, finished at 14ms
        let text = marbles.text  // "-a 8ms (bc)|"
        #expect(marbles.events.map(\.nanoseconds) == [1_000_000, 10_000_000, 10_000_000, 14_000_000])
        #expect(marbles.events.map(\.symbol) == [.element("a"), .element("b"), .element("c"), .finished])
        #expect(text == "-a 8ms (bc)|")
    }

    @Test func marblesText() throws {
        let text = try MarbleDiagram("a 9ms b  (c|)", frame: .milliseconds(1)).text  // "a 9ms b(c|)"
        #expect(text == "a 9ms b(c|)")
    }

    @Test func marbleMatch() throws {
        let marbles = try MarbleDiagram("-a-|")
        let recorded: [MarbleMatch.Recorded] = [.init(.value, at: 1_000_000), .init(.finished, at: 3_000_000)]
        let outcome = MarbleMatch.compare(marbles, recorded, isFinal: true) { _, _ in true }  // .matched
        #expect(outcome == .matched)
    }

    @Test func testStream() async throws {
        let clock = TestClock()
        let input = TestStream("-a--b-c|", values: ["a": 1, "b": 2, "c": 3], clock: clock)
        let recorder = input.record(clock: clock)
        await clock.advance(by: .milliseconds(7))
        let elements = try recorder.elements.get()  // [1, 2, 3], at 1, 4 and 6 ms; finished at 7 ms
        #expect(elements == [1, 2, 3])
        #expect(recorder.events.map(\.nanoseconds) == [0, 1_000_000, 4_000_000, 6_000_000, 7_000_000])
    }

    @Test func clockDiagnosis() {
        let queue = ClockDiagnosis.Queue(
            now: .milliseconds(300), advanced: true, sleepers: [.milliseconds(500)], actions: [])
        let text = ClockDiagnosis.describe(queue, clock: "TestClock")
        // "TestClock at 300ms; 1 sleeper until 500ms: advance(by: .milliseconds(200)) reaches it"
        #expect(text == "TestClock at 300ms; 1 sleeper until 500ms: advance(by: .milliseconds(200)) reaches it")
    }
}

extension DocumentationMarblesTests {
    @Test func drawFrames() {
        let drawing = MarbleLayout.drawFrames(
            [
                .init(items: [.init(slot: 1, symbols: ["a"]), .init(slot: 3, symbols: ["b", "|"])]),
                .init(items: [
                    .init(slot: 1, symbols: ["a"]), .init(slot: 3, symbols: ["c"]), .init(slot: 4, symbols: ["|"]),
                ]),
            ], frame: 1_000_000)
        let lines = drawing.lines  // ["-a-(b|)", "-a-c   |"]
        let caret = drawing.caret  // "   ^"
        #expect(lines == ["-a-(b|)", "-a-c   |"])
        #expect(caret == "   ^")
    }
}

extension DocumentationMarblesTests {
    @Test func marbleReport() throws {
        let diagram = try MarbleDiagram("-a-b|")
        let recorded: [MarbleMatch.Recorded] = [.init(.value, at: 1_000_000), .init(.value, at: 3_000_000)]
        let report = MarbleReport(
            diagram: diagram, expectedValues: [1, 2, nil], recorded: recorded, actualValues: [1, 3],
            describe: { "\($0)" })
        let details = report.details(caretAt: 3)
        // ["expected: -a-b|", "actual:   -a-c", "             ^", "a = 1", "b = 2", "c = 3"]
        #expect(details == ["expected: -a-b|", "actual:   -a-c", "             ^", "a = 1", "b = 2", "c = 3"])
    }
}

extension DocumentationMarblesTests {
    @Test func recorderMarbles() async throws {
        let clock = TestClock()
        let recorder = TestStream("-a--b-c|", values: ["a": 1, "b": 2, "c": 3], clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(7))
        try recorder.marbles("-a--b-c|", values: ["a": 1, "b": 2, "c": 3]).get()
        try await recorder.marbles("-a--b-c|", values: ["a": 1, "b": 2, "c": 3]).value(timeout: .seconds(60))
    }
}
