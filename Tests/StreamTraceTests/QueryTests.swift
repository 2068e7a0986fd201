import Testing

@testable import StreamTrace

@Suite struct QueryTests {
    @Test func parsesEveryPartOfTheGrammar() throws {
        let query = try Query("not prefix 3 within 1.5s == [1, 2]")
        #expect(query.isInverted)
        #expect(query.expectationName == "prefix 3")
        #expect(query.within == .milliseconds(1500))
        #expect(query.matcher == .equal([1, 2]))
        #expect(try Query("availableElements").expectationName == "availableElements")
        #expect(try Query("next").expectationName == "next")
        #expect(try Query("next 0").expectationName == "next 0")
        #expect(try Query("next within 250us").within == .microseconds(250))
        #expect(try Query("count >= 2.5").matcher == .greaterOrEqual(JSONNumber(parsing: "2.5")!))
        #expect(try Query(#"failure contains {"type": "URLError"}"#).matcher == .contains(["type": "URLError"]))
        #expect(try Query("finished within 2m").within == .seconds(120))
        #expect(try Query("last != null").matcher == .notEqual(nil))
        let search = try Query(#"not next within 2s where contains {"state": "loaded"}"#)
        #expect(
            search.expectationName == "next" && search.isInverted && search.within == .seconds(2)
                && search.matcher == nil)
        #expect(try Query("next where > 3").matcher == nil)
    }

    /// Beyond the spec's units, `h` (issue 23's spec writes
    /// `finished within 1h`), read exactly as the others are.
    @Test func acceptsHoursAsADurationUnit() throws {
        #expect(try Query("finished within 1h").within == .seconds(3600))
        #expect(try Query("finished within 1.5h").within == .seconds(5400))
        #expect(try Query("next within 0.000001h").within == .microseconds(3600))
        #expect(throws: QueryParseError.self) { try Query("finished within 1hh") }
    }

    @Test(arguments: [
        ("", 1, "empty query: expected an expectation such as single, elements or next"),
        ("prefix", 7, "expected a whole number after 'prefix'"),
        ("prefix -1", 8, "expected a whole number after 'prefix', found '-1'"),
        ("next 1.5", 6, "expected a whole number after 'next', found '1.5'"),
        (
            "not", 4,
            "expected contains where MATCHER, finished, next, next where MATCHER, order STREAM [MATCHER] before STREAM [MATCHER] or prefix N after 'not'"
        ),
        (
            "not next 2", 1,
            "'not' inverts contains where MATCHER, finished, next, next where MATCHER, order STREAM [MATCHER] before STREAM [MATCHER] and prefix N only, not next 2"
        ),
        ("finished within", 16, "expected a duration after 'within', like 250ms or 1.5s"),
        (
            "finished within 5", 17,
            "expected a duration after 'within', like 250ms or 1.5s (units: ns, us, ms, s, m, h), found '5'"
        ),
        ("count ==", 9, "expected a JSON value after '=='"),
        ("count == [1,]", 13, "invalid JSON after '==': expected a JSON value, found ']'"),
        ("single > 1", 8, "'>' compares numbers and applies to count only"),
        ("count > \"3\"", 9, "expected a number after '>', found string"),
        ("finished please", 10, "unexpected 'please'; expected 'within' or a matcher (==, !=, contains, <, <=, >, >=)"),
        ("finished within 1s now", 20, "unexpected 'now'; expected a matcher (==, !=, contains, <, <=, >, >=)"),
    ])
    func errorsNameTheColumnOfTheProblem(text: String, column: Int, message: String) {
        #expect(throws: QueryParseError(query: text, column: column, message: message)) { try Query(text) }
    }

    @Test func theErrorPointsAtTheProblemWithACaret() {
        let error = QueryParseError(query: "prefix x", column: 8, message: "expected a whole number after 'prefix'")
        #expect(error.pointer == "prefix x\n       ^ expected a whole number after 'prefix'")
        #expect(error.description == "column 8: expected a whole number after 'prefix'")
    }

    @Test func matchersCompareNumbersExactly() throws {
        #expect(
            QueryMatcher.less(JSONNumber(parsing: "1e30")!).matches(
                .number(JSONNumber(parsing: "999999999999999999999999999999")!)))
        #expect(!QueryMatcher.greater(JSONNumber(-1)).matches(.number(JSONNumber(parsing: "-1.0")!)))
        #expect(QueryMatcher.greaterOrEqual(JSONNumber(-1)).matches(.number(JSONNumber(parsing: "-1.0")!)))
        #expect(!QueryMatcher.less(JSONNumber(3)).matches("2"))
    }

    @Test func hugeCountsAreValidQueriesNotOverflows() throws {
        let text = "{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":1}\n"
        let queries = try ["next 9223372036854775807", "prefix 9223372036854775807", "prefix 9223372036854775807"].map {
            try Query($0)
        }
        let report = try TraceChecker(queries: queries).evaluations(of: TraceReader(bytes: Array(text.utf8)))
        #expect(report.results.map(\.status) == [.fail, .fail, .fail])
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        _ = try recorder.next().get()
        #expect(throws: RecordingError.self) { try recorder.next(Int.max).wait(timeout: .milliseconds(1)) }
        #expect(throws: RecordingError.self) { try recorder.finished.wait(timeout: .seconds(-1)) }
    }

    @Test func theCheckerAnswersStreamingQueriesInOnePass() throws {
        var text = "{\"streamtrace\":1}\n"
        for i in 0..<1000 { text += "{\"t\":\(i),\"event\":\"value\",\"value\":\(i)}\n" }
        text += "{\"t\":1000,\"event\":\"finished\"}\n"
        let queries = try ["next", "prefix 2", "count", "last", "single", "finished"].map { try Query($0) }
        let report = try TraceChecker(queries: queries).evaluations(of: TraceReader(bytes: Array(text.utf8)))
        #expect(report.results.map(\.status) == [.pass, .pass, .pass, .pass, .fail, .pass])
        #expect(report.results.map { $0.output?.text } == ["0", "[0,1]", "1000", "999", nil, nil])
        #expect(
            report.results[4].summary
                == "expected exactly one element, got 1000 (line 1002, t=+1us); recent: …---a---b---c---d---e---|  a = 995, b = 996, c = 997, d = 998, e = 999"
        )
    }
}
