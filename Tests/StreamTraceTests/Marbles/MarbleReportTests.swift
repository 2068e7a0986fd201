import Testing

@testable import StreamTrace

/// A marble failure for a person: the first difference in a line, expected
/// over actual lettered alike, and an actual line that reads back.
@Suite struct MarbleReportTests {
    /// A recording written as `value@frame` words (`|`, `#`, `!` the ends),
    /// 1 ms frames; values are Ints.
    static func recording(_ words: String) -> ([MarbleMatch.Recorded], [Int?]) {
        let parsed = words.split(separator: " ").map { $0.split(separator: "@") }
        let recorded = parsed.map { word -> MarbleMatch.Recorded in
            let kind: EventKind =
                switch word[0] {
                case "|": .finished
                case "#": .failure
                case "!": .cancel
                default: .value
                }
            return .init(kind, at: Int64(word[1])! * 1_000_000)
        }
        return (recorded, parsed.map { Int($0[0]) })
    }

    /// The message and details of comparing `words` with `diagram`.
    static func report(_ diagram: String, _ values: [Character: Int], _ words: String) throws -> [String] {
        let marbles = try MarbleDiagram(diagram)
        let (recorded, actualValues) = recording(words)
        let expectedValues = marbles.events.map { event -> Int? in
            if case .element(let name) = event.symbol { return values[name] }
            return nil
        }
        let report = MarbleReport(
            diagram: marbles, expectedValues: expectedValues, recorded: recorded, actualValues: actualValues,
            failureText: "Boom: it broke", describe: { "\($0)" })
        let outcome = MarbleMatch.compare(marbles, recorded, isFinal: true) { e, a in
            expectedValues[e] == actualValues[a]
        }
        guard case .differs(let difference) = outcome else { return ["matched"] }
        return [report.message(difference)] + report.details(caretAt: difference.frame)
    }

    @Test func aValueMismatchDrawsExpectedOverActualLetteredAlike() throws {
        #expect(
            try Self.report("-a-b|", ["a": 1, "b": 2], "1@1 3@3 |@4") == [
                "frame 3: expected b (2), got c (3)",
                "expected: -a-b|",
                "actual:   -a-c|",
                "             ^",
                "a = 1", "b = 2", "c = 3",
            ])
    }

    @Test func aValueTheDiagramNamesTakesItsName() throws {
        #expect(
            try Self.report("-x-y|", ["x": 1, "y": 2], "2@1 1@3 |@4") == [
                "frame 1: expected x (1), got y (2)",
                "expected: -x-y|",
                "actual:   -y-x|",
                "           ^",
                "x = 1", "y = 2",
            ])
    }

    @Test func eachKindOfDifferenceSaysWhatHappened() throws {
        let values: [Character: Int] = ["a": 1, "b": 2]
        #expect(try Self.report("-a-b|", values, "1@1 2@2 2@3 |@4").first == "frame 2: expected no event, got b (2)")
        #expect(
            try Self.report("-a-", values, "1@1 2@9").first
                == "frame 9: expected no event after the diagram's last frame (2), got b (2)")
        #expect(
            try Self.report("-a-b-|", values, "1@1 |@5").first
                == "frame 3: expected b (2), got no event; the next is | (finished) in frame 5")
        #expect(
            try Self.report("-a-b-|", values, "1@1 |@3").first
                == "frame 3: expected b (2), got | (finished): 2 frames early (the diagram ends in frame 5)")
        #expect(
            try Self.report("-a|", values, "1@1 2@3 |@4").first
                == "frame 2: expected | (finished), got no event: the stream ends 2 frames late, in frame 4")
        #expect(try Self.report("-a|", values, "1@1 #@2").first == "frame 2: expected | (finished), got # (failure)")
        #expect(
            try Self.report("-a-b|", values, "1@1").first
                == "frame 3: expected b (2), but the recording ends in frame 1")
        #expect(try Self.report("--a", values, "").first == "frame 2: expected a (1), but the recording is empty")
    }

    @Test func aFailureIsNamedInTheLegend() throws {
        #expect(
            try Self.report("-a|", ["a": 1], "1@1 #@2") == [
                "frame 2: expected | (finished), got # (failure)",
                "expected: -a|",
                "actual:   -a#",
                "            ^",
                "a = 1", "#: Boom: it broke",
            ])
    }

    @Test func longRunsAreTimeProgressionsOnBothLines() throws {
        #expect(
            try Self.report("-a 298ms b|", ["a": 1, "b": 2], "1@1 2@300 |@302") == [
                "frame 301: expected | (finished), got no event: the stream ends 1 frame late, in frame 302",
                "expected: -a 298ms b|",
                "actual:   -a 298ms b-|",
                "                    ^",
                "a = 1", "b = 2",
            ])
    }

    /// A random recording whose frames a diagram can hold: after a group of
    /// k events, k + 1 frames without any.
    static func randomRecording(_ random: inout RandomTrace.Generator) -> String {
        var words: [String] = []
        var frame = Int64.random(in: 0...3, using: &random)
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            let count = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1
            for _ in 0..<count { words.append("\(Int.random(in: 1...5, using: &random))@\(frame)") }
            frame += Int64(count == 1 ? 1 : count + 2) + Int64.random(in: 0...40, using: &random)
        }
        if Bool.random(using: &random) { words.append("\(["|", "#", "!"].randomElement(using: &random)!)@\(frame)") }
        return words.joined(separator: " ")
    }

    @Test func theActualLineReadsBackAsTheRecordingWithTheLegendsValues() throws {
        var random = RandomTrace.Generator(state: 22)
        for _ in 0..<500 {
            let (recorded, values) = Self.recording(Self.randomRecording(&random))
            let diagram = try MarbleDiagram(["-a-b|", "(ab)-c", "a 30ms b", "--"].randomElement(using: &random)!)
            let expectedValues = diagram.events.map { _ in Optional(Int.random(in: 1...5, using: &random)) }
            let report = MarbleReport(
                diagram: diagram, expectedValues: expectedValues, recorded: recorded, actualValues: values,
                describe: { "\($0)" })
            let details = report.details(caretAt: nil)
            let actualLine = String(details[1].dropFirst("actual:   ".count))
            let legend = Dictionary(
                details.filter { $0.contains(" = ") }.map { (Character(String($0.prefix(1))), Int($0.dropFirst(4))!) },
                uniquingKeysWith: { first, _ in first })
            let readBack = try MarbleDiagram(actualLine)
            let read = readBack.events.map { event -> String in
                let frame = readBack.frameIndex(of: event.nanoseconds)
                if case .element(let name) = event.symbol { return "\(legend[name]!)@\(frame)" }
                return "\(event.symbol.character)@\(frame)"
            }
            let written = zip(recorded, values).map { event, value in
                "\(value.map(String.init) ?? String(MarbleDiagram.Symbol.symbol(event.kind)))@\(event.nanoseconds / 1_000_000)"
            }
            #expect(read == written, "\(actualLine)")
        }
    }
}

extension MarbleDiagram.Symbol {
    static func symbol(_ kind: EventKind) -> Character {
        switch kind {
        case .finished: "|"
        case .failure: "#"
        case .cancel: "!"
        default: "?"
        }
    }
}
