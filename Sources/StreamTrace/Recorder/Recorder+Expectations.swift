extension Recorder {
    /// `expectation`, bound to this recorder. Each expectation declares its
    /// accessor (`recorder.next()`, `recorder.finished` …) in its own file.
    func expecting<E: StreamExpectation>(_ expectation: E) -> RecorderExpectation<E.Output>
    where E.Element == Input, E.Failure == Failure {
        RecorderExpectation(BoundExpectation(recorder: self, expectation: expectation))
    }

    /// `expectation` and its inverted form, bound to this recorder.
    func expecting<E: InvertibleExpectation>(
        _ expectation: E
    ) -> InvertibleRecorderExpectation<E.Output, E.InvertedOutput>
    where E.Element == Input, E.Failure == Failure {
        InvertibleRecorderExpectation(BoundExpectation(recorder: self, expectation: expectation)) {
            RecorderExpectation(BoundExpectation(recorder: self, expectation: StreamExpectations.Inverted(expectation)))
        }
    }
}
