#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

/// Every passing and failing example of CombineExpectations' README, against
/// real publishers.
@Suite("CombineExpectations README examples, with publishers")
struct CombineReadmeTests {
    let short = Duration.milliseconds(20)

    /// The recording error `body` throws, if any.
    func failure(_ body: () throws -> Void) -> RecordingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? RecordingError
        }
    }

    @Test func passthroughSubjectSynchronouslyPublishesElements() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        #expect(try recorder.next().get() == "foo")
        publisher.send("bar")
        #expect(try recorder.next().get() == "bar")
    }

    @Test func timerPublishesIncreasingDates() throws {
        let recorder = timerPublisher(every: 5).record()
        _ = try recorder.prefix(3).wait(timeout: .seconds(60))
        let dates = try recorder.availableElements.wait(timeout: short)
        #expect(dates.count >= 3)
        #expect(dates.sorted() == dates)
        recorder.cancel()
    }

    @Test func completionExamples() throws {
        let array = ["foo", "bar", "baz"].publisher.record()
        #expect(try array.completion.wait(timeout: .seconds(1)) == .finished)
        #expect(try array.completion.get() == .finished)
        let subject = PassthroughSubject<String, Never>().record()
        #expect(failure { _ = try subject.completion.wait(timeout: short) }?.reason == .notCompleted)
    }

    @Test func elementsExamples() throws {
        let array = ["foo", "bar", "baz"].publisher.record()
        #expect(try array.elements.wait(timeout: .seconds(1)) == ["foo", "bar", "baz"])
        #expect(try array.elements.get() == ["foo", "bar", "baz"])
        #expect(
            failure { _ = try PassthroughSubject<String, Never>().record().elements.wait(timeout: short) }?.reason
                == .notCompleted)
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let error = failure { _ = try recorder.elements.wait(timeout: short) }
        #expect(error?.reason == .streamFailed)
        #expect(error?.streamError?.underlying as? MyError == MyError())
    }

    @Test func finishedExamples() throws {
        let array = ["foo", "bar", "baz"].publisher.record()
        try array.finished.wait(timeout: .seconds(1))
        try array.finished.get()
        #expect(
            failure { try PassthroughSubject<String, Never>().record().finished.wait(timeout: short) }?.reason
                == .notCompleted)
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        #expect(
            failure { try recorder.finished.wait(timeout: short) }?.streamError?.underlying as? MyError == MyError())
        try PassthroughSubject<String, Never>().record().finished.inverted.wait(timeout: short)
        let inverted = failure { try recorder.finished.inverted.wait(timeout: short) }
        #expect(inverted?.reason == .invertedFulfilled)
        #expect(inverted?.streamError?.underlying as? MyError == MyError())
    }

    @Test func lastExamples() throws {
        let array = ["foo", "bar", "baz"].publisher.record()
        #expect(try array.last.wait(timeout: .seconds(1)) == "baz")
        #expect(try array.last.get() == "baz")
        #expect(
            failure { _ = try PassthroughSubject<String, Never>().record().last.wait(timeout: short) }?.reason
                == .notCompleted)
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        #expect(failure { _ = try recorder.last.wait(timeout: short) }?.reason == .streamFailed)
    }

    @Test func nextExamples() throws {
        let array = ["foo", "bar"].publisher.record()
        #expect(try array.next().wait(timeout: .seconds(1)) == "foo")
        #expect(try array.next().wait(timeout: .seconds(1)) == "bar")
        let again = ["foo", "bar"].publisher.record()
        #expect(try again.next().get() == "foo")
        #expect(try again.next().get() == "bar")
        #expect(
            failure { _ = try PassthroughSubject<String, Never>().record().next().wait(timeout: short) }?.reason
                == .notEnoughElements)
        let failing = PassthroughSubject<String, MyError>()
        let failingRecorder = failing.record()
        failing.send(completion: .failure(MyError()))
        #expect(failure { _ = try failingRecorder.next().wait(timeout: short) }?.reason == .streamFailed)
        let finishing = PassthroughSubject<String, Never>()
        let finishingRecorder = finishing.record()
        finishing.send(completion: .finished)
        #expect(
            failure { _ = try finishingRecorder.next().wait(timeout: short) }?.reason
                == .notEnoughElements)
        try PassthroughSubject<String, Never>().record().next().inverted.wait(timeout: short)
        let early = PassthroughSubject<String, Never>()
        let earlyRecorder = early.record()
        early.send("foo")
        #expect(failure { try earlyRecorder.next().inverted.wait(timeout: short) }?.reason == .invertedFulfilled)
        let invertedError = failure { try failingRecorder.next().inverted.wait(timeout: short) }
        #expect(invertedError?.reason == .invertedFulfilled)
        #expect(invertedError?.streamError?.underlying as? MyError == MyError())
    }

    @Test func nextCountExamples() throws {
        let array = ["foo", "bar", "baz"].publisher.record()
        #expect(try array.next(2).wait(timeout: .seconds(1)) == ["foo", "bar"])
        #expect(try array.next(1).wait(timeout: .seconds(1)) == ["baz"])
        let again = ["foo", "bar", "baz"].publisher.record()
        #expect(try again.next(2).get() == ["foo", "bar"])
        #expect(try again.next(1).get() == ["baz"])
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("foo")
        #expect(
            failure { _ = try recorder.next(2).wait(timeout: short) }?.reason
                == .notEnoughElements)
        subject.send(completion: .finished)
        #expect(
            failure { _ = try recorder.next(2).wait(timeout: short) }?.reason
                == .notEnoughElements)
        let failing = PassthroughSubject<String, MyError>()
        let failingRecorder = failing.record()
        failing.send("foo")
        failing.send(completion: .failure(MyError()))
        #expect(failure { _ = try failingRecorder.next(2).wait(timeout: short) }?.reason == .streamFailed)
    }

    @Test func prefixExamples() throws {
        let array = ["foo", "bar", "baz"].publisher.record()
        #expect(try array.prefix(2).wait(timeout: .seconds(1)) == ["foo", "bar"])
        #expect(try ["foo", "bar", "baz"].publisher.record().prefix(2).get() == ["foo", "bar"])
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("foo")
        #expect(
            failure { _ = try recorder.prefix(2).wait(timeout: short) }?.reason
                == .notEnoughElements)
        let failing = PassthroughSubject<String, MyError>()
        let failingRecorder = failing.record()
        failing.send("foo")
        failing.send(completion: .failure(MyError()))
        #expect(failure { _ = try failingRecorder.prefix(2).wait(timeout: short) }?.reason == .streamFailed)
        subject.send("bar")
        #expect(try recorder.prefix(3).inverted.wait(timeout: short) == ["foo", "bar"])
        subject.send("baz")
        #expect(failure { _ = try recorder.prefix(3).inverted.wait(timeout: short) }?.reason == .invertedFulfilled)
        let invertedError = failure { _ = try failingRecorder.prefix(3).inverted.wait(timeout: short) }
        #expect(invertedError?.reason == .invertedFulfilled)
        #expect(invertedError?.streamError?.underlying as? MyError == MyError())
    }

    @Test func recordingExamples() throws {
        let recording = try ["foo", "bar", "baz"].publisher.record().recording.wait(timeout: .seconds(1))
        #expect(recording.output == ["foo", "bar", "baz"])
        #expect(recording.completion == .finished)
        #expect(try ["foo", "bar", "baz"].publisher.record().recording.get().output == ["foo", "bar", "baz"])
        #expect(
            failure { _ = try PassthroughSubject<String, Never>().record().recording.wait(timeout: short) }?.reason
                == .notCompleted)
    }

    @Test func singleExamples() throws {
        #expect(try Just("foo").record().single.wait(timeout: .seconds(1)) == "foo")
        #expect(try Just("foo").record().single.get() == "foo")
        #expect(
            failure { _ = try PassthroughSubject<String, Never>().record().single.wait(timeout: short) }?.reason
                == .notCompleted)
        let failing = PassthroughSubject<String, MyError>()
        let failingRecorder = failing.record()
        failing.send(completion: .failure(MyError()))
        #expect(failure { _ = try failingRecorder.single.wait(timeout: short) }?.reason == .streamFailed)
        let many = PassthroughSubject<String, Never>()
        let manyRecorder = many.record()
        many.send("foo")
        many.send("bar")
        many.send(completion: .finished)
        #expect(failure { _ = try manyRecorder.single.wait(timeout: short) }?.reason == .tooManyElements)
        let none = PassthroughSubject<String, Never>()
        let noneRecorder = none.record()
        none.send(completion: .finished)
        #expect(
            failure { _ = try noneRecorder.single.wait(timeout: short) }?.reason
                == .notEnoughElements)
    }

    @Test func currentValueSubjectFailAndEmpty() throws {
        let subject = CurrentValueSubject<String, Never>("initial")
        let recorder = subject.record()
        #expect(try recorder.next().get() == "initial")
        subject.send("next")
        #expect(try recorder.next().get() == "next")
        let failed = Fail<String, MyError>(error: MyError(code: 9)).record()
        #expect(try failed.failure.get() == MyError(code: 9))
        #expect(failed.events.map(\.event) == [.subscribe, .request(.unlimited), .failure(MyError(code: 9))])
        let empty = Empty<String, Never>().record()
        #expect(try empty.elements.get() == [])
        #expect(failure { _ = try empty.single.get() }?.reason == .notEnoughElements)
    }
}
#endif
