import StreamTrace
import Testing

/// How `TraceComparison` lines events up: like a diff, so an event only one
/// trace has does not turn every later event into a difference.
@Suite struct TraceComparisonTests {
    /// A trace of `values` (JSON texts), one a millisecond, then finished.
    func trace(_ values: [String], name: String, times: [Int]? = nil) throws -> TraceReader {
        var lines = [#"{"streamtrace":1,"stream":"s"}"#, #"{"t":0,"event":"subscribe"}"#]
        for (index, value) in values.enumerated() {
            lines.append(#"{"t":\#(times?[index] ?? (index + 1) * 1_000_000),"event":"value","value":\#(value)}"#)
        }
        lines.append(#"{"t":\#((values.count + 1) * 1_000_000),"event":"finished"}"#)
        return try TraceReader(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: name)
    }

    func compare(_ expected: [String], _ actual: [String], time: TimeComparison = .ignored) throws -> TraceComparison {
        try TraceComparison(expected: trace(expected, name: "e"), actual: trace(actual, name: "a"), time: time)
    }

    @Test func anInsertedEventIsTheOnlyDifference() throws {
        let comparison = try compare(["1", "2", "3", "4"], ["1", "2", "99", "3", "4"])
        #expect(comparison.differences.map(\.description) == ["event 4: only in actual\n+ a:5  t=+3ms  value 99"])
        #expect(
            comparison.summary == "traces differ: 1 difference (times ignored), first at event 4 (line 5 of actual)")
        #expect(comparison.expectedEventCount == 6)
        #expect(comparison.actualEventCount == 7)
    }

    @Test func aMissingEventIsTheOnlyDifference() throws {
        let comparison = try compare(["1", "2", "3", "4"], ["1", "3", "4"])
        #expect(comparison.differences.map(\.description) == ["event 3: only in expected\n- e:4  t=+2ms  value 2"])
    }

    @Test func eventsAfterAShiftNameTheirPositionInEachTrace() throws {
        // "3" lines up with "3" one event later in actual, and is late there.
        let comparison = try TraceComparison(
            expected: trace(["1", "2", "3"], name: "e"),
            actual: trace(["1", "7", "2", "3"], name: "a", times: [1, 2, 2, 5].map { $0 * 1_000_000 }),
            time: .exact)
        #expect(
            comparison.differences.map(\.description) == [
                "event 3: only in actual\n+ a:4  t=+2ms  value 7",
                "event 4 of expected, 5 of actual: times differ by +2ms\n- e:5  t=+3ms  value 3\n+ a:6  t=+5ms  value 3",
                "event 5 of expected, 6 of actual: times differ by +1ms\n- e:6  t=+4ms  finished\n+ a:7  t=+5ms  finished",
            ])
        #expect(comparison.summary == "traces differ: 3 differences (exact times), first at event 3 (line 4 of actual)")
    }

    @Test func aChangedEventStaysPairedWithItsReplacement() throws {
        let comparison = try compare(["1", "2", "3"], ["1", "20", "3"])
        #expect(
            comparison.differences.map(\.description) == [
                "event 3: values differ\n- e:4  t=+2ms  value 2\n+ a:4  t=+2ms  value 20"
            ])
    }

    @Test func oneChangedValueAmongEqualOnesIsAChangeWhereTheTimesAgreeAfterIt() throws {
        // Pairing actual's 7 as inserted would pair every later "1" with the
        // one before it in time: a point where times agree too comes first.
        let comparison = try compare(["1", "1", "1", "1"], ["1", "7", "1", "1"], time: .exact)
        #expect(
            comparison.differences.map(\.description) == [
                "event 3: values differ\n- e:4  t=+2ms  value 1\n+ a:4  t=+2ms  value 7"
            ])
        #expect(
            comparison.summary
                == "traces differ: 1 difference (exact times), first at event 3 (line 4 of expected, line 4 of actual)")
        let within = try compare(["1", "1", "1", "1"], ["1", "7", "1", "1"], time: .tolerance(.microseconds(10)))
        #expect(within.differences.count == 1)
    }

    @Test func repeatedValuesLineUpFromTheStart() throws {
        let comparison = try compare(["1", "1", "1", "1"], ["1", "1", "1"])
        #expect(comparison.differences.map(\.description) == ["event 5: only in expected\n- e:6  t=+4ms  value 1"])
    }

    @Test func tracesThatNeverAgreeArePairedByPosition() throws {
        let expected = (1...100).map(String.init)
        let actual = (1...100).map { String($0 + 1000) }
        let comparison = try TraceComparison(
            expected: trace(expected, name: "e"), actual: trace(actual, name: "a"), time: .ignored, limit: 3)
        #expect(comparison.differenceCount == 100)
        #expect(
            comparison.differences.map { $0.description.split(separator: "\n")[0] } == [
                "event 2: values differ", "event 3: values differ", "event 4: values differ",
            ])
    }

    @Test func ofTwoEquallyNearAgreementsTheOneThatPassesOverMoreExpectedEventsWinsAndKeyOrderDoesNotMatter() throws {
        // After 1/7: X pairs at (1, 2) and 3 at (2, 1), both 3 events over
        // and as balanced: expected's larger share first, so X is only in
        // expected, then only in actual after 3 (X in another key order).
        let comparison = try compare(
            ["1", #"{"a":1,"b":2}"#, "3"], ["7", "3", #"{"b":2,"a":1}"#])
        #expect(
            comparison.differences.map { $0.description.split(separator: "\n")[0] } == [
                "event 2: values differ", "event 3: only in expected", "event 4: only in actual",
            ])
        // The nearest agreement: the object, 1 expected and 2 actual events over.
        let nearer = try compare(["1", #"{"a":1,"b":2}"#, "5", "6"], ["7", "8", #"{"b":2,"a":1}"#, "5", "6"])
        #expect(
            nearer.differences.map { $0.description.split(separator: "\n")[0] } == [
                "event 2: values differ", "event 3: only in actual",
            ])
    }

    @Test func anAgreementBeyondTheWindowIsNotLookedFor() throws {
        // 40 extra events: more than the window, so the rest pairs by position.
        let inserted = (1...40).map { String($0 + 1000) }
        let comparison = try compare(["1", "2"], ["1"] + inserted + ["2"])
        #expect(comparison.differenceCount == 42)
        #expect(
            comparison.differences.first?.description
                == "event 3: values differ\n- e:4  t=+2ms  value 2\n+ a:4  t=+2ms  value 1001")
    }

    @Test func theTimelinesEndTwoStepsAfterTheFirstDifferenceWithTheSixEventsBefore() throws {
        let values = (1...20).map(String.init)
        var changed = values
        changed[14] = "99"
        let comparison = try compare(values, changed)
        func marks(_ timeline: RecentTimeline) -> [RecentTimeline.Mark] { timeline.events.map(\.mark) }
        #expect(marks(comparison.expectedTimeline) == (12...17).map { .element(String($0)) })
        #expect(marks(comparison.actualTimeline) == ["12", "13", "14", "99", "16", "17"].map { .element($0) })
        #expect(comparison.expectedTimeline.omitted == 11)
        #expect(comparison.expectedTimeline.start == 11_000_000)
        #expect(comparison.expectedTimeline.isOpen)
        let same = try compare(values, values)
        #expect(marks(same.actualTimeline) == (16...20).map { .element(String($0)) } + [.finished])
        #expect(same.actualTimeline.omitted == 15)
        #expect(same.actualTimeline.start == 15_000_000)
        #expect(!same.actualTimeline.isOpen)
    }
}
