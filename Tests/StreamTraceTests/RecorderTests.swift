import Foundation
import StreamTrace
import Testing

@Suite struct RecorderTests {
    @Test func eventsAreStampedByTheInjectedClock() {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(clock: clock)
        recorder.receiveSubscription()
        clock.advance(by: .milliseconds(2))
        recorder.receive("a")
        clock.advance(by: .microseconds(1500))
        recorder.receive(completion: .finished)
        #expect(
            recorder.events == [
                RecordedEvent(nanoseconds: 0, event: .subscribe),
                RecordedEvent(nanoseconds: 2_000_000, event: .value("a")),
                RecordedEvent(nanoseconds: 3_500_000, event: .finished),
            ])
        #expect(recorder.events[2].time == .microseconds(3500))
    }

    @Test func failureMessagesSayExpectedActualAndTheDecidingEvent() throws {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(clock: clock)
        recorder.receive("a")
        clock.advance(by: .microseconds(2100))
        recorder.receive("b")
        clock.advance(by: .milliseconds(1))
        recorder.receive("c")
        recorder.receive(completion: .finished)
        let single = try #require(throws: RecordingError.self) { try recorder.single.get() }
        #expect(
            single.description
                == "single: expected exactly one element, got 3 (event 4, t=+3.1ms); recent: a---b--(c|)  a = \"a\", b = \"b\", c = \"c\""
        )
        let next = try #require(throws: RecordingError.self) { try recorder.next(4).get() }
        #expect(
            next.description
                == "next(4): expected 4 more elements, got 3 before the stream finished (event 4, t=+3.1ms); recent: a---b--(c|)  a = \"a\", b = \"b\", c = \"c\""
        )
        let failure = try #require(throws: RecordingError.self) { try recorder.failure.get() }
        #expect(
            failure.description
                == "failure: expected the stream to fail, but it finished (event 4, t=+3.1ms); recent: a---b--(c|)  a = \"a\", b = \"b\", c = \"c\""
        )
        let inverted = try #require(throws: RecordingError.self) { try recorder.prefix(2).inverted.get() }
        #expect(
            inverted.description
                == "prefix(2).inverted: expected fewer than 2 elements, but got 2 (event 2, t=+2.1ms); recent: a---b--(c|)  a = \"a\", b = \"b\", c = \"c\""
        )
    }

    @Test func notCompletedNamesTheLastEvent() throws {
        let clock = ManualClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        clock.advance(by: .seconds(1.8))
        recorder.receive(1)
        let now = try #require(throws: RecordingError.self) { try recorder.elements.get() }
        #expect(
            now.description == "elements: not completed: last event is value (event 1, t=+1.8s); recent: ---a-  a = 1")
        let waited = try #require(throws: RecordingError.self) { try recorder.elements.wait(timeout: .milliseconds(5)) }
        #expect(
            waited.description
                == "elements: not completed within 5ms: last event is value (event 1, t=+1.8s); recent: ---a-  a = 1")
    }

    @Test func aStreamFailureNamesTheErrorTypeAndDescription() throws {
        let recorder = Recorder<Int, Boom>(clock: ManualClock())
        recorder.receive(completion: .failure(Boom()))
        #expect(throws: Boom.self) { try recorder.last.get() }
        let error = try #require(recorder.last.result().failure)
        #expect(
            error.description
                == #"last: expected the stream to finish, but the stream failed with Boom: boom: the "engine" stalled (event 1, t=+0ns); recent: #"#
        )
        #expect(error.streamError == StreamError(Boom()))
        #expect(try recorder.failure.get().description == Boom().description)
        #expect(try recorder.recording.get().completion.error != nil)
    }

    @Test func elementCountAndAvailableElementsNeverFailOnTimeout() throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(2)
        #expect(try recorder.elementCount.wait(timeout: .milliseconds(5)) == 2)
        #expect(try recorder.availableElements.get() == [1, 2])
    }

    @Test func nextConsumesAndPrefixAndAvailableMoveTheCursor() throws {
        let recorder = Recorder<Int, Never>()
        for i in 1...5 { recorder.receive(i) }
        #expect(try recorder.next().get() == 1)
        #expect(try recorder.prefix(3).get() == [1, 2, 3])
        #expect(recorder.consumedCount == 3)
        #expect(try recorder.next(0).get() == [])
        #expect(try recorder.next().get() == 4)
        #expect(try recorder.prefix(2).get() == [1, 2])
        #expect(recorder.consumedCount == 4)
        #expect(try recorder.availableElements.get() == [1, 2, 3, 4, 5])
        #expect(throws: RecordingError.self) { try recorder.next().get() }
    }

    @Test func eventsAfterCompletionAreReportedAndFailEveryExpectation() throws {
        let recorder = Recorder<String, Never>(clock: ManualClock())
        recorder.receive("a")
        recorder.receive(completion: .finished)
        recorder.receive("late")
        recorder.receive(completion: .finished)
        #expect(recorder.events.count == 2)
        #expect(
            recorder.diagnostics.map(\.description) == [
                "value event after the stream finished (t=+0ns)", "finished event after the stream finished (t=+0ns)",
            ])
        let error = try #require(throws: RecordingError.self) { try recorder.elements.get() }
        #expect(error.reason == .misbehaved)
        #expect(
            error.description
                == #"elements: the stream misbehaved: value event after it finished (event 3, t=+0ns); recent: (a|)  a = "a""#
        )
    }

    @Test func cancelEndsTheWindowAndIsRecordedOnce() throws {
        let recorder = Recorder<Int, Never>(clock: ManualClock())
        recorder.receive(1)
        recorder.cancel()
        recorder.cancel()
        recorder.receive(2)
        #expect(recorder.events.map(\.event) == [.value(1), .cancel])
        #expect(
            recorder.diagnostics.map(\.description) == [
                "value event after the subscriber cancelled (t=+0ns), not recorded"
            ])
        let error = try #require(throws: RecordingError.self) { try recorder.finished.wait(timeout: .seconds(5)) }
        #expect(
            error.description
                == "finished: not completed: the subscriber cancelled (event 2, t=+0ns); recent: (a!)  a = 1")
        #expect(try recorder.finished.inverted.wait(timeout: .seconds(5)) == ())
        #expect(try recorder.availableElements.wait(timeout: .seconds(5)) == [1])
    }

    @Test func lateSubscriptionsAndZeroDemandAreDiagnosedNotRecorded() {
        let recorder = Recorder<Int, Never>(clock: ManualClock())
        recorder.receiveSubscription()
        recorder.receiveSubscription()
        recorder.receive(request: .max(0))
        #expect(recorder.events.map(\.event) == [.subscribe])
        #expect(
            recorder.diagnostics.map(\.description) == [
                "subscription after the recording started (t=+0ns), not recorded",
                "request for 0 elements (t=+0ns): demand must be at least 1, not recorded",
            ])
    }

    @Test func aSnapshotHoldsEventsDiagnosticsAndCursorTogether() throws {
        let recorder = Recorder<Int, Never>(clock: ManualClock())
        recorder.receive(1)
        recorder.receive(2)
        _ = try recorder.next().get()
        recorder.receive(completion: .finished)
        recorder.receive(3)
        let snapshot = recorder.snapshot
        #expect(snapshot.elements == [1, 2])
        #expect(snapshot.events.map(\.event.kind) == [.value, .value, .finished])
        #expect(snapshot.consumedCount == 1)
        #expect(snapshot.diagnostics.count == 1)
    }

    @Test func traceTextWritesEverythingRecordedSoFar() throws {
        let recorder = Recorder<Int, Never>(name: "n", clock: ManualClock())
        recorder.receive(7)
        let trace = try Trace(text: recorder.traceText)
        #expect(trace.header.stream == "n")
        #expect(trace.elements == [7])
        #expect(trace.status == .open)
    }
}

@Suite struct FileTraceSinkTests {
    func fileText(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>"
    }

    @Test func buffersUntilTheTerminalEvent() throws {
        let path = temporaryPath("buffered.jsonl")
        let sink = try FileTraceSink(path: path)
        let recorder = Recorder<Int, Never>(clock: ManualClock(), sink: sink)
        recorder.receive(1)
        #expect(fileText(path) == "")
        recorder.receive(completion: .finished)
        #expect(try Trace(contentsOf: path).elements == [1])
        #expect(try Trace(contentsOf: path).status == .finished)
    }

    @Test func flushesOnFlushOnCloseAndOnRelease() throws {
        let path = temporaryPath("flush.jsonl")
        var sink: FileTraceSink? = try FileTraceSink(path: path)
        sink!.write(line: UnsafeRawBufferPointer(start: nil, count: 0), isTerminal: false)
        #expect(fileText(path) == "")
        sink!.flush()
        #expect(fileText(path) == "\n")
        Array("x".utf8).withUnsafeBytes { sink!.write(line: $0, isTerminal: false) }
        sink = nil
        #expect(fileText(path) == "\nx\n")

        let closed = try FileTraceSink(path: path)
        Array("y".utf8).withUnsafeBytes { closed.write(line: $0, isTerminal: false) }
        closed.close()
        Array("z".utf8).withUnsafeBytes { closed.write(line: $0, isTerminal: false) }
        closed.flush()
        #expect(fileText(path) == "y\n")
    }

    @Test func canFlushAfterEveryEvent() throws {
        let path = temporaryPath("every.jsonl")
        let recorder = Recorder<Int, Never>(
            clock: ManualClock(), sink: try FileTraceSink(path: path, flushEveryEvent: true))
        recorder.receive(1)
        #expect(try Trace(contentsOf: path).elements == [1])
    }

    @Test func aSmallBufferNeverSplitsALine() throws {
        let path = temporaryPath("small.jsonl")
        let sink = try FileTraceSink(path: path, bufferSize: 16)
        let recorder = Recorder<String, Never>(clock: ManualClock(), sink: sink)
        for i in 0..<100 { recorder.receive(String(repeating: "v", count: i)) }
        #expect(try Trace(contentsOf: path).elements.count == 100)
    }

    @Test func anUncreatableFileIsATypedError() {
        #expect(throws: FileTraceSink.OpenError(path: "/nonexistent/dir/t.jsonl", reason: "No such file or directory"))
        {
            try FileTraceSink(path: "/nonexistent/dir/t.jsonl")
        }
    }
}
