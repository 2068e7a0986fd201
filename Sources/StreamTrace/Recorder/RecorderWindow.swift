/// A recorder's events seen as an expectation's window. Only used while
/// the recorder's lock is held.
struct RecorderWindow<Input, Failure: Error>: EventWindow {
    let state: RecordingState<Input, Failure>
    let requestedEnd: WindowEnd
    let encoder: TraceLineEncoder<Input, Failure>

    var elementCount: Int { state.values.count }
    var consumedCount: Int { state.consumed }

    func element(at index: Int) -> Input { state.values[index] }

    func elementLocation(at index: Int) -> EventLocation {
        state.location(ofEntry: state.valueEntries[index])
    }

    var completion: (completion: StreamCompletion<Failure>, location: EventLocation)? {
        guard let index = state.completionIndex else { return nil }
        let location = state.location(ofEntry: index)
        if let failure = state.failure { return (.failure(failure), location) }
        return (.finished, location)
    }

    var lastEvent: (kind: EventKind, location: EventLocation)? {
        guard let last = state.entries.last else { return nil }
        return (last.kind, state.location(ofEntry: state.entries.count - 1))
    }

    var end: WindowEnd {
        if let index = state.cancelIndex { return .cancelled(state.location(ofEntry: index)) }
        return requestedEnd
    }

    var violation: (message: String, location: EventLocation)? { state.violation }

    func describe(_ element: Input) -> String {
        var output = JSONOutput()
        encoder.write(element, into: &output)
        return ValueText.message(output.string)
    }
}
