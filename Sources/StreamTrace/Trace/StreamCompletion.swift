/// How a stream completed: successfully, or with an error.
public enum StreamCompletion<Failure: Error> {
    /// The stream finished.
    case finished
    /// The stream failed with the error.
    case failure(Failure)

    package var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension StreamCompletion: Sendable where Failure: Sendable {}
extension StreamCompletion: Equatable where Failure: Equatable {}
extension StreamCompletion: Hashable where Failure: Hashable {}
