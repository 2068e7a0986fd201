import Foundation
import StreamTrace
import Testing

/// The examples of the doc comments of the recorder and the expectations,
/// as written (DocumentationExamplesTests checks that they are), with what
/// their comments promise.
@Suite struct DocumentationTests {
    /// Recorder.swift: fed by hand, read with expectations.
    @Test func aRecorderFedByHandIsReadWithExpectations() async throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        let element = try recorder.next().get()  // "foo"
        recorder.receive(completion: .finished)
        try await recorder.finished.value(timeout: .seconds(60))
        #expect(element == "foo")
    }

    /// Recorder.swift: a recorder with a sink writes its trace as it goes.
    @Test func aRecorderWithAFileSinkWritesTheTraceFile() throws {
        let directory = try temporaryDirectory()
        try inDirectory(directory) {
            let recorder = Recorder<Int, Never>(name: "ticks", sink: try FileTraceSink(path: "ticks.jsonl"))
            recorder.receive(1)
            recorder.receive(completion: .finished)
        }
        let trace = try Trace(contentsOf: directory + "/ticks.jsonl")
        #expect(trace.header.stream == "ticks")
        #expect(trace.elements == [1])
        #expect(trace.status == .finished)
    }

    /// InvertibleRecorderExpectation.swift: an inverted expectation passes
    /// while what it inverts has not happened.
    @Test func anInvertedExpectationPassesWhileTheBaseIsNotFulfilled() throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        try recorder.finished.inverted.get()  // not finished yet: passes
        let firstTwo = try recorder.prefix(2).inverted.get()  // [1]: fewer than 2 so far
        #expect(firstTwo == [1])
        recorder.receive(2)
        #expect(throws: RecordingError.self) { try recorder.prefix(2).inverted.get() }
    }

    /// RecordingError.swift: a failure's reason, by its stable name.
    @Test func aFailureIsCaughtByItsReason() throws {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(completion: .finished)
        do {
            _ = try recorder.single.get()
        } catch let error as RecordingError where error.reason == .tooManyElements {
            print(error.message)  // expected exactly one element, got 2
        }
        #expect(printed == ["expected exactly one element, got 2"])
    }

    /// RecordingError+Patterns.swift: CombineExpectations' names as patterns over a thrown error.
    @Test func aReasonIsAPatternOverTheThrownError() throws {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        let recorder = Recorder<Int, Never>()
        recorder.receive(completion: .finished)
        do {
            _ = try recorder.single.get()
        } catch RecordingError.notEnoughElements {
            print("no element")  // the stream finished without one
        }
        #expect(printed == ["no element"])
    }

    /// RecorderExpectation.swift: `result()` holds the report when `get()` throws the stream's own error.
    @Test func resultHoldsTheReportOfAStreamThatFailed() throws {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        let recorder = Recorder<Int, MyError>()
        recorder.receive(completion: .failure(MyError()))
        if case .failure(let error) = recorder.elements.result() {
            print(error.reason)  // streamFailed
            print(error.streamError?.underlying is MyError)  // true
        }
        #expect(printed == ["streamFailed", "true"])
        #expect(throws: MyError()) { try recorder.elements.get() }
    }

    /// RecorderExpectation.swift: read now, or wait.
    @Test func anExpectationIsReadNowOrAwaited() async throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        let first = try recorder.next().get()  // 1
        let done: Void = try await recorder.finished.inverted.value(timeout: .milliseconds(10))
        #expect(first == 1)
        #expect(done == ())
    }

    /// AsyncSequence+Record.swift.
    @Test func aRecordedSequenceHasItsElements() async throws {
        let numbers = AsyncStream<Int> { continuation in
            for i in 1...3 { continuation.yield(i) }
            continuation.finish()
        }
        let recorder = numbers.record()
        let elements = try await recorder.elements.value(timeout: .seconds(60))  // [1, 2, 3]
        #expect(elements == [1, 2, 3])
    }

    /// RecordingError.swift: what a failure prints.
    @Test func aFailurePrintsWhatWasExpectedTheDecidingEventAndTheRecentEvents() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(completion: .finished)
        do { _ = try recorder.single.get() } catch {
            print(error)  // single: expected exactly one element, got 2 (event 3, t=+0ns); recent: (ab|)  a = 1, b = 2
        }
        #expect(
            printed == ["single: expected exactly one element, got 2 (event 3, t=+0ns); recent: (ab|)  a = 1, b = 2"])
    }

    /// A recorder on a manual clock: 1 at 0 s, 2 at 1 s, then finished.
    func oneThenTwoASecondLater() -> Recorder<Int, Never> {
        let clock = ManualClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        recorder.receive(1)
        clock.advance(by: .seconds(1))
        recorder.receive(2)
        recorder.receive(completion: .finished)
        return recorder
    }

    /// ExpectedEvent.swift.
    @Test func anExpectedShapeMatchesElementsCompletionAndTimesGiven() throws {
        let recorder = oneThenTwoASecondLater()
        let shape: [ExpectedEvent<Int, Never>] = [.value(1), .value(2, at: .seconds(1)), .finished]
        try recorder.shape(equal: shape).get()
        #expect(throws: RecordingError.self) { try recorder.shape(equal: [.value(1), .value(2, at: .zero)]).get() }
    }

    /// ShapeEqual.swift.
    @Test func shapeEqualTakesTheExpectedEventsInline() throws {
        let recorder = oneThenTwoASecondLater()
        try recorder.shape(equal: [.value(1), .value(2, at: .seconds(1)), .finished]).get()
    }

    /// A loading screen's states.
    enum ScreenState: Sendable, Equatable {
        case loading
        case loaded(String)
        case error
        var isLoaded: Bool { if case .loaded = self { true } else { false } }
        var isError: Bool { self == .error }
    }

    /// NextWhere.swift.
    @Test func nextWhereFindsTheFirstElementItAcceptsAndItsInvertedFormNone() async throws {
        let recorder = Recorder<ScreenState, Never>()
        recorder.receive(.loading)
        recorder.receive(.loaded("swift"))
        let loaded = try await recorder.next(where: { $0.isLoaded }).value(timeout: .seconds(1))
        try recorder.next(where: { $0.isError }).inverted.get()  // no error so far
        #expect(loaded == .loaded("swift"))
        recorder.receive(.error)
        #expect(throws: RecordingError.self) { try recorder.next(where: { $0.isError }).inverted.get() }
    }

    /// StreamExpectation.swift: an expectation of one's own.
    @Test func anExpectationOfOnesOwnIsDecidedByTheSameEngine() throws {
        let recorder = Recorder<Int, Never>()
        try BoundExpectation(recorder: recorder, expectation: Nothing()).get()
        recorder.receive(7)
        let error = #expect(throws: RecordingError.self) {
            try BoundExpectation(recorder: recorder, expectation: Nothing()).get()
        }
        #expect(error?.reason == .tooManyElements)
        #expect(error?.description.hasPrefix("nothing: expected no element (event 1, t=+") == true)
    }

    /// RecordingError.swift: a reason of one's own, declared beside the
    /// expectation that fails with it.
    @Test func aReasonOfOnesOwnIsAStaticMember() {
        let error = RecordingError(expectation: "fast", reason: .tooSlow, message: "expected 1ms", location: nil)
        #expect(error.reason.rawValue == "tooSlow")
        #expect(error.reason != .notCompleted)
        #expect(error.reason == RecordingError.Reason(rawValue: "tooSlow"))
    }
}

/// RecordingError.swift's example of an open reason, as written.
extension RecordingError.Reason {
    static let tooSlow = Self(rawValue: "tooSlow")
}

/// StreamExpectation.swift's example, as written.
struct Nothing<Element, Failure: Error>: StreamExpectation {
    var name: String { "nothing" }
    func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
        window.elementCount == 0
            ? .passed((), cursor: nil, at: nil)
            : .failed(
                RecordingError(
                    expectation: name, reason: .tooManyElements,
                    message: "expected no element", location: window.elementLocation(at: 0)))
    }
}
