/// One event as the scanner hands it to a ``TraceScanConsumer``: its head
/// and, for the duration of the call, the bytes of its line.
///
/// `line` and `index` count from 1 and 0 within the chunk being scanned:
/// a consumer stores them as they are and adds the offsets that
/// ``TraceScanConsumer/append(_:eventOffset:lineOffset:)`` gives it.
package struct TraceScanEvent {
    package var nanoseconds: Int64
    package var kind: EventKind
    /// The line in the chunk (1-based).
    package var line: Int
    /// The event's index in the chunk (0-based).
    package var index: Int
    /// The line's text (no line end), valid only during the call.
    package var text: UnsafeRawBufferPointer
    /// Where the `"value"` is in `text`: validated JSON, for `value` and
    /// `failure` events that have one.
    package var valueRange: Range<Int>? = nil
    /// The reader's depth limit, for ``failure`` and ``demand``.
    package var maximumDepth = JSONParser.defaultMaximumDepth

    /// The error of a `failure` event and the demand of a `request` event,
    /// read from the line again on demand (once per trace at most for a
    /// failure; requests are few): keeping them out of the event keeps it
    /// small and trivial to copy.
    private var parsed: TraceLineParser.ParsedEvent? {
        guard kind == .failure || kind == .request else { return nil }
        return try? TraceLineParser(maximumDepth: maximumDepth).parseEvent(text)
    }

    /// The error of a `failure` event.
    package var failure: TraceFailure? { parsed?.failure }

    /// The demand of a `request` event.
    package var demand: Demand? { parsed?.demand }

    /// The value's bytes, valid only during the call.
    package var valueBytes: UnsafeRawBufferPointer? {
        // The scanner's range is within `text`: no check again per event.
        guard let range = valueRange else { return nil }
        return UnsafeRawBufferPointer(start: text.baseAddress.map { $0 + range.lowerBound }, count: range.count)
    }

    /// The head ``TraceReader/nextHead()`` returns for this event, once the
    /// line is made absolute.
    package func head(lineOffset: Int) -> TraceEventHead {
        let parsed = self.parsed
        return TraceEventHead(
            nanoseconds: nanoseconds, kind: kind, line: lineOffset + line, demand: parsed?.demand,
            failure: parsed?.failure)
    }
}

/// What a scan computes from a trace's events, one chunk at a time.
///
/// The scanner calls ``consume(_:)`` for each event of a chunk in order,
/// on the thread that scans that chunk, into a consumer made for that
/// chunk. Chunks are then joined in file order with ``append(_:eventOffset:lineOffset:)``
/// on the calling thread: the result is what one consumer fed every event
/// in order would hold. Keep only what the query needs (counts, the first
/// few or the last value's bytes, …) and memory stays constant.
package protocol TraceScanConsumer: SendableMetatype {
    /// Takes one event of this consumer's chunk.
    mutating func consume(_ event: TraceScanEvent)
    /// Adds a later chunk's consumer: its events come after all of this
    /// one's; `eventOffset` and `lineOffset` turn its chunk-relative event
    /// indices and lines into absolute ones.
    mutating func append(_ later: Self, eventOffset: Int, lineOffset: Int)
    /// The bytes of the events consumed so far (their values) are about to
    /// be overwritten: the scanner refills its buffer, or its chunk ends. A
    /// consumer that kept pointers into them copies what it still needs.
    mutating func bufferWillChange()
}

extension TraceScanConsumer {
    package mutating func bufferWillChange() {}
}

/// What `check finished` and `check count` need: how many events and
/// elements, the terminal event and the last event.
package struct TraceScanSummary: TraceScanConsumer, Equatable, Sendable {
    package struct Mark: Equatable, Sendable {
        package var kind: EventKind
        package var line: Int
        package var index: Int
        package var nanoseconds: Int64
    }

    package var eventCount = 0
    package var elementCount = 0
    package var terminal: Mark?
    package var last: Mark?

    package init() {}

    @inline(__always)
    package mutating func consume(_ event: TraceScanEvent) {
        let mark = Mark(kind: event.kind, line: event.line, index: event.index, nanoseconds: event.nanoseconds)
        eventCount += 1
        if event.kind == .value { elementCount += 1 }
        if event.kind.isTerminalKind { terminal = mark }
        last = mark
    }

    package mutating func append(_ later: TraceScanSummary, eventOffset: Int, lineOffset: Int) {
        func shifted(_ mark: Mark?) -> Mark? {
            mark.map {
                Mark(
                    kind: $0.kind, line: $0.line + lineOffset, index: $0.index + eventOffset,
                    nanoseconds: $0.nanoseconds)
            }
        }
        eventCount += later.eventCount
        elementCount += later.elementCount
        if let mark = shifted(later.terminal) { terminal = mark }
        if let mark = shifted(later.last) { last = mark }
    }
}

extension EventKind {
    /// ``isTerminal``, as a switch the optimizer sees through.
    @inline(__always)
    var isTerminalKind: Bool {
        switch self {
        case .finished, .failure, .cancel: true
        case .subscribe, .request, .value: false
        }
    }
}
