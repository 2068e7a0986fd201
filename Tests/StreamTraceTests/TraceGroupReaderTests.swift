import Foundation
import StreamTrace
import Testing

/// `TraceGroupReader` and `TraceChecker.evaluations(ofGroup:named:)`: a folder's traces as one group's trace for the one
/// check engine, the merged cursor and a cursor per named stream, locations in the member files.
@Suite struct TraceGroupReaderTests {
    /// The checkout folder's members, in path order.
    func checkoutFiles() async throws -> (folder: String, files: [String]) {
        let folder = try temporaryDirectory() + "/checkout"
        try await CheckoutGroupFolder.record(at: folder)
        return (folder, ["query", "requests", "results"].map { folder + "/\($0).jsonl" })
    }

    /// Each element as `kind t line file value`.
    func elements(of group: TraceGroupReader) throws -> [String] {
        var elements: [String] = []
        while let event = try group.nextScanEvent() {
            let file = group.file(ofElement: event.index).map { String($0.split(separator: "/").last!) } ?? "-"
            let value = event.valueBytes.map { String(decoding: $0, as: UTF8.self) } ?? "-"
            elements.append("\(event.kind) \(event.nanoseconds) \(event.line) \(file) \(value)")
        }
        return elements
    }

    @Test func theElementsAreTheMembersValuesAndEndsAsGroupEventsInTheGroupsOrderThenFinished() async throws {
        let (_, files) = try await checkoutFiles()
        let group = try TraceGroupReader(paths: files)
        #expect(group.streams == ["query", "requests", "results"])
        #expect(
            try elements(of: group) == [
                "value 0 2 query.jsonl \(CheckoutGroupFolder.elements[0])",
                "value 0 2 requests.jsonl \(CheckoutGroupFolder.elements[1])",
                "value 2000000 3 query.jsonl \(CheckoutGroupFolder.elements[2])",
                "value 2000000 2 results.jsonl \(CheckoutGroupFolder.elements[3])",
                "value 2000000 3 requests.jsonl \(CheckoutGroupFolder.elements[4])",
                "value 4000000 3 results.jsonl \(CheckoutGroupFolder.elements[5])",
                "value 4000000 4 query.jsonl \(CheckoutGroupFolder.elements[6])",
                "value 4000000 4 requests.jsonl \(CheckoutGroupFolder.elements[7])",
                "value 4000000 4 results.jsonl \(CheckoutGroupFolder.elements[8])",
                "finished 4000000 4 results.jsonl -",
            ])
        #expect(group.status == .finished)
    }

    @Test func aGroupWithAMemberThatDidNotEndIsOpenAndFailuresAreElementsWithTheirError() throws {
        let folder = try temporaryDirectory()
        let header = "{\"streamtrace\":1,\"at\":0}\n"
        try (header + "{\"t\":0,\"event\":\"subscribe\"}\n{\"t\":5,\"event\":\"value\",\"value\":[1, 2]}\n")
            .write(toFile: folder + "/a.jsonl", atomically: true, encoding: .utf8)
        try (header + "{\"t\":5,\"event\":\"failure\",\"error\":{\"type\":\"E\",\"message\":\"m\"}}\n")
            .write(toFile: folder + "/b.jsonl", atomically: true, encoding: .utf8)
        let group = try TraceGroupReader(paths: [folder + "/a.jsonl", folder + "/b.jsonl"])
        #expect(
            try elements(of: group) == [
                #"value 5 3 a.jsonl {"stream":"a","event":"value","value":[1,2]}"#,
                #"value 5 2 b.jsonl {"stream":"b","event":"failure","error":{"type":"E","message":"m"}}"#,
            ])
        #expect(group.status == .open)
    }

    @Test func aRepeatedNumberIsTheGroupsReadErrorAtTheMembersLine() throws {
        let folder = try temporaryDirectory()
        let header = "{\"streamtrace\":1,\"group\":\"g\",\"at\":0}\n"
        for name in ["a", "b"] {
            try (header + "{\"t\":0,\"seq\":0,\"event\":\"value\",\"value\":1}\n")
                .write(toFile: folder + "/\(name).jsonl", atomically: true, encoding: .utf8)
        }
        let checker = TraceChecker(queries: [try Query("count")])
        #expect(throws: TraceReadError.self) {
            _ = try checker.evaluations(ofGroup: [folder + "/a.jsonl", folder + "/b.jsonl"], named: folder)
        }
        do {
            _ = try checker.evaluations(ofGroup: [folder + "/a.jsonl", folder + "/b.jsonl"], named: folder)
        } catch {
            #expect(
                error.description
                    == "\(folder)/b.jsonl:2:1: \"seq\" 0 repeats the number of \(folder)/a.jsonl:2: each event of a "
                    + "group has its own")
        }
    }

    @Test func queriesShareTheMergedCursorAndAFailureNamesTheMemberFileAndLine() async throws {
        let (folder, files) = try await checkoutFiles()
        let queries = try ["next", "next where contains {\"stream\":\"results\"}", "next == 3", "count"].map(Query.init)
        let evaluations = try TraceChecker(queries: queries).evaluations(ofGroup: files, named: folder)
        #expect(evaluations.results.map(\.status) == [.pass, .pass, .fail, .pass])
        #expect(evaluations.results[1].output?.text == CheckoutGroupFolder.elements[3])
        #expect(evaluations.results[1].file == folder + "/results.jsonl")
        #expect(evaluations.results[1].location?.line == 2)
        #expect(
            evaluations.results[2].failure?.summary
                == "expected == 3, got \(CheckoutGroupFolder.elements[4]) (\(folder)/requests.jsonl:3, t=+2ms)")
        #expect(evaluations.results[3].output?.text == "9")
        #expect(evaluations.status == .finished)
    }

    @Test func queriesNamingAStreamReadThatMemberAloneWithACursorOfItsOwn() async throws {
        let (folder, files) = try await checkoutFiles()
        let queries = try [
            "results: next == \"x\"", "next", "\"query\": next == \"s\"", "results: next == \"x\"",
            "query.jsonl: count",
        ].map(Query.init)
        let evaluations = try TraceChecker(queries: queries).evaluations(ofGroup: files, named: folder)
        #expect(evaluations.results.map(\.status) == [.pass, .pass, .pass, .fail, .pass])
        #expect(evaluations.results[1].output?.text == CheckoutGroupFolder.elements[0])
        #expect(
            evaluations.results[3].failure?.summary
                == "expected == \"x\", got \"y\" (\(folder)/results.jsonl:3, t=+4ms)")
        #expect(evaluations.results[4].output?.text == "2")
    }

    @Test func aQueryNamesItsStreamBeforeAColonAsAWordOrAJSONString() throws {
        #expect(try Query("results: next == \"x\"").stream == "results")
        #expect(try Query("results:next").expectationName == "next")
        #expect(try Query("\"my stream\": count").stream == "my stream")
        #expect(try Query("search-1.jsonl: finished").stream == "search-1.jsonl")
        #expect(try Query("next == \"a:b\"").stream == nil)
        #expect(throws: QueryParseError.self) { try Query("results:") }
    }
}
