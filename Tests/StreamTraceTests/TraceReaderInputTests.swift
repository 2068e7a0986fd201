import Foundation
import StreamTrace
import Testing

/// The reader's inputs and limits: files, handles, missing paths, lines
/// and nesting past the limits, and a long trace read one event at a time.
@Suite struct TraceReaderInputTests {
    @Test func linesLongerThanTheLimitAreRejectedWithoutReadingThemWhole() throws {
        let path = temporaryPath("long.jsonl")
        let long =
            "{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":\"" + String(repeating: "x", count: 300_000)
            + "\"}\n"
        try long.write(toFile: path, atomically: true, encoding: .utf8)
        let options = TraceReaderOptions(maximumLineLength: 100_000, chunkSize: 4096)
        #expect(
            throws: TraceReadError(
                kind: .lineTooLong, file: path, line: 2, column: 1, message: "line is longer than the limit of 100000 B"
            )
        ) {
            try Trace(contentsOf: path, options: options)
        }
        // The same line within the limit reads, across many small chunks.
        let trace = try Trace(contentsOf: path, options: TraceReaderOptions(chunkSize: 4096))
        #expect(trace.elements == [.string(String(repeating: "x", count: 300_000))])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = #expect(throws: TraceReadError.self) {
            try Trace(text: "{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":\(deep)}\n", name: "t.jsonl")
        }
        #expect(error?.description == "t.jsonl:2:543: nesting is deeper than the limit of 512 levels")
    }

    @Test func missingFilesAndDirectoriesAreUnreadable() {
        #expect(
            throws: TraceReadError(
                kind: .unreadable, file: "/nonexistent/x.jsonl", line: 0, column: 0,
                message: "cannot open: no such file")
        ) {
            try Trace(contentsOf: "/nonexistent/x.jsonl")
        }
        #expect(
            throws: TraceReadError(
                kind: .unreadable, file: "/tmp", line: 0, column: 0, message: "cannot read: is a directory")
        ) {
            try Trace(contentsOf: "/tmp")
        }
        #expect(
            TraceReadError(kind: .unreadable, file: "/tmp", line: 0, column: 0, message: "cannot read: is a directory")
                .description == "/tmp: cannot read: is a directory")
    }

    @Test func readsFromAFileHandle() throws {
        let path = temporaryPath("handle.jsonl")
        try "{\"streamtrace\":1}\n{\"t\":3,\"event\":\"cancel\"}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let reader = try TraceReader(closingFileDescriptor: dup(handle.fileDescriptor), name: "handle")
        #expect(try reader.next()?.event == .cancel)
        #expect(try reader.next() == nil)
        #expect(reader.status == .cancelled)
    }

    @Test func theReaderStreamsOneEventAtATime() throws {
        var text = "{\"streamtrace\":1}\n"
        for i in 0..<10_000 { text += "{\"t\":\(i),\"event\":\"value\",\"value\":\(i)}\n" }
        text += "{\"t\":10000,\"event\":\"finished\"}\n"
        let reader = try TraceReader(bytes: Array(text.utf8), name: "m")
        var sum = 0
        while let event = try reader.next() {
            if case .value(.number(let n)) = event.event { sum += Int(n.int64Value ?? 0) }
        }
        #expect(sum == (0..<10_000).reduce(0, +))
        #expect(reader.eventCount == 10_001)
        #expect(reader.status == .finished)
        #expect(try reader.next() == nil)
    }
}
