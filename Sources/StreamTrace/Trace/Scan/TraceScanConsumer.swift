/// One event as the scanner hands it to a ``TraceScanConsumer``: its head and, for the duration of the call, the bytes
/// of its line. `line` (from 1) and `index` (from 0) are chunk-relative: a consumer stores them as they are and adds
/// the offsets ``TraceScanConsumer/append(_:eventOffset:lineOffset:)`` gives it.
package struct TraceScanEvent {
    package var nanoseconds: Int64
    package var kind: EventKind
    package var line: Int
    package var index: Int
    /// The line's text (no line end), valid only during the call.
    package var text: UnsafeRawBufferPointer
    /// Where the `"value"` (validated JSON) is in `text`, for `value` and `failure` events that have one.
    package var valueRange: Range<Int>? = nil
    /// The reader's depth limit, for ``failure`` and ``demand``.
    package var maximumDepth = TraceReaderOptions.defaultMaximumDepth

    /// A `failure`'s error or a `request`'s demand, parsed from the line again when asked (both are rare): keeping
    /// them out of the event keeps it small and trivial to copy.
    private var parsed: TraceLineParser.ParsedEvent? {
        guard kind == .failure || kind == .request else { return nil }
        return try? TraceLineParser(maximumDepth: maximumDepth).parseEvent(text)
    }

    package var failure: TraceFailure? { parsed?.failure }

    package var demand: Demand? { parsed?.demand }

    /// The value's bytes, valid only during the call.
    package var valueBytes: UnsafeRawBufferPointer? {
        // The scanner's range is within `text`: no check again per event.
        guard let range = valueRange else { return nil }
        return UnsafeRawBufferPointer(start: text.baseAddress.map { $0 + range.lowerBound }, count: range.count)
    }

    /// The head ``TraceReader/nextHead()`` returns for this event, with its line made absolute.
    package func head(lineOffset: Int) -> TraceEventHead {
        let parsed = self.parsed
        return TraceEventHead(
            nanoseconds: nanoseconds, kind: kind, line: lineOffset + line, demand: parsed?.demand,
            failure: parsed?.failure)
    }
}

/// What a scan computes from a trace's events, one chunk at a time: ``consume(_:)`` takes a chunk's events in order on
/// the thread scanning it, then the chunks' consumers are joined in file order on the calling thread. Keep only what
/// the query needs (counts, the first few or the last value's bytes, …) and memory stays constant.
package protocol TraceScanConsumer: SendableMetatype {
    mutating func consume(_ event: TraceScanEvent)
    /// Adds a later chunk's consumer, its events after this one's; the offsets make its indices and lines absolute.
    mutating func append(_ later: Self, eventOffset: Int, lineOffset: Int)
    /// The bytes of the events consumed so far are about to be overwritten (a refill, or the chunk's end): a
    /// consumer that kept pointers into them copies what it still needs.
    mutating func bufferWillChange()
}

extension TraceScanConsumer {
    package mutating func bufferWillChange() {}
}

/// What `check finished` and `check count` need: event and element counts, the terminal and the last event.
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
        if event.kind.isTerminal { terminal = mark }
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
