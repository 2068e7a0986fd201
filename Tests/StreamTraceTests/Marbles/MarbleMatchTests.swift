import Testing

@testable import StreamTrace

/// Recorded events against a diagram, frame by frame.
@Suite struct MarbleMatchTests {
    typealias Outcome = MarbleMatch.Outcome

    /// Compares a recording written as `kind@milliseconds` words (`a` an
    /// element of value "a", `|` `#` `!`) with `diagram`.
    static func compare(
        _ diagram: String, _ recording: String, frame: Duration = .milliseconds(1), isFinal: Bool = true
    ) throws -> Outcome {
        let marbles = try MarbleDiagram(diagram, frame: frame)
        let words = recording.split(separator: " ").map { $0.split(separator: "@") }
        let names = words.map { Character(String($0[0])) }
        let recorded = words.map { word -> MarbleMatch.Recorded in
            let kind: EventKind =
                switch word[0] {
                case "|": .finished
                case "#": .failure
                case "!": .cancel
                default: .value
                }
            return .init(kind, at: Int64(Double(word[1])! * 1_000_000))
        }
        let expected = marbles.events
        return MarbleMatch.compare(marbles, recorded, isFinal: isFinal) { e, a in
            expected[e].symbol.character == names[a]
        }
    }

    static func differs(_ kind: MarbleMatch.DifferenceKind, frame: Int64, _ expected: Int?, _ actual: Int?) -> Outcome {
        .differs(.init(kind: kind, frame: frame, expected: expected, actual: actual))
    }

    @Test func eachFrameHoldsTheDiagramsEventsInOrder() throws {
        #expect(try Self.compare("-a-b|", "a@1 b@3 |@4") == .matched)
        #expect(try Self.compare("--(ab)-|", "a@2 b@2 |@7") == .matched)
        #expect(try Self.compare("--(ab)-|", "b@2 a@2 |@7") == Self.differs(.valueMismatch, frame: 2, 0, 0))
        #expect(try Self.compare("a 9ms b 9s c|", "a@0 b@10 c@9011 |@9012") == .matched)
    }

    @Test func anEventAtTBelongsToFrameTDividedByTheFrame() throws {
        #expect(try Self.compare("-a-b|", "a@19.999 b@30 |@45", frame: .milliseconds(10)) == .matched)
        #expect(
            try Self.compare("-a-b|", "a@9.999 b@30 |@45", frame: .milliseconds(10))
                == Self.differs(.unexpectedEvent, frame: 0, nil, 0))
    }

    @Test func aValueThatDiffersIsAValueMismatch() throws {
        #expect(try Self.compare("-a-b|", "a@1 c@3 |@4") == Self.differs(.valueMismatch, frame: 3, 1, 1))
    }

    @Test func anEventWhereTheDiagramHasNoneIsUnexpected() throws {
        #expect(try Self.compare("-a-b|", "a@1 x@2 b@3 |@4") == Self.differs(.unexpectedEvent, frame: 2, nil, 1))
        #expect(try Self.compare("-a-", "a@1 x@9") == Self.differs(.unexpectedEvent, frame: 9, nil, 1))
        #expect(try Self.compare("-a-", "a@1 |@3") == Self.differs(.unexpectedEvent, frame: 3, nil, 1))
    }

    @Test func aDiagramsEventNotInItsFrameIsMissing() throws {
        #expect(try Self.compare("-a-b-|", "a@1 |@5") == Self.differs(.missingEvent, frame: 3, 1, 1))
        #expect(try Self.compare("-a-b-|", "a@1 b@4 |@5") == Self.differs(.missingEvent, frame: 3, 1, 1))
    }

    @Test func theStreamEndingEarlierOrLaterIsAnEarlyOrLateCompletion() throws {
        #expect(try Self.compare("-a-b|", "a@1 |@2") == Self.differs(.earlyCompletion, frame: 2, nil, 1))
        #expect(try Self.compare("-a-b|", "a@1 |@3") == Self.differs(.earlyCompletion, frame: 3, 1, 1))
        #expect(try Self.compare("-a|", "a@1 b@3 |@4") == Self.differs(.lateCompletion, frame: 2, 1, 1))
        #expect(try Self.compare("-a|", "a@1 b@2 |@3") == Self.differs(.lateCompletion, frame: 2, 1, 1))
        #expect(try Self.compare("-a#", "a@1 #@5") == Self.differs(.lateCompletion, frame: 2, 1, 1))
        // An element too many before the end, in the end's frame: not late.
        #expect(try Self.compare("-a|", "a@1 b@2 |@2") == Self.differs(.unexpectedEvent, frame: 2, 1, 1))
        #expect(try Self.compare("-a---!", "a@1 !@2") == Self.differs(.earlyCompletion, frame: 2, nil, 1))
    }

    @Test func anotherKindOfEventIsADifferentEvent() throws {
        #expect(try Self.compare("-a|", "a@1 #@2") == Self.differs(.differentEvent, frame: 2, 1, 1))
        #expect(try Self.compare("-a-b|", "a@1 #@3") == Self.differs(.differentEvent, frame: 3, 1, 1))
        #expect(try Self.compare("-(a|)", "a@1 b@1") == Self.differs(.differentEvent, frame: 1, 1, 1))
    }

    @Test func aRecordingThatStopsShortIsPendingWhileItMayGrowElseNotReached() throws {
        #expect(try Self.compare("-a-b|", "a@1", isFinal: false) == .pending)
        #expect(try Self.compare("-a-b|", "a@1") == Self.differs(.notReached, frame: 3, 1, nil))
        #expect(try Self.compare("(ab)", "a@0", isFinal: false) == .pending)
        #expect(try Self.compare("(ab)", "a@0") == Self.differs(.notReached, frame: 0, 1, nil))
        #expect(try Self.compare("--a", "") == Self.differs(.notReached, frame: 2, 0, nil))
        #expect(try Self.compare("--a", "", isFinal: false) == .pending)
    }

    @Test func aWrongEventIsFinalEvenWhileTheRecordingMayGrow() throws {
        #expect(try Self.compare("-a-b|", "a@1 c@3", isFinal: false) == Self.differs(.valueMismatch, frame: 3, 1, 1))
        #expect(
            try Self.compare("-a-b|", "a@1 c@2", isFinal: false) == Self.differs(.unexpectedEvent, frame: 2, nil, 1))
        #expect(try Self.compare("-a-b|", "a@1 b@3 |@4", isFinal: false) == .matched)
    }

    @Test func aDiagramWithoutAnEndMatchesOnceItsEventsAreThere() throws {
        #expect(try Self.compare("-a--", "a@1", isFinal: false) == .matched)
        #expect(try Self.compare("----", "") == .matched)
        #expect(try Self.compare("----", "a@1") == Self.differs(.unexpectedEvent, frame: 1, nil, 0))
    }
}
