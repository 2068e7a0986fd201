/// What takes a trace's events one at a time, in order (`check`'s pass, `show`'s rows), lines and indices absolute.
package protocol TraceEventSink: SendableMetatype {
    /// Work on a block that needs no other, done in parallel on the worker that scanned it (``NoBlockStage``: none).
    associatedtype Stage: TraceBlockStage = NoBlockStage
    /// One stage per block a read holds at once (one per worker, plus one), made before the workers start; `nil`
    /// (the default) for none. A sequential read makes none.
    func makeStage() -> Stage?
    /// A block's turn begins; its events, which `stage` prepared, follow from `eventOffset` and `lineOffset`.
    mutating func begin(_ stage: Stage, eventOffset: Int, lineOffset: Int)
    /// Takes the next event; its bytes are valid until ``bufferWillChange()``.
    mutating func take(_ event: TraceScanEvent)
    /// Takes a block's events in order: ``take(_:)`` each, unless the sink has a quicker way with a whole block.
    mutating func take(block: TraceBlockEvents, eventOffset: Int, lineOffset: Int)
    /// The bytes of the events taken so far are about to change: a sink that kept pointers into them copies them.
    mutating func bufferWillChange()
    /// Whether later events still matter: false stops the reading (the rest is neither read nor checked).
    var wantsMore: Bool { get }
}

extension TraceEventSink {
    package var wantsMore: Bool { true }

    package mutating func take(block: TraceBlockEvents, eventOffset: Int, lineOffset: Int) {
        block.batch.forEach(eventOffset: eventOffset, lineOffset: lineOffset) { take($0) }
    }
}

extension TraceEventSink where Stage == NoBlockStage {
    package func makeStage() -> NoBlockStage? { nil }
    package mutating func begin(_ stage: NoBlockStage, eventOffset: Int, lineOffset: Int) {}
}

/// A sink's work on one block in the parallel stage of ``OrderedScan`` (the rows a block shows), done before its turn
/// with lines and indices from the block's start; the events' bytes stay valid until the turn ends, when
/// ``TraceEventSink/begin(_:eventOffset:lineOffset:)`` hands the stage back to the sink.
package protocol TraceBlockStage: AnyObject, Sendable {
    func prepare(_ events: TraceBlockEvents)
}

/// The stage of a sink that has none.
package final class NoBlockStage: TraceBlockStage {
    package func prepare(_ events: TraceBlockEvents) {}
}

/// A scanned block's events, for ``TraceBlockStage/prepare(_:)``.
package struct TraceBlockEvents {
    let batch: EventBatch

    /// Each event in order, its line (1-based) and index (0-based) counted from the block's start.
    package func forEachEvent(_ body: (TraceScanEvent) -> Void) {
        batch.forEach(eventOffset: 0, lineOffset: 0, body)
    }
}
