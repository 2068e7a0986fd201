/// What a recorder holds at one instant.
package struct RecorderSnapshot<Input, Failure: Error> {
    package var events: [RecordedEvent<Input, Failure>]
    package var diagnostics: [RecorderDiagnostic]
    package var consumedCount: Int

    package var elements: [Input] {
        events.compactMap { if case .value(let value) = $0.event { value } else { nil } }
    }
}

extension RecorderSnapshot: Sendable where Input: Sendable, Failure: Sendable {}
