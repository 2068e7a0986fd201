/// A query's window as the pass holds it: a ``WindowState``'s counts, completion and ends, and the few values its
/// expectation reads (``ElementValues``). The same expectations decide over it as over a recorder or a whole trace.
struct StreamedWindow: EventWindow {
    let state: WindowState
    let consumedCount: Int
    /// The query's own values, and the trace's first ones, which the pass keeps.
    let values, first: ElementValues
    /// `within`, for how the window ends, and as the query wrote it.
    let within: Duration?, writtenTimeout: String?
    /// Whether the window is final (over, or the trace is): else `.open`.
    let isFinal: Bool
    let spool: ValueSpool?
    /// What a search of the elements found (``MatchStream``): where it started, and the first it found (in ``values``).
    var searched: (start: Int, found: Int?)?
    /// Spooled values read back, so that a value passed with goes back to its place (``place(of:)``), not to memory.
    private let loads = SpoolLoads()

    var elementCount: Int { state.elementCount }

    private func kept(_ index: Int) -> (KeptValue, EventLocation)? {
        if let kept = values.kept[index] ?? first.kept[index] { return kept }
        return state.recent.value(index).map { (.text($0.0), $0.1) }
    }

    /// Element `index`'s text, if kept and not over ``RecentValues/longest``.
    private func shortText(_ index: Int) -> RawJSON? {
        if let (kept, _) = values.kept[index] ?? first.kept[index] {
            guard case .text(let value) = kept, value.bytes.count <= RecentValues.longest else { return nil }
            return value
        }
        guard let length = state.recent.length(index), length <= RecentValues.longest else { return nil }
        return state.recent.value(index)?.0
    }

    func element(at index: Int) -> RawJSON {
        switch kept(index)?.0 {
        case .text(let value)?: return value
        case .placed(let place)?: return loads.load(place)
        case nil:
            assertionFailure("element \(index) was not kept for this query")
            return .null
        }
    }

    func elementLocation(at index: Int) -> EventLocation {
        if let (_, location) = kept(index) { return location }
        if let location = values.locations[index] ?? state.recent.location(index) { return location }
        assertionFailure("the location of element \(index) was not kept for this query")
        return EventLocation(index: 0, nanoseconds: 0)
    }

    var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)? { state.completion }
    var lastEvent: (kind: EventKind, location: EventLocation)? { state.lastEvent }
    var end: WindowEnd { isFinal || state.cancel != nil ? state.end(within: within) : .open }
    var violation: (message: String, location: EventLocation)? { nil }
    var nextEvent: (kind: EventKind, location: EventLocation)? { state.nextEvent }

    /// What the pass's search found (``searched``): the expectation asks for what the pass looked for.
    func firstElement(from start: Int, where condition: ElementCondition<RawJSON>, accepting: Bool) -> Int? {
        guard let searched else {
            assertionFailure("no search of the elements was made for this query")
            return nil
        }
        assert(searched.start == start, "the search started at \(searched.start), not \(start)")
        return searched.found
    }

    /// A value over ``RecentValues/longest`` is drawn as unknown, as recent values draw one they did not keep.
    func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64) {
        if let value = shortText(index) {
            return (ValueText.message(value.text), elementLocation(at: index).nanoseconds)
        }
        if let location = kept(index)?.1 ?? state.recent.location(index) { return (nil, location.nanoseconds) }
        return (nil, values.locations[index]?.nanoseconds ?? 0)
    }

    func describe(_ element: RawJSON) -> String {
        ValueText.message(element.text)
    }

    /// Element `index` as a message shows it; a value over ``RecentValues/longest`` by where it is instead, kept or
    /// not: a message never holds one.
    func describeElement(at index: Int) -> String {
        if let value = shortText(index) { return describe(value) }
        return Self.placeText(elementLocation(at: index))
    }

    /// How a message names a value over ``RecentValues/longest`` at `location`.
    static func placeText(_ location: EventLocation) -> String {
        "at \(location), a value over \(RecentValues.longest / 1024) KiB not kept"
    }

    /// `value`, one the expectation passes with, as a result holds it: over ``RecentValues/longest``, its place in
    /// the spool (where it was read back from, or a new one), else itself.
    func place(of value: RawJSON) -> QueryOutput {
        guard value.bytes.count > RecentValues.longest, let spool else { return .whole(value) }
        if let place = loads.place(of: value) ?? value.bytes.withUnsafeBytes({ spool.append($0) }) {
            return .placed(place)
        }
        return .whole(value)
    }
}

/// The spooled values a window read back, beside their places: alive as long as the window, so storage names a place.
final class SpoolLoads {
    private var loaded: [(value: RawJSON, place: ValuePlace)] = []

    func load(_ place: ValuePlace) -> RawJSON {
        if let found = loaded.first(where: { $0.place.range == place.range && $0.place.spool === place.spool }) {
            return found.value
        }
        let value = place.value
        loaded.append((value, place))
        return value
    }

    func place(of value: RawJSON) -> ValuePlace? {
        let address = value.bytes.withUnsafeBytes { $0.baseAddress }
        return loaded.first { entry in
            entry.value.bytes.count == value.bytes.count
                && entry.value.bytes.withUnsafeBytes { $0.baseAddress } == address
        }?.place
    }
}

/// The element values (and locations) one query keeps, by index: the first few of the trace, the few after its
/// cursor, or all for an expectation that reads them all. Values over ``RecentValues/longest`` go to the spool.
struct ElementValues {
    private(set) var kept: [Int: (KeptValue, EventLocation)] = [:]
    /// Locations kept without their values.
    var locations: [Int: EventLocation] = [:]

    mutating func keep(_ bytes: UnsafeRawBufferPointer, at location: EventLocation, index: Int, spool: ValueSpool?) {
        kept[index] = (KeptValue(bytes, spool: spool), location)
    }

    /// Adds a later part's values (indices counted from that part's start) below `limit`.
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

/// An element value a pass keeps: its text or, over ``RecentValues/longest``, its place in the pass's spool.
enum KeptValue {
    case text(RawJSON)
    case placed(ValuePlace)

    /// `bytes`, spooled if long and the spool takes them (else copied).
    init(_ bytes: UnsafeRawBufferPointer, spool: ValueSpool?) {
        if bytes.count > RecentValues.longest, let place = spool?.append(bytes) {
            self = .placed(place)
        } else {
            self = .text(RawJSON(validated: Array(bytes)[...]))
        }
    }
}
