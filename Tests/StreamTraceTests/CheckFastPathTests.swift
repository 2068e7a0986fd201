import StreamTrace
import Testing

/// The pass's fast paths decide as the reference does over the whole
/// trace: a compiled matcher looks for the rarest byte of each piece of
/// its operand and for `\u` escapes only when a piece is missing, over
/// values not in normal form; a `within` query that only decides at the
/// end shares the pass's window until an event falls after it; queries
/// decided early in a spec of many leave the others' results unchanged.
@Suite(.cpuBound) struct CheckFastPathTests {
    /// A trace of `values`, one a microsecond, then `ending` (a line without `t`), if any.
    static func trace(_ values: [String], ending: String? = #""event":"finished""#) -> [UInt8] {
        var lines = [#"{"streamtrace":1}"#]
        for (index, value) in values.enumerated() {
            lines.append(#"{"t":\#(index * 1000),"event":"value","value":\#(value)}"#)
        }
        if let ending { lines.append(#"{"t":\#(values.count * 1000),\#(ending)}"#) }
        return Array(lines.joined(separator: "\n").utf8) + [0x0A]
    }

    /// Each query's status and value (or failure), scanned in one pass.
    static func results(_ queries: [String], on bytes: [UInt8]) throws -> [String] {
        let checker = TraceChecker(queries: try queries.map { try Query($0) })
        return try checker.evaluations(scanning: bytes).map { result in
            "\(result.status) \(result.output?.text ?? result.failure?.explanation ?? "-")"
        }
    }

    /// Values whose text is not in normal form: spaces, `1.0` and `1e0`
    /// for 1, escapes for characters that need none (`\u002d` for the
    /// piece's rarest byte, `-`), keys in another order.
    static let unusual = [
        "10", "1.0", " 1e0 ", #""abc""#, #""a\u0062c""#, #""a\"b""#, #""\/""#, #"{"name" : "no-such-item"}"#,
        #"{"name":"no\u002dsuch-item","x":1}"#, #"{"x":[1,{"name":"no-such-item"}],"name":"no-such-item"}"#,
        "[ 1 , 2 ]", "-0", "null", #"{"b":1,"a":2}"#, #""caf\u00e9 é""#,
    ]

    static let matchers = [
        "next where == 1", "next where == 1.0", "next where == 1e0", "next where == \"abc\"",
        "next where == \"a\\\"b\"", "next where == \"/\"", "next where contains {\"name\":\"no-such-item\"}",
        "not next where contains {\"name\":\"no-such-item\"}", "next where contains {\"name\":\"no-such\"}",
        "every where != null", "every where != 1", "next where == {\"a\":2,\"b\":1}", "next where contains [2]",
        "next where == \"café é\"", "next where > 0.5", "next where == 0", "every where != \"abc\"",
        "elements contains 1e0", "next where contains {\"x\":[1]}",
    ]

    @Test func matchersOverValuesNotInNormalFormDecideAsTheReference() throws {
        let bytes = Self.trace(Self.unusual)
        for query in Self.matchers { try ScannedCheckTests.expectSameResults([query], on: bytes) }
        try ScannedCheckTests.expectSameResults(Self.matchers, on: bytes)
    }

    @Test func aNumberMatchesWhateverItsTextAndAStringWhateverItsEscapes() throws {
        let results = try Self.results(
            [
                "next where == 1", "next where == 1e0", "next where == \"abc\"", "next where == \"abc\"",
                "next where == \"café é\"",
            ], on: Self.trace(Self.unusual))
        // The cursor moves past each match: 1.0 (element 2), then 1e0 (3), "abc" (4), "a\u0062c" (5).
        #expect(
            results == [
                "pass 1.0", "pass 1e0", #"pass "abc""#, #"pass "a\u0062c""#, #"pass "caf\u00e9 é""#,
            ])
    }

    @Test func aPieceWrittenWithAnEscapeStillMatches() throws {
        // The only match writes its `-` as `\u002d`: the piece's rarest byte is not in its text.
        let values = [#"{"name":"no-such-items"}"#, #"{"name":"no\u002dsuch-item"}"#, #"{"name":"x"}"#]
        let results = try Self.results(
            ["next where contains {\"name\":\"no-such-item\"}", "count"], on: Self.trace(values))
        #expect(results == [#"pass {"name":"no\u002dsuch-item"}"#, "pass 3"])
        try ScannedCheckTests.expectSameResults(
            ["not next where contains {\"name\":\"no-such-item\"}", "every where != {\"name\":\"no-such-item\"}"],
            on: Self.trace(values))
    }

    @Test func aBlockWithoutAPieceIsPassedOverAndABlockWithItIsSearched() throws {
        // A `where` query passes over a block whose text holds none of a piece every match holds (nor a `\u`
        // escape); blocks of about 40 lines here, the one match written plainly in one and with an escape in another.
        var values = (0..<400).map { #"{"name":"item-\#($0)","n":\#($0)}"# }
        values[170] = #"{"name":"no-such-item","n":170}"#
        values[290] = #"{"name":"no\u002dsuch-item","n":290}"#
        let queries = [
            #"next where contains {"name":"no-such-item"}"#, #"next where contains {"name":"no-such-item"}"#,
            #"not next where contains {"name":"no-such-item"}"#, #"next where == {"name":"no-such-item","n":170}"#,
        ]
        let bytes = Self.trace(values)
        let checker = TraceChecker(queries: try queries.map { try Query($0) })
        let expected = ScannedCheckTests.outcomes(try checker.referenceEvaluations(of: TraceReader(bytes: bytes)))
        for (parallelism, readSize) in [(1, 1 << 20), (3, 2048), (2, 777)] {
            let options = TraceScanOptions(parallelism: parallelism, readSize: readSize, minimumChunkBytes: 1)
            let scanned = ScannedCheckTests.outcomes(try checker.evaluations(scanning: bytes, options: options))
            ScannedCheckTests.expectSame(
                scanned, expected, queries, "parallelism \(parallelism), reads of \(readSize)")
        }
        let results = try Self.results(queries, on: bytes)
        let found = [#"pass {"name":"no-such-item","n":170}"#, #"pass {"name":"no\u002dsuch-item","n":290}"#]
        #expect(Array(results.prefix(2)) == found)
        // The cursor is past both: nothing more matches.
        #expect(results[2] == "pass -")
        #expect(
            results[3].hasPrefix(
                #"fail expected an element where == {"name":"no-such-item","n":170} before the stream finished; "#
                    + "skipped 109 elements"))
    }

    /// Queries decided at once (`next`, `prefix 2`, a `next where` that
    /// matches the first element) before and after ones that read every
    /// event, and `within` windows that end mid-trace, hold a completion,
    /// or outlast the trace.
    static let spec = [
        "next", "next where == 0", "prefix 2", "count > 0", "last", "elements", "every where != null",
        "finished within 2500ns", "finished within 1h", "count within 1500ns", "not finished within 1us",
        "not next where == \"none\"", "not finished", "next 2", "single within 10ns",
    ]

    @Test(arguments: [
        #""event":"finished""#, #""event":"cancel""#, #""event":"failure","error":{"type":"E","message":"m"}"#, nil,
    ])
    func aSpecOfManyDecidesAsTheReference(ending: String?) throws {
        for count in [0, 1, 2, 3, 5, 8] {
            let bytes = Self.trace((0..<count).map(String.init), ending: ending)
            try ScannedCheckTests.expectSameResults(Self.spec, on: bytes)
            try ScannedCheckTests.expectSameResults(Self.spec.reversed(), on: bytes)
        }
    }

    @Test func aWindowSharedWithThePassEndsWhereItsOwnWould() throws {
        let queries = [
            "finished within 2500ns", "count within 2500ns", "finished within 1h", "not finished within 1us",
        ]
        let ended = try Self.results(queries, on: Self.trace(["1", "2", "3", "4"]))
        #expect(ended[0].hasPrefix("fail "), "\(ended[0])")
        #expect(ended[1] == "pass 3")
        #expect(ended[2] == "pass -")
        #expect(ended[3] == "pass -")
        // The same after `next`, which moves the windows' start to its element's time.
        let moved = try Self.results(["next"] + queries, on: Self.trace(["1", "2", "3", "4"]))
        #expect(moved[2] == "pass 3")
    }
}
