import Foundation
import StreamTrace
import Testing

/// The examples of the doc comments, run as written.
@Suite struct DocumentationTests {
    @Test func recorderExample() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        #expect(try recorder.next().get() == "foo")
        recorder.receive(completion: .finished)
        try recorder.finished.wait(timeout: 1)
    }

    @Test func recorderExpectationExample() async throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        let first = try recorder.next().get()
        #expect(first == 1)
        let done: Void = try await recorder.finished.inverted.value(timeout: .milliseconds(10))
        #expect(done == ())
    }

    @Test func recordingErrorExample() {
        let recorder = Recorder<String, Never>()
        recorder.receive("a")
        recorder.receive("b")
        recorder.receive(completion: .finished)
        do {
            _ = try recorder.single.get()
            Issue.record("single should fail")
        } catch {
            #expect(error.description.hasPrefix("single: expected exactly one element, got 2 (event 3, t=+"))
        }
    }

    @Test func asyncSequenceRecordExample() async throws {
        let numbers = AsyncStream<Int> { continuation in
            for i in 1...3 { continuation.yield(i) }
            continuation.finish()
        }
        let recorder = numbers.record()
        let elements = try await recorder.elements.value(timeout: 30)
        #expect(elements == [1, 2, 3])
    }

    @Test func traceSinkExample() {
        let sink = MemoryTraceSink()
        let recorder = Recorder<Int, Never>(sink: sink)
        recorder.receive(1)
        #expect(sink.lines.count == 2)
    }

    @Test func fileSinkAndReaderExamples() throws {
        let path = temporaryPath("search.trace.jsonl")
        let sink = try FileTraceSink(path: path)
        let recorder = Recorder<String, Never>(name: "search", sink: sink)
        recorder.receive("swift")
        recorder.receive(completion: .finished)

        let reader = try TraceReader(path: path)
        var kinds: [EventKind] = []
        while let event = try reader.next() { kinds.append(event.event.kind) }
        #expect(kinds == [.value, .finished])
        #expect(reader.status == .finished)

        let trace = try Trace(contentsOf: path)
        #expect(trace.status == .finished)
        #expect(trace.elements == ["swift"])
    }

    @Test func lineEncoderExample() {
        let encoder = TraceLineEncoder<Int, Never>()
        var line = JSONOutput()
        encoder.encode(RecordedEvent(nanoseconds: 1200, event: .value(42)), into: &line)
        #expect(line.string == #"{"t":1200,"event":"value","value":42}"#)
    }

    @Test func jsonExamples() throws {
        #expect(JSONNumber(parsing: "1.0") == JSONNumber(1))
        let a: JSONValue = ["id": 1, "tags": ["x"]]
        let b = try JSONValue(parsing: #"{"tags":["x"],"id":1.0}"#)
        #expect(a == b)
    }
}
