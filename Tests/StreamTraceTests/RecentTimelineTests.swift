import Foundation
import StreamTrace
import Testing

@Suite struct RecentTimelineTests {
    @Test func gapsAreDrawnRelativeToTheLongestAndEventsAtOneTimeAsAGroup() {
        let timeline = RecentTimeline.timeline([(2, .element("1")), (10, .element("2")), (10, .finished)])
        #expect(timeline.line == "--a---(b|)")
        #expect(timeline.description == "--a---(b|)  a = 1, b = 2")
    }

    @Test func anEventAtTheSubscriptionHasNoTickBeforeIt() {
        let failed = RecentTimeline.timeline([(0, .failure)])
        #expect(failed.description == "#")
        let open = RecentTimeline.timeline([(0, .element(#""a""#))])
        #expect(open.description == #"a-  a = "a""#)
        #expect(RecentTimeline(events: [], omitted: 0, isOpen: true).description == "-")
    }

    @Test func equalValuesShareALetterAndUnknownValuesAreAQuestionMark() {
        let timeline = RecentTimeline.timeline(
            [(5, .element("-3")), (5, .element(nil)), (6, .element("-3")), (7, .cancel)], omitted: 4, lastOmittedAt: 5)
        #expect(timeline.line == "…(a?)---a---!")
        #expect(timeline.legend == "a = -3, ?: an element not named here")
    }

    @Test func aRecorderShowsItsLastSixEventsWithLongValuesWholeInALegend() throws {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(clock: clock)
        let long = String(repeating: "x", count: 400)
        for i in 1...9 {
            clock.advance(by: .seconds(1))
            recorder.receive(i == 9 ? long : "v\(i % 2)")
        }
        let error = try #require(throws: RecordingError.self) { try recorder.finished.get() }
        #expect(error.timeline?.line == "…---a---b---a---b---a---c-")
        #expect(error.timeline?.legend == #"a = "v0", b = "v1", c = "\#(long)""#)
        #expect(error.timeline?.omitted == 3)
        recorder.cancel()
        let cancelled = try #require(throws: RecordingError.self) { try recorder.finished.get() }
        #expect(cancelled.timeline?.description == #"…---a---b---a---b---(c!)  a = "v1", b = "v0", c = "\#(long)""#)
    }

    @Test func theCheckerShowsTheEventsOfTheQuerysWindow() throws {
        var text = #"{"streamtrace":1}"# + "\n"
        for i in 1...20 { text += #"{"t":\#(i * 1_000_000),"event":"value","value":\#(i)}"# + "\n" }
        text += #"{"t":21000000,"event":"finished"}"# + "\n"
        let bytes = Array(text.utf8)
        let checker = TraceChecker(queries: [try Query("count == 3"), try Query("finished within 2500us")])
        let expected = [
            "…---a---b---c---d---e---|  a = 16, b = 17, c = 18, d = 19, e = 20", "---a---b-  a = 1, b = 2",
        ]
        // One pass keeps the last values of each query's window: nothing is read again.
        let once = try checker.evaluations(of: TraceReader(bytes: bytes))
        #expect(once.results.map { $0.failure?.timeline?.description } == expected)
        let scanned = Array(try checker.evaluations(scanning: bytes))
        #expect(scanned.map { $0.failure?.timeline?.description } == expected)
    }
}

extension RecentTimeline {
    /// The timeline a builder makes of `events` (time, mark), all of them
    /// drawn, after `omitted` events not drawn, the last at `lastOmittedAt`.
    static func timeline(_ events: [(Int64, Mark)], omitted: Int = 0, lastOmittedAt: Int64 = 0) -> RecentTimeline {
        var builder = Builder(limit: max(events.count, 1))
        builder.skip(omitted, lastAt: lastOmittedAt)
        for (nanoseconds, mark) in events { builder.append(mark, at: nanoseconds) }
        return builder.timeline()
    }
}
