/// A recorder's events seen as an expectation's window. Only used while
/// the recorder's lock is held.
struct RecorderWindow<Input, Failure: Error>: EventWindow {
    let storage: RecorderStorage<Input, Failure>
    let requestedEnd: WindowEnd

    var elementCount: Int { storage.values.count }
    var consumedCount: Int { storage.consumed }

    func element(at index: Int) -> Input { storage.values[index] }

    func elementLocation(at index: Int) -> EventLocation {
        storage.location(ofEntry: storage.valueEntries[index])
    }

    var completion: (completion: StreamCompletion<Failure>, location: EventLocation)? {
        guard let index = storage.completionIndex else { return nil }
        let location = storage.location(ofEntry: index)
        if let failure = storage.failure { return (.failure(failure), location) }
        return (.finished, location)
    }

    var lastEvent: (kind: EventKind, location: EventLocation)? {
        guard let last = storage.entries.last else { return nil }
        return (last.kind, storage.location(ofEntry: storage.entries.count - 1))
    }

    var end: WindowEnd {
        if let index = storage.cancelIndex { return .cancelled(storage.location(ofEntry: index)) }
        return requestedEnd
    }

    var violation: (message: String, location: EventLocation)? { storage.violation }

    func describe(_ element: Input) -> String {
        var output = JSONOutput()
        storage.encoder.write(element, into: &output)
        let text = output.string
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
