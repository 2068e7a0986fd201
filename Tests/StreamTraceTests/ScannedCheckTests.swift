import Foundation
import StreamTrace
import Testing

/// `streamtrace check` evaluates its queries in one pass as the trace
/// streams by, each keeping only what it reads; they must decide exactly
/// as the expectations do over the whole trace held in memory (the
/// reference), whether the trace is read by a `TraceReader` or scanned in
/// chunks of any size.
@Suite(.cpuBound) struct ScannedCheckTests {
    static let queries = [
        "next", "next 2", "prefix 3", "not prefix 40", "single", "last", "count", "count within 1ms", "elements",
        "available within 300us", "completion", "failure", "finished", "not finished within 1us", "recording",
        "next where > 0", "not next where == \"z\"", "last within 100ms", "every where != null",
        "every within 1ms where != 0", "contains where > 1", "not contains within 1ms where == 0",
    ]

    /// Queries the expectations decide alone: a pass sums the trace up by chunks for them.
    static let summed = [
        "next", "single", "last", "count", "completion", "failure", "finished", "not next", "not finished", "next == 2",
        "next 1", "count > 3",
    ]

    /// Queries whose matchers the small values of `smallTrace` meet now and then.
    static let matching = [
        "next where == 1", "next == 2", "not next within 300us where == 2", "elements contains 1", "prefix 2 == [0,1]",
        "recording contains {\"completion\":\"finished\"}", "next 2 == [1,2]", "available within 300us contains 3",
        "elements == [0]", "next where contains {\"ok\":true}", "not prefix 3 within 1ms", "next within 250ns",
        "prefix 2 within 1us", "recording == {\"elements\":[1],\"completion\":\"finished\"}", "elements != [1,2]",
        "next 3 within 300us", "available", "next within 1ms where >= 3", "not next within 1ns", "count within 1ns",
        "every where >= 0", "every where != 3", "every within 300us where < 3", "every where contains {\"ok\":true}",
        "contains where == 2", "not contains where == 3", "contains within 300us where >= 3",
    ]

    /// The result of every query, as text: status, value, message, timeline, location.
    static func outcomes(_ results: some Sequence<QueryResult>) -> [String] {
        results.map { result in
            "\(result.status) \(result.output?.text ?? "-") \(result.failure?.explanation ?? "-") \(result.location.map { "\($0)" } ?? "-")"
        }
    }

    /// Checks `queries` on `bytes` every way a trace is read, against the reference.
    static func expectSameResults(_ queries: [String], on bytes: [UInt8]) throws {
        let checker = TraceChecker(queries: try queries.map { try Query($0) })
        let expected = outcomes(try checker.referenceEvaluations(of: TraceReader(bytes: bytes)))
        let streamed = outcomes(try checker.evaluations(of: TraceReader(bytes: bytes)))
        expectSame(streamed, expected, queries, "read by a TraceReader")
        for (parallelism, readSize) in [(1, 1 << 20), (3, 64), (7, 13), (16, 1)] {
            let options = TraceScanOptions(parallelism: parallelism, readSize: readSize, minimumChunkBytes: 1)
            let scanned = outcomes(try checker.evaluations(scanning: bytes, options: options))
            expectSame(scanned, expected, queries, "parallelism \(parallelism), reads of \(readSize) bytes")
        }
    }

    /// The first query whose result differs, with both results.
    static func expectSame(_ actual: [String], _ expected: [String], _ queries: [String], _ how: String) {
        guard let index = actual.indices.first(where: { $0 < expected.count && actual[$0] != expected[$0] }) else {
            #expect(actual.count == expected.count, "\(how)")
            return
        }
        Issue.record("\(how): \(queries[index]):\n  got      \(actual[index])\n  expected \(expected[index])")
    }

    @Test(arguments: 0..<40)
    func chunksOfAnySizeDecideAsOneReadDoes(seed: Int) throws {
        var random = RandomTrace(seed: UInt64(seed) &* 7919)
        let lines = random.trace(events: Int.random(in: 0...120, using: &random.random))
        let bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        try Self.expectSameResults(Self.queries, on: bytes)
        try Self.expectSameResults(Self.summed, on: bytes)
    }

    @Test(arguments: SanitizedSeeds.seeds(0..<60, everyUnderThreadSanitizer: 5))
    func matchersDecideAsOverTheWholeTrace(seed: Int) throws {
        var random = RandomTrace(seed: UInt64(seed) &* 104_729)
        var lines = [#"{"streamtrace":1}"#]
        var t = 0
        for _ in 0..<Int.random(in: 0...12, using: &random.random) {
            t += random.pick([0, 100, 250, 1000])
            if random.chance(10) { lines.append(#"{"t":\#(t),"event":"request","demand":1}"#) }
            let value = random.pick(["0", "1", "2", "3", #"{"ok":true,"id":1}"#, #""a""#, "1.0"])
            lines.append(#"{"t":\#(t),"event":"value","value":\#(value)}"#)
        }
        if random.chance(80) {
            lines.append(#"{"t":\#(t + 100),"event":"\#(random.pick(["finished", "cancel"]))"}"#)
        } else if random.chance(50) {
            lines.append(#"{"t":\#(t + 2000),"event":"request","demand":1}"#)
        }
        // Each query alone, and all of them sharing one cursor.
        let bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        for query in Self.matching { try Self.expectSameResults([query], on: bytes) }
        try Self.expectSameResults(Self.matching, on: bytes)
        try Self.expectSameResults(Self.matching.reversed(), on: bytes)
    }

    /// Blocks of hundreds of events, most of which no query acts on: the
    /// values a block only counts (all but its last few) leave the same
    /// failure timelines, counts and locations as the reference does.
    @Test(arguments: [1 << 12, 1 << 16])
    func longQuietRunsDecideAsTheReference(readSize: Int) throws {
        var lines = [#"{"streamtrace":1}"#, #"{"t":0,"event":"subscribe"}"#]
        for index in 1...5000 {
            if index % 700 == 0 { lines.append(#"{"t":\#(index * 10),"event":"request","demand":1}"#) }
            let value = index % 9 == 0 ? #""s\#(index)""# : "\(index)"
            lines.append(#"{"t":\#(index * 10),"event":"value","value":\#(value)}"#)
        }
        lines.append(#"{"t":60000,"event":"finished"}"#)
        let bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        let queries = [
            "single", #"next where == "none""#, "every where != 4998", "not next where == 4999", "next 3", "last",
            "count", "next where == 2000", "every where < 4999", "prefix 4 == [1,2,3,4]", "not finished", "finished",
            "available", "finished within 1h", "not finished within 5us", "count within 20ms", "last within 1ms",
            "prefix 100", "prefix 10 == [1]",
        ]
        // Queries that read the first values beside one that skips whole blocks.
        let firstValues = [["single", #"next where == "none""#], ["next", "every where != 4998"]]
        for group in queries.map({ [$0] }) + [queries, queries.reversed()] + firstValues {
            let checker = TraceChecker(queries: try group.map { try Query($0) })
            let expected = Self.outcomes(try checker.referenceEvaluations(of: TraceReader(bytes: bytes)))
            for parallelism in [2, 3] {
                let options = TraceScanOptions(parallelism: parallelism, readSize: readSize, minimumChunkBytes: 1)
                let scanned = Self.outcomes(try checker.evaluations(scanning: bytes, options: options))
                Self.expectSame(scanned, expected, group, "parallelism \(parallelism), reads of \(readSize) bytes")
            }
        }
    }

    /// A trace of values over the 64 KiB a pass keeps among its recent values.
    static let longValues: [UInt8] = {
        let long = { (letter: String) in "\"" + String(repeating: letter, count: 100_000) + "\"" }
        var lines = [#"{"streamtrace":1}"#]
        for (t, value) in ["1", long("a"), "2", long("b"), long("c"), "3", long("d")].enumerated() {
            lines.append(#"{"t":\#(t * 1000),"event":"value","value":\#(value)}"#)
        }
        lines.append(#"{"t":9000,"event":"finished"}"#)
        return Array(lines.joined(separator: "\n").utf8) + [0x0A]
    }()

    /// Over values longer than the pass keeps: `last` (with or without
    /// `within`) still passes with the newest whole, and the queries that
    /// stream their values decide as the reference does.
    @Test func longValuesDecideAsOverTheWholeTrace() throws {
        let bytes = Self.longValues
        let queries = [
            "last", "last within 1s", "count", "finished", "elements", "next", "next where == 3",
            "every where != null", "prefix 4", "not next where == 4",
        ]
        for query in queries { try Self.expectSameResults([query], on: bytes) }
        try Self.expectSameResults(queries, on: bytes)
    }

    /// The explanation of `query`'s failure on ``longValues``, scanned in one pass.
    static func failureOverLongValues(_ query: String) throws -> String {
        let checker = TraceChecker(queries: [try Query(query)])
        let options = TraceScanOptions(parallelism: 1)
        let result = try #require(Array(try checker.evaluations(scanning: longValues, options: options)).first)
        return try #require(result.failure?.explanation)
    }

    /// A failure's timeline over values that long draws them as `?`: the
    /// pass keeps their place, not their text (the reference shows them).
    @Test func aFailuresTimelineDrawsAValueTooLongToKeepAsUnknown() throws {
        let explanation = try Self.failureOverLongValues("not finished")
        #expect(
            explanation.hasSuffix("recent: …--a--?--?--b--?---|  a = 2, b = 3, ?: an element not named here"),
            "\(explanation)")
    }

    /// A `next where` that finds nothing names the last element it skipped;
    /// one too long to keep by where it is, never as another value.
    @Test func aSkippedElementTooLongToKeepIsNamedByItsPlace() throws {
        let explanation = try Self.failureOverLongValues("next where == 5")
        #expect(
            explanation.hasPrefix(
                "expected an element where == 5 before the stream finished; skipped 7 elements, "
                    + "the last at line 8, t=+6us, a value over 64 KiB not kept (line 9, t=+9us)"),
            "\(explanation)")
    }

    /// A pass reads a block's first events only into its state until the
    /// first event a live query acts on: a `null` that `every` rejects, a
    /// `"z"` after the cursor `next where` moved, an event after the window
    /// `finished within 1ms` shares, all in the middle of one block.
    @Test func queriesActingInTheMiddleOfABlockDecideAsTheReference() throws {
        var lines = [#"{"streamtrace":1}"#]
        for i in 0..<60 {
            let value = i == 20 ? "null" : i == 41 ? #""z""# : "\(i)"
            lines.append(#"{"t":\#(i * 50_000),"event":"value","value":\#(value)}"#)
        }
        let bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        let queries = [
            "every where != null", "next where == 30", "not next where == \"z\"", "finished within 1ms", "count",
        ]
        try Self.expectSameResults(queries, on: bytes)
        let checker = TraceChecker(queries: try queries.map { try Query($0) })
        let results = Array(try checker.evaluations(scanning: bytes, options: TraceScanOptions(parallelism: 1)))
        #expect(results.map(\.status) == [.fail, .pass, .fail, .fail, .pass])
        #expect(
            results[0].failure?.explanation.hasPrefix("expected every element where != null, but element 21 is null")
                == true)
        #expect(
            results[2].failure?.explanation.hasPrefix(
                #"expected no element where == "z", but got "z" (line 43, t=+2.05ms)"#) == true)
    }

    @Test func aMalformedLineAtAChunkBorderIsTheSameError() throws {
        var text = #"{"streamtrace":1}"# + "\n"
        for i in 0..<200 { text += #"{"t":\#(i),"event":"value","value":\#(i)}"# + "\n" }
        text += #"{"t":1,"event":"value","value":0}"# + "\n"
        let bytes = Array(text.utf8)
        let checker = TraceChecker(queries: [try Query("count")])
        let expected = #expect(throws: TraceReadError.self) {
            _ = try checker.evaluations(of: TraceReader(bytes: bytes))
        }
        for parallelism in [2, 5, 11] {
            let options = TraceScanOptions(parallelism: parallelism, readSize: 100, minimumChunkBytes: 1)
            let scanned = #expect(throws: TraceReadError.self) {
                _ = try checker.evaluations(scanning: bytes, options: options)
            }
            #expect(scanned == expected)
        }
    }
}
