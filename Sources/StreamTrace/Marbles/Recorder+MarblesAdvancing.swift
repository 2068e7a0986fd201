extension Recorder where Input: Equatable {
    /// How many frames past an expected diagram's end `marbles(_:values:error:frame:advancing:)` runs the clock: what
    /// comes late, or too much, shows in the comparison.
    package static var marbleTailFrames: Int64 { 10 }

    /// Runs `clock` past `diagram`'s end, then reads ``marbles(_:values:error:frame:)``: what the glue's
    /// `expectMarbles(_:_:advancing:)` and `assertMarbles(_:_:advancing:)` do, so that a test needs no duration of its
    /// own.
    ///
    /// The clock runs, waking its sleepers in deadline order as `advance(to:)` does, to the diagram's end and
    /// ``marbleTailFrames`` frames more, counted from the recorder's creation (from now, for a recorder on another
    /// clock), never further: a timer that sleeps again every time it wakes cannot keep it running. A failure says
    /// how far the clock ran when tasks still sleep on it.
    package func marbles(
        _ diagram: String, values: [Character: Input], error: (any Error)?, frame: Duration,
        advancing clock: TestClock, isolation: isolated (any Actor)? = #isolation
    ) async -> Result<Void, any Error> {
        let onClock = storage.time.virtualCore === clock.core
        let origin = onClock ? Duration.nanoseconds(header.at ?? 0) : clock.now.offset
        let end = (try? MarbleDiagram(expected: diagram, frame: frame).end) ?? 0
        let bound = origin + .nanoseconds(end) + frame * Self.marbleTailFrames
        await clock.advance(to: TestClock.Instant(offset: bound))
        switch marbles(diagram, values: values, error: error, frame: frame).result() {
        case .success:
            return .success(())
        case .failure(var failure):
            let queue = clock.core.timeline.snapshot
            if !queue.sleepers.isEmpty || !queue.actions.isEmpty {
                let note =
                    "advancing: the clock ran to \(TimeFormat.short(bound)), \(Self.marbleTailFrames) frames past the "
                    + "diagram's end, and stopped with tasks still waiting on it: "
                    + ClockDiagnosis.describe(queue, clock: clock.diagnosticName)
                failure.clockNote = note
            }
            return .failure(failure)
        }
    }
}
