import Foundation
import StreamTrace
import Testing

/// Writes a trace of `events` (JSON objects after the header) to `path`.
private func writeTrace(_ events: [String], to path: String) throws {
    let header = #"{"streamtrace":1,"stream":"search","clock":"virtual"}"#
    try ([header] + events).map { $0 + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
}

/// A finished trace of `values`, one a millisecond.
private func events(_ values: [String]) -> [String] {
    [#"{"t":0,"event":"subscribe"}"#]
        + values.enumerated().map { #"{"t":\#(($0.offset + 1) * 1_000_000),"event":"value","value":\#($0.element)}"# }
        + [#"{"t":\#((values.count + 1) * 1_000_000),"event":"finished"}"#]
}

/// The examples of the doc comments about traces (writing, reading,
/// checking, comparing, showing), as written, in a temporary directory
/// where they name relative paths, with what their comments promise.
@Suite struct DocumentationTraceTests {
    /// FileTraceSink.swift, then TraceReader.swift and Trace.swift on the file it writes.
    @Test func aFileSinkWritesATraceThatReadsBackEventByEventOrWhole() throws {
        let printed = try inDirectory(try temporaryDirectory()) {
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            let sink = try FileTraceSink(path: "search.trace.jsonl")
            let recorder = Recorder<String, Never>(name: "search", sink: sink)
            recorder.receive("swift")
            recorder.receive(completion: .finished)  // the terminal event flushes the sink

            let reader = try TraceReader(path: "search.trace.jsonl")
            while let event = try reader.next() {
                print(event.nanoseconds, event.event.kind)
            }
            print(reader.status)  // finished, failed, cancelled, open or truncated

            let trace = try Trace(contentsOf: "search.trace.jsonl")
            let status = trace.status  // .finished
            let elements = trace.elements  // [JSONValue]
            #expect(status == .finished)
            #expect(elements == ["swift"])
            #expect(trace.header.stream == "search")
            return printed
        }
        #expect(printed.map { $0.split(separator: " ").last } == ["value", "finished", "finished"])
    }

    /// TraceSink.swift.
    @Test func aMemorySinkKeepsTheHeaderAndEachEventAsLines() {
        let sink = MemoryTraceSink()
        let recorder = Recorder<Int, Never>(sink: sink)
        recorder.receive(1)
        let text = sink.text  // the header line, then {"t":…,"event":"value","value":1}
        #expect(sink.lines.count == 2)
        #expect(text.hasPrefix(#"{"streamtrace":1"#))
        #expect(sink.lines[1].contains(#""event":"value","value":1"#))
    }

    /// TraceWriter.swift.
    @Test func aTraceWriterWritesEventsWithoutKeepingThem() throws {
        let directory = try temporaryDirectory()
        try inDirectory(directory) {
            let writer = TraceWriter<Int, Never>(name: "ticks", sink: try FileTraceSink(path: "ticks.jsonl"))
            writer.write(.subscribe)
            writer.write(.value(1))
            writer.write(.finished)
        }
        let trace = try Trace(contentsOf: directory + "/ticks.jsonl")
        #expect(trace.header.stream == "ticks")
        #expect(trace.events.map(\.event.kind) == [.subscribe, .value, .finished])
        #expect(trace.elements == [1])
    }

    /// TraceLineEncoder.swift.
    @Test func theLineEncoderWritesOneEventAsOneJSONObject() {
        let encoder = TraceLineEncoder<Int, Never>()
        var line = JSONOutput()
        encoder.encode(RecordedEvent(nanoseconds: 1200, event: .value(42)), into: &line)
        let text = line.string  // {"t":1200,"event":"value","value":42}
        #expect(text == #"{"t":1200,"event":"value","value":42}"#)
    }

    /// TraceChecker.swift.
    @Test func theCheckerRunsQueriesInOrderOverATrace() throws {
        let failures = try inDirectory(try temporaryDirectory()) {
            try writeTrace(events(["1"]), to: "run.jsonl")

            let checker = TraceChecker(queries: [try Query("next == 1"), try Query("finished")])
            let report = try checker.evaluations(of: TraceReader(path: "run.jsonl"))
            let failures = report.results.count { $0.status == .fail }  // 0
            #expect(report.results.count == 2)
            return failures
        }
        #expect(failures == 0)
    }

    /// TraceComparison.swift.
    @Test func aComparisonReportsTheFirstEventThatDiffers() throws {
        let (matches, report) = try inDirectory(try temporaryDirectory()) {
            try writeTrace(events(["1", "2"]), to: "golden.jsonl")
            try writeTrace(events(["1", "3"]), to: "run.jsonl")

            let comparison = try TraceComparison(
                expected: TraceReader(path: "golden.jsonl"), actual: TraceReader(path: "run.jsonl"), time: .ignored)
            let matches = comparison.matches  // false
            let report = comparison.report  // event 3: values differ …
            return (matches, report)
        }
        #expect(!matches)
        #expect(report.contains("event 3: values differ"))
    }

    /// GoldenTrace.swift: times ignored, the golden trace written at other times matches.
    @Test func aGoldenTraceComparedWithoutTimesMatches() throws {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(name: "search", clock: clock)
        recorder.receiveSubscription()
        clock.advance(by: .milliseconds(5))
        recorder.receive("1")
        recorder.receive(completion: .finished)
        try inDirectory(try temporaryDirectory()) {
            try FileManager.default.createDirectory(atPath: "Tests/Traces", withIntermediateDirectories: true)
            try writeTrace(events(["\"1\""]), to: "Tests/Traces/search.jsonl")

            let golden = GoldenTrace(path: "Tests/Traces/search.jsonl", time: .ignored)
            try golden.verify(recorder.traceText)  // .matched, or throws with the diff
            #expect(try golden.verify(recorder.traceText, record: false) == .matched)
            #expect(throws: GoldenTraceError.self) {
                try GoldenTrace(path: golden.path).verify(recorder.traceText, record: false)
            }
        }
    }

    /// TraceTimeline.swift.
    @Test func aTraceTimelineLaysATraceOutForAPerson() throws {
        let lines = try inDirectory(try temporaryDirectory()) {
            try writeTrace(events(["1", "2"]), to: "run.jsonl")
            let summary = try TraceSummary(reading: TraceReader(path: "run.jsonl"))
            let timeline = TraceTimeline(summary: summary, width: 80)
            let lines = timeline.summaryLines  // ["stream:    search", "clock:     virtual", …]
            return lines
        }
        #expect(Array(lines.prefix(2)) == ["stream:    search", "clock:     virtual"])
    }

    /// TraceScan.swift.
    @Test func aScanReadsAWholeTraceAndFeedsItsConsumer() throws {
        let printed = try inDirectory(try temporaryDirectory()) {
            try writeTrace(events(["1", "2"]), to: "big.jsonl")
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            let scan = try TraceScan.summary(path: "big.jsonl")
            print(scan.status, scan.consumer.elementCount)
            return printed
        }
        #expect(printed == ["finished 2"])
    }

    /// TraceSummary.swift.
    @Test func aTraceSummaryCountsWithoutKeepingEvents() throws {
        let (count, status) = try inDirectory(try temporaryDirectory()) {
            try writeTrace(events(["1", "2"]), to: "run.jsonl")
            let summary = try TraceSummary(reading: TraceReader(path: "run.jsonl"))
            let count = summary.elementCount  // 2
            let status = summary.status  // .finished
            return (count, status)
        }
        #expect(count == 2)
        #expect(status == .finished)
    }

    /// Query.swift.
    @Test func aQueryNamesItsExpectationAndItsWindow() throws {
        let query = try Query("next 2 within 500ms == [1, 2]")
        let name = query.expectationName  // "next 2"
        let within = query.within  // .milliseconds(500)
        #expect(name == "next 2")
        #expect(within == .milliseconds(500))
    }
}
