import Foundation
import StreamTrace
import Testing

/// `TraceMerge`: a folder's traces in one order, a group's by its numbers at one time, and the numbers checked.
@Suite struct TraceMergeTests {
    /// Writes `files` (name → text) into a new folder; their readers, in name order.
    func readers(_ files: [String: String], in folder: String? = nil) throws -> [TraceReader] {
        let folder = try folder ?? temporaryDirectory()
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return try files.keys.sorted().map { name throws(TraceReadError) in try TraceReader(path: folder + "/" + name) }
    }

    func merged(_ readers: [TraceReader]) throws -> [String] {
        let merge = try TraceMerge(readers: readers, alignment: TraceAlignment(headers: readers.map(\.header)))
        var order: [String] = []
        while let (lane, time, event) = try merge.next() {
            order.append("\(readers[lane].header.stream ?? "?")@\(time):\(event.event.kind)")
        }
        return order
    }

    @Test func aGroupsEventsAtOneTimeComeInTheirNumbersOrderWhateverThePathOrder() async throws {
        let folder = try temporaryDirectory() + "/search"
        let clock = TestClock()
        let traces = try TraceDirectory(path: folder, clock: clock)
        let (zeta, alpha, mid) = (
            try traces.recorder(named: "zeta", of: Int.self), try traces.recorder(named: "alpha", of: Int.self),
            try traces.recorder(named: "mid", of: Int.self)
        )
        zeta.receive(1)
        mid.receive(2)
        alpha.receive(3)
        await clock.advance(by: .milliseconds(1))
        alpha.receive(completion: .finished)
        zeta.receive(completion: .finished)
        mid.receive(completion: .finished)
        let paths = ["alpha", "mid", "zeta"].map { folder + "/\($0).jsonl" }
        let readers = try paths.map { path throws(TraceReadError) in try TraceReader(path: path) }
        #expect(
            try merged(readers) == [
                "zeta@0:value", "mid@0:value", "alpha@0:value", "alpha@1000000:finished", "zeta@1000000:finished",
                "mid@1000000:finished",
            ])
    }

    @Test func tracesWithoutAGroupKeepTheirOrderAtOneTimeByPathThenLine() throws {
        let readers = try readers([
            "a.jsonl": "{\"streamtrace\":1,\"stream\":\"a\",\"at\":0}\n{\"t\":5,\"event\":\"value\",\"value\":1}\n",
            "b.jsonl": "{\"streamtrace\":1,\"stream\":\"b\",\"at\":0}\n{\"t\":0,\"event\":\"value\",\"value\":1}\n"
                + "{\"t\":5,\"event\":\"finished\"}\n",
        ])
        #expect(try merged(readers) == ["b@0:value", "a@5:value", "b@5:finished"])
    }

    /// The merge's error, with the folder's path left out.
    func mergeError(_ files: [String: String]) throws -> String {
        let folder = try temporaryDirectory()
        do {
            _ = try merged(try readers(files, in: folder))
            return "no error"
        } catch let error as TraceReadError {
            #expect(error.kind == .invalidEvent)
            return error.description.replacingOccurrences(of: folder + "/", with: "")
        }
    }

    static let header = "{\"streamtrace\":1,\"group\":\"g\",\"at\":0}\n"

    @Test func aNumberUsedTwiceInAGroupIsAnError() throws {
        #expect(
            try mergeError([
                "a.jsonl": Self.header + "{\"t\":0,\"seq\":0,\"event\":\"value\",\"value\":1}\n",
                "b.jsonl": Self.header + "{\"t\":0,\"seq\":0,\"event\":\"value\",\"value\":2}\n",
            ]) == "b.jsonl:2:1: \"seq\" 0 repeats the number of a.jsonl:2: each event of a group has its own")
    }

    @Test func aHigherNumberAtAnEarlierTimeIsAnError() throws {
        let message = try mergeError([
            "a.jsonl": Self.header + "{\"t\":0,\"seq\":5,\"event\":\"value\",\"value\":1}\n",
            "b.jsonl": Self.header + "{\"t\":3000,\"seq\":2,\"event\":\"value\",\"value\":2}\n",
        ])
        #expect(
            message
                == "b.jsonl:2:1: \"seq\" 2 at t=+3us contradicts the time: a.jsonl:2 has \"seq\" 5, a higher number, at t=+0ns, before it"
        )
    }

    @Test func aNumberThatGoesDownAlongATraceIsAnError() throws {
        #expect(
            try mergeError([
                "a.jsonl": Self.header + "{\"t\":0,\"seq\":5,\"event\":\"value\",\"value\":1}\n"
                    + "{\"t\":0,\"seq\":4,\"event\":\"finished\"}\n"
            ]) == "a.jsonl:3:1: \"seq\" 4 after 5 on line 2: a trace's numbers increase")
    }

    @Test func aGroupsEventWithoutANumberIsAnError() throws {
        #expect(
            try mergeError([
                "a.jsonl": Self.header + "{\"t\":0,\"event\":\"value\",\"value\":1}\n"
            ]) == "a.jsonl:2:1: missing \"seq\": every event of a trace of the group \"g\" needs its number")
    }
}
