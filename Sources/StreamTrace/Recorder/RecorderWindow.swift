/// A recorder's events seen as an expectation's window. Only used while the recorder's lock is held.
struct RecorderWindow<Input, Failure: Error>: EventWindow {
    let state: RecordingState<Input, Failure>
    let requestedEnd: WindowEnd
    let encoder: TraceLineEncoder<Input, Failure>
    var scannedCount = 0
    var recordingClock: RecordingClock?

    var elementCount: Int { state.elements.count }
    var consumedCount: Int { state.consumed }

    func element(at index: Int) -> Input { state.elements[index].value }

    func elementLocation(at index: Int) -> EventLocation {
        EventLocation(index: state.eventIndex(ofElement: index), nanoseconds: state.elements[index].nanoseconds)
    }

    var completion: (completion: StreamCompletion<Failure>, location: EventLocation)? {
        guard let location = state.completion?.location else { return nil }
        if let failure = state.failure { return (.failure(failure), location) }
        return (.finished, location)
    }

    var lastEvent: (kind: EventKind, location: EventLocation)? {
        if let control = state.controls.last, control.index == state.eventCount - 1 {
            return (control.kind, control.location)
        }
        guard let element = state.elements.last else { return nil }
        return (.value, EventLocation(index: state.eventCount - 1, nanoseconds: element.nanoseconds))
    }

    var end: WindowEnd {
        if let cancel = state.cancel { return .cancelled(cancel.location) }
        return requestedEnd
    }

    var violation: (message: String, location: EventLocation)? { state.violation }

    func describe(_ element: Input) -> String {
        // A trace's value recorded as it was read (a trace replayed into a recorder) is its text.
        if let raw = element as? RawJSON { return ValueText.message(raw.text) }
        // A group's event names its stream: `query:"sw"`, `query:finished`.
        if let event = element as? GroupEvent { return ValueText.message(event.description) }
        var output = JSONOutput()
        encoder.write(element, into: &output)
        return ValueText.message(output.string)
    }
}
