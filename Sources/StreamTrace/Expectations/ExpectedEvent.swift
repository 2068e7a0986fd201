/// One event of the whole shape a test expects from a stream: an element, the completion or a cancel, optionally at a
/// time.
///
/// An event without a time matches at any time; with one, it matches within the comparison's tolerance of it.
///
/// ```swift
/// let shape: [ExpectedEvent<Int, Never>] = [.value(1), .value(2, at: .seconds(1)), .finished]
/// try recorder.shape(equal: shape).get()
/// ```
public struct ExpectedEvent<Element, Failure: Error> {
    package enum Kind {
        case value(Element)
        case finished
        case failure(Failure)
        case cancel
    }

    package var kind: Kind
    /// Since the subscription started; `nil`: any time.
    package var time: Duration?

    package init(_ kind: Kind, at time: Duration? = nil) {
        self.kind = kind
        self.time = time
    }

    /// An element.
    public static func value(_ element: Element, at time: Duration? = nil) -> Self { Self(.value(element), at: time) }
    /// The stream finished.
    public static var finished: Self { Self(.finished) }
    /// The stream finished at `time`.
    public static func finished(at time: Duration) -> Self { Self(.finished, at: time) }
    /// The stream failed with `error`.
    public static func failure(_ error: Failure, at time: Duration? = nil) -> Self { Self(.failure(error), at: time) }
    /// The subscriber cancelled.
    public static var cancel: Self { Self(.cancel) }
    /// The subscriber cancelled at `time`.
    public static func cancel(at time: Duration) -> Self { Self(.cancel, at: time) }
}

extension ExpectedEvent: Sendable where Element: Sendable, Failure: Sendable {}
extension ExpectedEvent.Kind: Sendable where Element: Sendable, Failure: Sendable {}
