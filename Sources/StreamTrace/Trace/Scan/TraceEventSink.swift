/// What takes a trace's events one at a time, in order: `check`'s pass,
/// `show`'s rows. Lines and event indices are absolute.
package protocol TraceEventSink: SendableMetatype {
    /// The sink's work on a block that needs no other block, done on the
    /// worker that scanned it, in parallel with the other workers
    /// (``NoBlockStage`` for none).
    associatedtype Stage: TraceBlockStage = NoBlockStage
    /// One stage for each block a read holds at once (one per worker, and
    /// one more), made before the workers start; `nil` (the default) for
    /// none. A sequential read makes none.
    func makeStage() -> Stage?
    /// A block's turn begins: its events follow (their index from
    /// `eventOffset`, line from `lineOffset` on), after `stage` prepared
    /// them (``TraceBlockStage/prepare(_:)``).
    mutating func begin(_ stage: Stage, eventOffset: Int, lineOffset: Int)
    /// Takes the next event; its bytes are valid until ``bufferWillChange()``.
    mutating func take(_ event: TraceScanEvent)
    /// Takes a block's events, in order, their index from `eventOffset`
    /// and line from `lineOffset` on: ``take(_:)`` each, unless the sink
    /// has a quicker way with a whole block.
    mutating func take(block: TraceBlockEvents, eventOffset: Int, lineOffset: Int)
    /// The bytes of the events taken so far are about to change: a sink
    /// that kept pointers into them copies what it still needs.
    mutating func bufferWillChange()
    /// Whether later events still matter: false stops the reading (the
    /// rest of the trace is then not read, nor checked).
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

/// A sink's work on one block of a trace in the parallel stage of
/// ``OrderedScan``: the rows a block shows, written before their turn. A
/// stage takes one block after another; at the block's turn the sink gets
/// it back in ``TraceEventSink/begin(_:eventOffset:lineOffset:)``.
/// Events are handed in the order they come, line and index counted from
/// the block's start; their bytes stay valid until the block's turn ends.
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

    /// Each event in order, its line (1-based) and index (0-based) counted
    /// from the block's start.
    package func forEachEvent(_ body: (TraceScanEvent) -> Void) {
        batch.forEach(eventOffset: 0, lineOffset: 0, body)
    }
}
