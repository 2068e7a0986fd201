import Foundation
import StreamTrace
import Testing

@Suite struct RecentTimelineTests {
    @Test func gapsAreDrawnRelativeToTheLongestAndValuesAsCompactJSON() {
        let timeline = RecentTimeline(
            events: [
                .init(nanoseconds: 0, mark: .value("1")), .init(nanoseconds: 10, mark: .value("2")),
                .init(nanoseconds: 10, mark: .finished),
            ], omitted: 0, isOpen: false)
        #expect(timeline.line == "-1---2-|")
    }

    @Test func negativeNumbersAreBracketedAndUnknownValuesAreO() {
        let timeline = RecentTimeline(
            events: [
                .init(nanoseconds: 5, mark: .value("-3")), .init(nanoseconds: 5, mark: .value(nil)),
                .init(nanoseconds: 5, mark: .failure),
            ],
            omitted: 4, isOpen: false, start: 5)
        #expect(timeline.line == "…-(-3)-o-X")
    }

    @Test func aRecorderShowsItsLastSixEventsAndCutsLongValues() throws {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(clock: clock)
        for i in 1...9 {
            clock.advance(by: .seconds(1))
            recorder.receive(i == 9 ? String(repeating: "x", count: 40) : "v\(i)")
        }
        let error = try #require(throws: RecordingError.self) { try recorder.finished.get() }
        #expect(error.timeline?.line == #"…---"v4"---"v5"---"v6"---"v7"---"v8"---"xxxxxxxxxxxxxx…-"#)
        #expect(error.timeline?.omitted == 3)
        recorder.cancel()
        let cancelled = try #require(throws: RecordingError.self) { try recorder.finished.get() }
        #expect(cancelled.timeline?.line.hasSuffix(#""xxxxxxxxxxxxxx…-!"#) == true)
    }

    @Test func theCheckerShowsTheEventsOfTheQuerysWindow() throws {
        var text = #"{"streamtrace":1}"# + "\n"
        for i in 1...20 { text += #"{"t":\#(i * 1_000_000),"event":"value","value":\#(i)}"# + "\n" }
        text += #"{"t":21000000,"event":"finished"}"# + "\n"
        let report = try TraceChecker(queries: [try Query("count == 3"), try Query("finished within 2500us")]).check(
            TraceReader(bytes: Array(text.utf8)))
        #expect(report.results.map { $0.failure?.timeline?.line } == ["…---16---17---18---19---20---|", "---1---2-"])
    }
}
