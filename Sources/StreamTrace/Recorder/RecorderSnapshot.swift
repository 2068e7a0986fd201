/// What a recorder holds at one instant.
package struct RecorderSnapshot<Input, Failure: Error> {
    /// Every event recorded, with its time.
    package var events: [RecordedEvent<Input, Failure>]
    /// Events the stream sent against the rules, which were not recorded.
    package var diagnostics: [RecorderDiagnostic]
    /// How many elements `next` expectations had consumed.
    package var consumedCount: Int

    /// The elements, in order.
    package var elements: [Input] {
        events.compactMap { if case .value(let value) = $0.event { value } else { nil } }
    }
}

extension RecorderSnapshot: Sendable where Input: Sendable, Failure: Sendable {}
