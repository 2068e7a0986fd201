import StreamTrace
import Testing

/// CombineExpectations' README examples of the expectations that read at the
/// cursor and move it: `next()`, `next(count)` and `prefix(maxLength)`.
extension CombineExpectationsReadmeTests {
    // MARK: next()

    @Test func arrayOfTwoElementsPublishesElementsInOrder() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar"]).record()
        #expect(try await recorder.next().value(timeout: .seconds(60)) == "foo")
        #expect(try await recorder.next().value(timeout: .seconds(60)) == "bar")
    }

    @Test func arrayOfTwoElementsSynchronouslyPublishesElementsInOrder() async throws {
        let recorder = try await arrayRecorder(["foo", "bar"])
        #expect(try recorder.next().get() == "foo")
        #expect(try recorder.next().get() == "bar")
    }

    @Test func nextTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.next().wait(timeout: short) }
        #expect(error.reason == .notEnoughElements)
    }

    @Test func nextError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.next().wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    @Test func nextNotEnoughElementsError() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive(completion: .finished)
        let error = try #require(throws: RecordingError.self) { try recorder.next().wait(timeout: short) }
        #expect(error.reason == .notEnoughElements)
    }

    @Test func passthroughSubjectDoesNotPublishAnyElement() throws {
        let recorder = Recorder<String, Never>()
        try recorder.next().inverted.wait(timeout: short)
    }

    @Test func invertedNextTooEarly() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        let error = try #require(throws: RecordingError.self) { try recorder.next().inverted.wait(timeout: short) }
        #expect(error.reason == .invertedFulfilled)
    }

    @Test func invertedNextError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.next().inverted.wait(timeout: short) }
        #expect(error.reason == .invertedFulfilled)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    // MARK: next(count)

    @Test func arrayOfThreeElementsPublishesTwoThenOneElement() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        #expect(try await recorder.next(2).value(timeout: .seconds(60)) == ["foo", "bar"])
        #expect(try await recorder.next(1).value(timeout: .seconds(60)) == ["baz"])
    }

    @Test func arrayOfThreeElementsSynchronouslyPublishesTwoThenOneElement() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        #expect(try recorder.next(2).get() == ["foo", "bar"])
        #expect(try recorder.next(1).get() == ["baz"])
    }

    @Test func nextCountTimeout() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        let error = try #require(throws: RecordingError.self) { try recorder.next(2).wait(timeout: short) }
        #expect(error.reason == .notEnoughElements)
    }

    @Test func nextCountError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive("foo")
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.next(2).wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    @Test func nextCountNotEnoughElementsError() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        recorder.receive(completion: .finished)
        let error = try #require(throws: RecordingError.self) { try recorder.next(2).wait(timeout: short) }
        #expect(error.reason == .notEnoughElements)
    }

    // MARK: prefix(maxLength)

    @Test func arrayOfThreeElementsPublishesTwoFirstElementsWithoutError() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        #expect(try await recorder.prefix(2).value(timeout: .seconds(60)) == ["foo", "bar"])
    }

    @Test func arrayOfThreeElementsSynchronouslyPublishesTwoFirstElementsWithoutError() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        #expect(try recorder.prefix(2).get() == ["foo", "bar"])
    }

    @Test func prefixTimeout() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        let error = try #require(throws: RecordingError.self) { try recorder.prefix(2).wait(timeout: short) }
        #expect(error.reason == .notEnoughElements)
    }

    @Test func prefixError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive("foo")
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.prefix(2).wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    @Test func passthroughSubjectPublishesNoMoreThanSentValues() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        recorder.receive("bar")
        #expect(try recorder.prefix(3).inverted.wait(timeout: short) == ["foo", "bar"])
    }

    @Test func invertedPrefixTooEarly() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        recorder.receive("bar")
        recorder.receive("baz")
        let error = try #require(throws: RecordingError.self) { try recorder.prefix(3).inverted.wait(timeout: short) }
        #expect(error.reason == .invertedFulfilled)
    }

    @Test func invertedPrefixError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive("foo")
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.prefix(3).inverted.wait(timeout: short) }
        #expect(error.reason == .invertedFulfilled)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }
}
