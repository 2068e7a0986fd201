/// How a `record()` overload takes the next element from its sequence's iterator: a type rather than a closure, so
/// that the one loop of `Recorder.recording` calls it directly once specialised.
@usableFromInline
protocol RecordingStep: SendableMetatype {
    associatedtype Iterator
    associatedtype Element
    associatedtype Failure: Error
    static func next(_ iterator: inout Iterator) async throws(Failure) -> Element?
}

/// `next(isolation:)`, with the sequence's own error type.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@usableFromInline
enum TypedRecordingStep<Iterator: AsyncIteratorProtocol>: RecordingStep {
    @inlinable
    static func next(_ iterator: inout Iterator) async throws(Iterator.Failure) -> Iterator.Element? {
        try await iterator.next(isolation: nil)
    }
}

/// `next()`, which throws untyped errors: every OS version.
@usableFromInline
enum UntypedRecordingStep<Iterator: AsyncIteratorProtocol>: RecordingStep {
    @inlinable
    static func next(_ iterator: inout Iterator) async throws(any Error) -> Iterator.Element? {
        try await iterator.next()
    }
}

/// An `AsyncStream`'s `next()`, which never throws.
@usableFromInline
enum StreamRecordingStep<Element>: RecordingStep {
    @usableFromInline typealias Failure = Never

    @inlinable
    static func next(_ iterator: inout AsyncStream<Element>.Iterator) async -> Element? {
        await iterator.next()
    }
}
