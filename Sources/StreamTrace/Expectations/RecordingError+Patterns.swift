extension RecordingError {
    /// CombineExpectations' name for ``Reason/notCompleted``, as a pattern over a thrown error:
    /// `catch RecordingError.notCompleted { … }`.
    public static let notCompleted = Reason.notCompleted
    /// CombineExpectations' name for ``Reason/notEnoughElements``, as a pattern over a thrown error.
    public static let notEnoughElements = Reason.notEnoughElements
    /// CombineExpectations' name for ``Reason/tooManyElements``, as a pattern over a thrown error.
    public static let tooManyElements = Reason.tooManyElements

}

extension RecordingError.Reason {
    /// Whether `error` is a ``RecordingError`` for `reason`: what lets a reason be a pattern, as CombineExpectations'
    /// cases are.
    ///
    /// ```swift
    /// let recorder = Recorder<Int, Never>()
    /// recorder.receive(completion: .finished)
    /// do {
    ///     _ = try recorder.single.get()
    /// } catch RecordingError.notEnoughElements {
    ///     print("no element")  // the stream finished without one
    /// }
    /// ```
    public static func ~= (reason: Self, error: any Error) -> Bool {
        (error as? RecordingError)?.reason == reason
    }
}
