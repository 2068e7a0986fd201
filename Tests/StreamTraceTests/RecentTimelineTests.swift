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

    @Test func aRecorderShowsItsLastSixEventsWithLongValuesWholeInALegend() throws {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(clock: clock)
        let long = String(repeating: "x", count: 40)
        for i in 1...9 {
            clock.advance(by: .seconds(1))
            recorder.receive(i == 9 ? long : "v\(i)")
        }
        let error = try #require(throws: RecordingError.self) { try recorder.finished.get() }
        #expect(error.timeline?.line == "…---a---b---c---d---e---f-")
        #expect(error.timeline?.legend == #"a = "v4", b = "v5", c = "v6", d = "v7", e = "v8", f = "\#(long)""#)
        #expect(error.timeline?.omitted == 3)
        recorder.cancel()
        let cancelled = try #require(throws: RecordingError.self) { try recorder.finished.get() }
        #expect(cancelled.timeline?.description.hasPrefix("…---a---b---c---d---e-!  a = \"v5\"") == true)
    }

    @Test func valuesOfSixteenCharactersOrFewerStandOnTheLineItself() {
        let events: [RecentTimeline.Event] = [
            .init(nanoseconds: 0, mark: .value(#""fourteen chars""#)), .init(nanoseconds: 1, mark: .finished),
        ]
        let short = RecentTimeline(events: events, omitted: 0, isOpen: false)
        #expect(short.description == #"-"fourteen chars"---|"#)
        #expect(short.legend == "")
        var long = short
        long.events[0].mark = .value(#""seventeen chars!""#)
        #expect(long.description == #"-a---|  a = "seventeen chars!""#)
    }

    @Test func theCheckerShowsTheEventsOfTheQuerysWindow() throws {
        var text = #"{"streamtrace":1}"# + "\n"
        for i in 1...20 { text += #"{"t":\#(i * 1_000_000),"event":"value","value":\#(i)}"# + "\n" }
        text += #"{"t":21000000,"event":"finished"}"# + "\n"
        let bytes = Array(text.utf8)
        let checker = TraceChecker(queries: [try Query("count == 3"), try Query("finished within 2500us")])
        // One pass keeps the last values of each query's window: nothing is read again.
        let once = try checker.check(TraceReader(bytes: bytes))
        #expect(once.results.map { $0.failure?.timeline?.line } == ["…---16---17---18---19---20---|", "---1---2-"])
        let scanned = Array(try checker.evaluations(scanning: bytes))
        #expect(scanned.map { $0.failure?.timeline?.line } == ["…---16---17---18---19---20---|", "---1---2-"])
    }
}
