/// Recorded events compared with a marble diagram, frame by frame: an event t after the subscription is in frame
/// `⌊t / frame⌋`, and each frame must hold exactly the diagram's events, in order (subscriptions and requests are not
/// drawn, so not compared). A frame a growing recording has not passed is pending.
package enum MarbleMatch {
    /// A recorded event: its kind (a value or an end) and its time since the subscription.
    package struct Recorded: Sendable, Hashable {
        package var kind: EventKind
        package var nanoseconds: Int64

        package init(_ kind: EventKind, at nanoseconds: Int64) {
            self.kind = kind
            self.nanoseconds = nanoseconds
        }
    }

    /// How the first difference differs.
    package enum DifferenceKind: String, Sendable, Hashable {
        /// An element where the diagram has an element of another value.
        case valueMismatch
        /// An event of another kind than the diagram's (an element where it fails, finished where it fails …).
        case differentEvent
        /// An event where the diagram has none (after its end too).
        case unexpectedEvent
        /// The diagram's event is not in its frame; the stream went on.
        case missingEvent
        /// The stream ended (finished, failed or was cancelled) in an earlier frame than the diagram ends.
        case earlyCompletion
        /// The stream ended as the diagram does, in a later frame.
        case lateCompletion
        /// The recording ends before the diagram's events: nothing more came before it was read or the wait timed out.
        case notReached
    }

    /// The first difference: where, and the two events there.
    package struct Difference: Sendable, Hashable {
        package var kind: DifferenceKind
        package var frame: Int64
        /// The diagram's event there (an index into its events), if any.
        package var expected: Int?
        /// The recorded event there (an index into the recorded events), if any.
        package var actual: Int?
    }

    package enum Outcome: Sendable, Hashable {
        case matched
        /// The recording agrees so far but has not reached the diagram's last event (only while it may grow).
        case pending
        case differs(Difference)
    }

    /// Compares `recorded` (in time order) with `marbles`; `isFinal`: the recording will not grow. `equal(e, a)`:
    /// whether the diagram's event `e` and recorded event `a`, of one kind, are equal (values, errors).
    package static func compare(
        _ marbles: MarbleDiagram, _ recorded: [Recorded], isFinal: Bool, equal: (Int, Int) -> Bool
    ) -> Outcome {
        let expected = marbles.events
        /// Whether the diagram ends with `kind` in a frame after `frame`.
        func endsLater(than frame: Int64, as kind: EventKind) -> Bool {
            guard kind != .value, let end = expected.last, end.symbol.kind == kind else { return false }
            return marbles.frameIndex(of: end.nanoseconds) > frame
        }
        func differentEvents(_ e: Int, _ a: Int, frame: Int64) -> Difference {
            let expectedKind = expected[e].symbol.kind
            let actualKind = recorded[a].kind
            let kind: DifferenceKind
            if endsLater(than: frame, as: actualKind) {
                kind = .earlyCompletion
            } else if expectedKind != .value, let end = recorded[(a + 1)...].first(where: { $0.kind != .value }),
                end.kind == expectedKind
            {
                // The stream ends as the diagram does: later, or in this frame after an element too many.
                kind = marbles.frameIndex(of: end.nanoseconds) > frame ? .lateCompletion : .unexpectedEvent
            } else {
                kind = expectedKind == .value && actualKind == .value ? .valueMismatch : .differentEvent
            }
            return Difference(kind: kind, frame: frame, expected: e, actual: a)
        }
        var e = 0
        var a = 0
        while e < expected.count || a < recorded.count {
            let expectedFrame = e < expected.count ? marbles.frameIndex(of: expected[e].nanoseconds) : nil
            let actualFrame = a < recorded.count ? marbles.frameIndex(of: recorded[a].nanoseconds) : nil
            if let expectedFrame, expectedFrame == actualFrame {
                guard expected[e].symbol.kind == recorded[a].kind, equal(e, a) else {
                    return .differs(differentEvents(e, a, frame: expectedFrame))
                }
                e += 1
                a += 1
            } else if let actualFrame, expectedFrame.map({ actualFrame < $0 }) ?? true {
                let early = endsLater(than: actualFrame, as: recorded[a].kind)
                return .differs(
                    Difference(
                        kind: early ? .earlyCompletion : .unexpectedEvent, frame: actualFrame, expected: nil, actual: a)
                )
            } else if let expectedFrame {
                // The recording has no event in this frame, and none after it yet.
                guard actualFrame != nil || isFinal else { return .pending }
                let late = recorded.contains { $0.kind == expected[e].symbol.kind && $0.kind != .value }
                let kind: DifferenceKind = actualFrame == nil ? .notReached : late ? .lateCompletion : .missingEvent
                return .differs(
                    Difference(kind: kind, frame: expectedFrame, expected: e, actual: actualFrame.map { _ in a }))
            }
        }
        return .matched
    }
}
