import StreamTrace
import Testing

/// `TraceComparison` reading both traces ahead on threads of their own
/// (`readAheadAfter`, what `diff` does for two regular files) finds what
/// reading them on the caller's thread finds: the same differences, counts,
/// timelines and summary, or the same error at the same place.
@Suite(.cpuBound) struct ReadAheadComparisonTests {
    /// A pair of traces made from one seed: `actual` is `expected` with
    /// values changed (some only in key order or number spelling), events
    /// inserted, removed and moved in time, and, now and then, a bad line
    /// or a cut last line on either side.
    struct Pair {
        var expected: [UInt8]
        var actual: [UInt8]

        init(seed: UInt64, events count: Int, damage: Bool) {
            var random = RandomTrace(seed: seed)
            var events: [(t: Int, rest: String)] = []
            for index in 0..<count {
                let t = (index + 1) * 1_000
                switch Int.random(in: 0..<20, using: &random.random) {
                case 0: events.append((t, #""event":"request","demand":\#(index % 5 + 1)"#))
                case 1: events.append((t, #""event":"request","demand":"unlimited""#))
                case 2:
                    events.append((t, Self.value("\"" + String(repeating: "long ", count: 1_000 + index % 3) + "\"")))
                default: events.append((t, Self.value(random.value(depth: 3))))
                }
            }
            if random.chance(30) {
                events.append(
                    ((count + 1) * 1_000, #""event":"failure","error":{"type":"E","message":"m\#(seed % 3)"}"#))
            }
            var other: [(t: Int, rest: String)] = []
            for event in events {
                switch Int.random(in: 0..<10, using: &random.random) {
                case 0: other.append((event.t, Self.value(random.value(depth: 2))))
                case 1: other.append(contentsOf: [event, (event.t, Self.value("0"))])
                case 2: continue
                case 3: other.append((event.t + 7, event.rest))
                default: other.append(event)
                }
            }
            var (lines, otherLines) = (events.map(Self.line), other.map(Self.line))
            if damage { (lines, otherLines) = Self.damaged(lines, otherLines, &random) }
            expected = Self.bytes(lines)
            actual = Self.bytes(otherLines)
        }

        static func value(_ value: String) -> String { #""event":"value","value":\#(value)"# }

        static func line(_ event: (t: Int, rest: String)) -> String { #"{"t":\#(event.t),\#(event.rest)}"# }

        /// A bad line, a time going back, or a cut last line, on one side or both.
        static func damaged(
            _ left: [String], _ right: [String], _ random: inout RandomTrace
        ) -> ([String], [String]) {
            var sides = [left, right]
            for side in sides.indices where random.chance(60) && !sides[side].isEmpty {
                let at = Int.random(in: 0..<sides[side].count, using: &random.random)
                switch Int.random(in: 0..<3, using: &random.random) {
                case 0: sides[side].insert("not json", at: at)
                case 1: sides[side].insert(#"{"t":1,"event":"value","value":1}"#, at: at)
                default: sides[side][sides[side].count - 1] = String(sides[side][sides[side].count - 1].dropLast(3))
                }
            }
            return (sides[0], sides[1])
        }

        static func bytes(_ events: [String]) -> [UInt8] {
            let lines = [#"{"streamtrace":1,"stream":"s"}"#, #"{"t":0,"event":"subscribe"}"#] + events
            return Array((lines.joined(separator: "\n") + "\n").utf8)
        }
    }

    /// What a comparison found, or the error it threw, as text.
    static func outcome(_ pair: Pair, readAheadAfter: Int?, time: TimeComparison = .exact, limit: Int = 20) -> String {
        do {
            let (expected, actual) = (
                try TraceReader(bytes: pair.expected, name: "e"), try TraceReader(bytes: pair.actual, name: "a")
            )
            let comparison = try TraceComparison(
                expected: expected, actual: actual, time: time, limit: limit, readAheadAfter: readAheadAfter)
            return
                ([comparison.summary, "\(comparison.expectedEventCount) \(comparison.actualEventCount)"]
                + comparison.differences.map(\.description)
                + ["\(comparison.expectedTimeline)", "\(comparison.actualTimeline)"]
                + (expected.warnings + actual.warnings).map(\.description)).joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: SanitizedSeeds.seeds(0..<60, everyUnderThreadSanitizer: 20))
    func readingAheadFindsWhatReadingInTurnFinds(seed: Int) {
        let pair = Pair(seed: UInt64(seed), events: 50 + seed * 97, damage: seed % 2 == 1)
        for (time, limit) in [(TimeComparison.exact, 20), (.ignored, 3), (.tolerance(.nanoseconds(5)), 1_000_000)] {
            #expect(
                Self.outcome(pair, readAheadAfter: seed % 3 * 8, time: time, limit: limit)
                    == Self.outcome(pair, readAheadAfter: nil, time: time, limit: limit))
        }
    }

    @Test func anErrorOnOneSideIsReportedWhereItIsWhileTheOtherSideIsFarAhead() {
        // Many batches on the right, blocked with its queue full when the
        // left's bad line ends the walk: the reader is stopped and joined.
        var pair = Pair(seed: 7, events: 40_000, damage: false)
        let left = Pair.bytes((1...3).map { Pair.line(($0 * 1_000, Pair.value("\($0)"))) } + ["not json"])
        pair.expected = left
        let outcome = Self.outcome(pair, readAheadAfter: 0)
        #expect(outcome.hasPrefix("error: e:6:1: "))
        #expect(outcome == Self.outcome(pair, readAheadAfter: nil))
    }

    @Test func valuesKeptWholeAcrossManyTextStoresCompareByTheirOwnBytes() {
        // 60 values of 4,000 to 4,096 bytes fill several stores of texts; every
        // seventh differs in its last character, every fifth only in key order.
        func value(_ i: Int, actual: Bool) -> String {
            let last = actual && i % 7 == 3 ? "y" : "x"
            let text = "\"" + String(repeating: "v", count: 3_970 + i % 3 * 40) + last + "\""
            return actual && i % 5 == 0 ? #"{"b":\#(i),"a":\#(text)}"# : #"{"a":\#(text),"b":\#(i)}"#
        }
        let lines = { (actual: Bool) in
            (0..<60).map { Pair.line(($0 * 1_000 + 1_000, Pair.value(value($0, actual: actual)))) }
        }
        var pair = Pair(seed: 1, events: 0, damage: false)
        (pair.expected, pair.actual) = (Pair.bytes(lines(false)), Pair.bytes(lines(true)))
        let outcome = Self.outcome(pair, readAheadAfter: 0)
        #expect(outcome.hasPrefix("traces differ: 9 differences (exact times), first at event 5 "), "\(outcome)")
        #expect(outcome == Self.outcome(pair, readAheadAfter: nil))
    }

    @Test func tracesAlikeAtFirstAreReadAheadFromWhereTheyDifferInMostEvents() {
        // 3,000 events alike, then 3,000 of which all but every tenth differ;
        // a long value and a request just where reading ahead begins.
        let lines = { (actual: Bool) in
            (0..<6_000).map { i in
                let value = i == 3_040 ? "\"" + String(repeating: "w", count: 5_000) + "\"" : "\(i)"
                let rest = i == 3_041 ? #""event":"request","demand":3"# : Pair.value(value)
                let changed = actual && i >= 3_000 && i % 10 != 0 && i != 3_040 && i != 3_041
                return Pair.line((i * 1_000 + 1_000, changed ? Pair.value("\(i + 100_000)") : rest))
            }
        }
        var pair = Pair(seed: 1, events: 0, damage: false)
        (pair.expected, pair.actual) = (Pair.bytes(lines(false)), Pair.bytes(lines(true)))
        let outcome = Self.outcome(pair, readAheadAfter: 64, limit: 3)
        #expect(outcome.hasPrefix("traces differ: 2699 differences (exact times), first at event 3003 "), "\(outcome)")
        #expect(outcome == Self.outcome(pair, readAheadAfter: nil, limit: 3))
    }

    @Test func thousandsOfSmallPairsHandOverEveryEvent() {
        for seed in 1_000..<3_000 {
            let pair = Pair(seed: UInt64(seed), events: seed % 13, damage: seed % 5 == 0)
            let (ahead, inTurn) = (Self.outcome(pair, readAheadAfter: 0), Self.outcome(pair, readAheadAfter: nil))
            #expect(ahead == inTurn, "seed \(seed)")
            if ahead != inTurn { return }
        }
    }
}
