extension Recorder {
    /// `expectation`, bound to this recorder. Each expectation declares its
    /// accessor (`recorder.next()`, `recorder.finished` …) in its own file.
    func expecting<E: StreamExpectation>(_ expectation: E) -> RecorderExpectation<E>
    where E.Element == Input, E.Failure == Failure {
        RecorderExpectation(recorder: self, expectation: expectation)
    }
}
