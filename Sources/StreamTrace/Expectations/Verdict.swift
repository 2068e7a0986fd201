/// What an expectation decided.
package enum Verdict<Output> {
    /// Not decided yet: more events may decide it. Only given while the window is open.
    case pending
    /// Fulfilled, with its value, the cursor position it moves to (`nil`: unchanged) and the event that decided it.
    case passed(Output, cursor: Int?, at: EventLocation?)
    case failed(RecordingError)
}

extension Verdict {
    /// The verdict of an expectation derived from this one: the value mapped, the cursor and deciding event kept.
    package func map<T>(_ transform: (Output) -> T) -> Verdict<T> {
        flatMap { output, cursor, location in .passed(transform(output), cursor: cursor, at: location) }
    }

    /// The same, where the derived expectation decides for itself from the value, the cursor and the deciding event
    /// (`single` fails on two elements where `finished` passed).
    package func flatMap<T>(_ transform: (Output, _ cursor: Int?, _ location: EventLocation?) -> Verdict<T>)
        -> Verdict<T>
    {
        switch self {
        case .pending: .pending
        case .failed(let error): .failed(error)
        case .passed(let output, let cursor, let location): transform(output, cursor, location)
        }
    }
}
