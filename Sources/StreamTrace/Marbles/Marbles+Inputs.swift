extension StreamExpectations.Marbles {
    /// The failure of every marble expectation on a virtual clock where a ``TestStream``'s diagram did not parse: the
    /// syntax error, with the stream's place, rather than what the operator made of a stream that threw it; test
    /// helpers record it at the stream's line, unless the stream's creation already reported it.
    func inputFailure(in window: some EventWindow<Element, Failure>) -> RecordingError? {
        guard case .virtual(let core)? = window.recordingClock, let (index, input) = core.inputs.firstInvalid,
            let syntaxError = input.syntaxError
        else { return nil }
        var failure = window.failure(.invalidDiagram, "input TestStream at \(input.place): \(syntaxError)", at: nil)
        failure.details = syntaxError.pointed
        let inputs = core.inputs
        failure.origin = FailureOrigin(location: input.location) { inputs.claimReport(of: index) }
        return failure
    }

    /// The letters the clock's input streams give their values, for a failure's drawing: a value of `Element`'s type,
    /// else `nil` (a letter that stands for something else); the first stream's letter first.
    func inputLetters(in window: some EventWindow<Element, Failure>) -> [(Character, Element?)] {
        guard case .virtual(let core)? = window.recordingClock else { return [] }
        var seen: Set<Character> = []
        return core.inputs.all.flatMap { input in
            input.letters.sorted { $0.key < $1.key }.compactMap { letter, value in
                seen.insert(letter).inserted ? (letter, value as? Element) : nil
            }
        }
    }

    /// What the failure adds about the clock: on a virtual clock, when the diagram wants an end the recording lacks,
    /// each input stream that never ends (a line each, after the drawing); on another clock, that it is not virtual
    /// and how far the recorded times stray from the diagram's frames.
    func annotate(
        _ error: inout RecordingError, _ difference: MarbleMatch.Difference, _ diagram: MarbleDiagram,
        _ recorded: [MarbleMatch.Recorded], in window: some EventWindow<Element, Failure>
    ) {
        switch window.recordingClock {
        case .virtual(let core)?:
            let wantsEnd = diagram.events.last?.symbol.isTerminal == true
            guard difference.kind == .notReached, wantsEnd, !recorded.contains(where: { $0.kind != .value }) else {
                return
            }
            let open = core.inputs.all.filter(\.neverEnds).map(\.stillOpen)
            if !open.isEmpty { error.details = ([error.details].compactMap { $0 } + open).joined(separator: "\n") }
        case .notVirtual(let describe)?:
            let frames = diagram.events.map { diagram.frameIndex(of: $0.nanoseconds) }
            guard let fit = MarbleFrameFit(frames: frames, recorded: recorded.map(\.nanoseconds), frame: diagram.frame)
            else {
                error.explainsTime = true
                return
            }
            error.clockNote = describe() + "; " + fit.describe(frame: diagram.frame)
        case nil: return
        }
    }
}
