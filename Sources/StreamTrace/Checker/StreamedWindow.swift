/// A query's window as the pass holds it while the trace streams by: the
/// counts, completion and ends of a ``WindowState``, and the few element
/// values the query's expectation reads (``ElementValues``). The same
/// expectations decide over it as over a recorder or a whole trace.
struct StreamedWindow: EventWindow, WrittenTimeout {
    let state: WindowState
    let consumedCount: Int
    /// The query's own values, and the trace's first ones, which the pass keeps.
    let values, first: ElementValues
    /// `within`, for how the window ends, and as the query wrote it.
    let within: Duration?, writtenTimeout: String?
    /// Whether the window is final (over, or the trace is): else `.open`.
    let isFinal: Bool

    var elementCount: Int { state.elementCount }

    private func kept(_ index: Int) -> (RawJSON, EventLocation)? {
        values.value(index) ?? first.value(index) ?? state.recent.value(index)
    }

    func element(at index: Int) -> RawJSON {
        if let (value, _) = kept(index) { return value }
        assertionFailure("element \(index) was not kept for this query")
        return .null
    }

    func elementLocation(at index: Int) -> EventLocation {
        if let (_, location) = kept(index) { return location }
        if let location = values.locations[index] ?? state.recent.element(index)?.location { return location }
        assertionFailure("the location of element \(index) was not kept for this query")
        return EventLocation(index: 0, nanoseconds: 0)
    }

    var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)? { state.completion }
    var lastEvent: (kind: EventKind, location: EventLocation)? { state.lastEvent }
    var end: WindowEnd { isFinal || state.cancel != nil ? state.end(within: within) : .open }
    var violation: (message: String, location: EventLocation)? { nil }
    var nextEvent: (kind: EventKind, location: EventLocation)? { state.nextEvent }

    func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64) {
        if let (value, location) = kept(index) {
            return (ValueText.message(value), location.nanoseconds)
        }
        if let (_, location) = state.recent.element(index) { return (nil, location.nanoseconds) }
        return (nil, values.locations[index]?.nanoseconds ?? 0)
    }

    func describe(_ element: RawJSON) -> String {
        ValueText.message(element)
    }

    /// Element `index` as a message shows it; a value too long to keep
    /// (over ``RecentValues/longest``) by where it is instead.
    func describeElement(at index: Int) -> String {
        if let (value, _) = kept(index) { return describe(value) }
        return "at \(elementLocation(at: index)), a value over \(RecentValues.longest / 1024) KiB not kept"
    }
}

/// The element values (and locations) one query keeps, by element index:
/// the first few of the trace, the few after its cursor, or every one when
/// an expectation the pass does not know says it reads them all.
struct ElementValues {
    private(set) var kept: [Int: (RawJSON, EventLocation)] = [:]
    /// Locations kept without their values.
    private(set) var locations: [Int: EventLocation] = [:]

    func value(_ index: Int) -> (RawJSON, EventLocation)? { kept[index] }

    mutating func keep(_ bytes: UnsafeRawBufferPointer, at location: EventLocation, index: Int) {
        kept[index] = (RawJSON(validated: Array(bytes)[...]), location)
    }

    mutating func keep(_ value: RawJSON, at location: EventLocation, index: Int) {
        kept[index] = (value, location)
    }

    mutating func keepLocation(_ location: EventLocation, index: Int) {
        locations[index] = location
    }

    /// Adds a later part's values (indices counted from that part's
    /// start) below `limit`.
    mutating func append(
        _ later: ElementValues, elementOffset: Int, limit: Int, shift: (EventLocation) -> EventLocation
    ) {
        for (index, (value, location)) in later.kept where index + elementOffset < limit {
            kept[index + elementOffset] = (value, shift(location))
        }
    }

    mutating func removeAll() {
        kept.removeAll()
        locations.removeAll()
    }
}
