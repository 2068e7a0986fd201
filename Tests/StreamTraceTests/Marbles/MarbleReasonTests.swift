import Testing

@testable import StreamTrace

/// Issue 36 item 4: every marble failure reason is a public constant a test compares with `==`, each the name a
/// report and `check --format json` carry.
@Suite struct MarbleReasonTests {
    /// docs/marbles.md's example, line for line: a value other than the diagram's in its frame.
    @Test func aMarbleFailureComparesWithItsReasonConstant() async {
        let recorder = await MarblesExpectationTests.recording([(.value(1), 1), (.value(3), 4), (.finished, 5)])
        let values: [Character: Int] = ["a": 1, "b": 2]
        let error = #expect(throws: RecordingError.self) { try recorder.marbles("-a--b|", values: values).get() }
        #expect(error?.reason == .valueMismatch)
    }

    @Test func eachReasonConstantIsTheNameItsFailuresCarry() {
        let reasons: [RecordingError.Reason] = [
            .valueMismatch, .differentEvent, .unexpectedEvent, .missingEvent, .earlyCompletion, .lateCompletion,
            .notReached, .invalidDiagram, .laneOrder,
        ]
        #expect(
            reasons.map(\.description) == [
                "valueMismatch", "differentEvent", "unexpectedEvent", "missingEvent", "earlyCompletion",
                "lateCompletion", "notReached", "invalidDiagram", "laneOrder",
            ])
    }

    /// Each kind of difference fails with its constant: on 1 in frame 1, 3 in frame 4, finished in frame 5 (the last
    /// case: the same, not yet finished).
    @Test(arguments: [
        ("-a--c|", RecordingError.Reason.valueMismatch, true),
        ("-a--#", .differentEvent, true),
        ("-a---|", .unexpectedEvent, true),
        ("-a-cb|", .missingEvent, true),
        ("-a--b-|", .earlyCompletion, true),
        ("-a-|", .lateCompletion, true),
        ("-a-(b", .invalidDiagram, true),
        ("-a--b|", .notReached, false),
    ])
    func eachDifferenceFailsWithItsConstant(diagram: String, reason: RecordingError.Reason, finishes: Bool) async {
        let events: [(StreamEvent<Int, TraceFailure>, Int)] = [(.value(1), 1), (.value(3), 4), (.finished, 5)]
        let recorder = await MarblesExpectationTests.recording(finishes ? events : events.dropLast())
        let values: [Character: Int] = ["a": 1, "b": 3, "c": 2]
        let error = #expect(throws: RecordingError.self) { try recorder.marbles(diagram, values: values).get() }
        #expect(error?.reason == reason, "\(error?.report ?? "")")
    }
}
