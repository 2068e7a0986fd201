extension Result {
    /// The error of a failure, `nil` for a success: what a test reads from an expectation's `result()`.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
