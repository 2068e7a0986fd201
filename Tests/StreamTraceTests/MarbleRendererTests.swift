import StreamTrace
import Testing

/// The one marble renderer: layout, lettering, scales, in RxJS's symbols.
@Suite struct MarbleRendererTests {
    static func timeline(_ events: [(Int64, RecentTimeline.Mark)], isOpen: Bool = false) -> RecentTimeline {
        var timeline = RecentTimeline.timeline(events)
        timeline.isOpen = isOpen
        return timeline
    }

    @Test func framesPutAnEventInTheFrameItsTimeFallsInAndEventsOfOneFrameInAGroup() {
        // Frames of 10ns: 5 is frame 0, 12 and 19 frame 1, 45 frame 4.
        let actual = Self.timeline([(5, .element("1")), (12, .element("2")), (19, .element("3")), (45, .finished)])
        let drawing = RecentTimeline.draw([actual], frames: 10)
        #expect(drawing.lines == ["a(bc)|"])
        #expect(drawing.legend == ["a = 1", "b = 2", "c = 3"])
        // A group takes its characters' columns, as RxJS reads it; a later frame is pushed on.
        let late = Self.timeline([(10, .element("1")), (10, .element("2")), (20, .finished)])
        #expect(RecentTimeline.draw([late], frames: 10).lines == ["-(ab)|"])
    }

    @Test func expectedOverActualInFramesStayAlignedWithACaretUnderTheFirstDifference() {
        let expected = Self.timeline([(10, .element("1")), (30, .element("2")), (30, .finished)])
        let actual = Self.timeline([(10, .element("1")), (30, .element("3")), (40, .finished)])
        let drawing = RecentTimeline.draw([expected, actual], frames: 10)
        #expect(
            drawing.labelled(["expected", "actual"]) == [
                // `|` stands at frame 4 on the actual line: spaces, which take no time, align it.
                "expected: -a-(b|)", "actual:   -a-c   |", "             ^", "a = 1", "b = 2", "c = 3",
            ])
    }

    @Test func lettersADiagramsAuthorChoseAreKeptAndNewValuesTakeTheFreeOnes() {
        var lettering = MarbleLettering<String>()
        lettering.reserve("b", for: "2", label: "2")
        let actual = Self.timeline([(1, .element("1")), (2, .element("2")), (3, .element("1"))])
        let drawing = RecentTimeline.draw([actual], frames: 1, lettering: &lettering) { line, event in
            if case .element(let label) = actual.events[event].mark { label } else { nil }
        }
        #expect(drawing.lines == ["-aba"])
        #expect(drawing.legend == ["b = 2", "a = 1"])
    }

    @Test func pastTwentySixValuesElementsAreAQuestionMarkThatTheLegendExplains() {
        let values = (0..<27).map { (Int64($0), RecentTimeline.Mark.element("\($0)")) }
        let drawing = RecentTimeline.draw([Self.timeline(values)], frames: 1)
        #expect(drawing.lines == ["abcdefghijklmnopqrstuvwxyz?"])
        #expect(drawing.legend.count == 27)
        #expect(drawing.legend.first == "a = 0")
        #expect(drawing.legend.last == "?: an element not named here")
    }

    @Test func aLineThatMustFitItsWidthPullsItsLastEventsBackAndDrawsGroupsItHasNoRoomForAsStars() {
        let slots = [0, 6, 9].map { MarbleLayout.Slot(ideal: $0) }
        let group = MarbleLayout.Line(items: [
            .init(slot: 0, symbols: ["a"]), .init(slot: 1, symbols: ["b", "|"]), .init(slot: 2, symbols: ["c"]),
        ])
        // (b|) at 6 ends at 9, so c, due at 9, goes to 10.
        #expect(MarbleLayout(slots: slots, width: 11).draw([group]).lines == ["a-----(b|)c"])
        // One column fewer: the last events move back, keeping their order.
        #expect(MarbleLayout(slots: slots, width: 10).draw([group]).lines == ["a----(b|)c"])
        // Groups wider than the whole width are drawn `*`, each event then in a column of its own.
        #expect(MarbleLayout(slots: slots, width: 5).draw([group]).lines == ["a--*c"])
    }

    @Test func showsLanesShareOneLetteringAndOneLegend() {
        var marbles = MarbleLines<MarbleValueKey>(scale: .columns(start: 0, end: 10, width: 11), lines: 2)
        marbles.append(TraceEvent(nanoseconds: 0, event: .value("s")), line: 0)
        marbles.append(TraceEvent(nanoseconds: 5, event: .value("sw")), line: 1)
        marbles.append(TraceEvent(nanoseconds: 10, event: .value("s")), line: 1)
        marbles.append(TraceEvent(nanoseconds: 10, event: .finished), line: 1)
        marbles.append(TraceEvent(nanoseconds: 10, event: .failure(TraceFailure(type: "E", message: "e"))), line: 0)
        // (a|) at 10 would pass the width: it moves back to 7, where the other lane's # goes too.
        #expect(marbles.drawing().lines == ["a------#---", "-----b-(a|)"])
        #expect(marbles.drawing().legend == [#"a = "s""#, #"b = "sw""#, "|: finished", "#: failure"])
    }

    @Test func moreEventsThanColumnsCrowdAColumnIntoAStar() {
        var marbles = MarbleLines<MarbleValueKey>(scale: .columns(start: 0, end: 4, width: 3))
        for t in [0, 1, 2, 3, 4] as [Int64] { marbles.append(TraceEvent(nanoseconds: t, event: .value(1))) }
        #expect(marbles.drawing().lines == ["a**"])
        #expect(marbles.drawing().legend == ["a = 1", "*: several events"])
    }
}
