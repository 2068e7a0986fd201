/// The failures the expectations share; ``StreamExpectation/verdict(in:)`` names the expectation that reports them.
extension EventWindow {
    func failure(
        _ reason: RecordingError.Reason, _ message: String, at location: EventLocation?,
        streamError: (any Error)? = nil
    ) -> RecordingError {
        RecordingError(
            expectation: "", reason: reason, message: message, location: location,
            streamError: streamError.map(StreamError.init))
    }

    func streamFailed(expected: String, _ failure: Failure, at location: EventLocation?) -> RecordingError {
        self.failure(
            .streamFailed, "expected \(expected), but the stream failed with \(StreamError(failure))", at: location,
            streamError: failure)
    }

    func notCompleted() -> RecordingError {
        if case .cancelled(let location) = end {
            return failure(.notCompleted, "not completed: the subscriber cancelled", at: location)
        }
        guard let last = lastEvent else {
            guard let next = nextEvent else {
                return failure(.notCompleted, "not completed\(ending): no events were recorded", at: nil)
            }
            return failure(
                .notCompleted, "not completed\(ending): no event in the window, the first is \(next.kind)",
                at: next.location)
        }
        return failure(.notCompleted, "not completed\(ending): last event is \(last.kind)", at: last.location)
    }

    /// What an expectation looked for did not come (`expected`: `expected an element where == 3`): the stream failed
    /// or finished first, or the window ended (`end`: where); `read` says what it read. Pending while the window is open.
    func notFound<Value>(expected: String, read: String, end: EventLocation?) -> Verdict<Value> {
        if let (failure, location) = streamFailure {
            return .failed(
                self.failure(
                    .streamFailed, "\(expected), but the stream failed with \(StreamError(failure)); \(read)",
                    at: location, streamError: failure))
        }
        if let (_, location) = completion {
            return .failed(
                self.failure(.noMatchingElement, "\(expected) before the stream finished; \(read)", at: location))
        }
        guard self.end.isFinal else { return .pending }
        return .failed(self.failure(.noMatchingElement, "\(expected)\(endingOrTraceEnd); \(read)", at: end))
    }

    /// Fewer than `expected` elements arrived; `what` says which (" more" for `next`).
    func notEnough(expected: Int, actual: Int, what: String = "") -> RecordingError {
        let noun = expected == 1 ? "element" : "elements"
        let message = "expected \(expected)\(what) \(noun), got \(actual)"
        if let (completion, location) = completion, case .finished = completion {
            return failure(.notEnoughElements, message + " before the stream finished", at: location)
        }
        if case .cancelled(let location) = end {
            return failure(.notEnoughElements, message + ending, at: location)
        }
        return failure(.notEnoughElements, message + endingOrTraceEnd, at: lastEvent?.location)
    }
}

extension RecordingError.Reason {
    /// The stream did not complete in the window.
    public static let notCompleted = Self(rawValue: "notCompleted")
    /// The stream failed where something else was expected; see ``RecordingError/streamError``.
    public static let streamFailed = Self(rawValue: "streamFailed")
    /// Fewer elements than expected arrived before the stream finished or the window ended.
    public static let notEnoughElements = Self(rawValue: "notEnoughElements")
    /// More elements than expected arrived (`single`, `shape(equal:)`).
    public static let tooManyElements = Self(rawValue: "tooManyElements")
}

/// The failures of a query that its expectation's value does not decide: its matcher's, and an undecided window.
extension EventWindow {
    /// The query's matcher rejected the value its expectation passed with (`got`, as a message shows it).
    package func mismatch(named query: String, expected matcher: QueryMatcher, got: String, at location: EventLocation?)
        -> RecordingError
    {
        named(query, failure(.mismatch, "expected \(matcher), got \(got)", at: location))
    }

    /// The expectation was still pending on a final window, which no expectation leaves it (the checker's guard).
    package func undecided(named query: String) -> RecordingError {
        named(query, failure(.notCompleted, "the expectation could not be decided", at: lastEvent?.location))
    }

    /// `error` as a failure of `expectation` reports it: named after it, ending with the window's recent timeline, and,
    /// over a group's events, with one lane per stream after any other details (``GroupTimeline``).
    func named(_ expectation: String, _ error: RecordingError) -> RecordingError {
        var error = error
        error.expectation = expectation
        error.timeline = recentTimeline()
        if !error.drawsLanes, let lanes = groupTimeline(of: error) {
            error.details = (error.details.map { $0 + "\n" } ?? "") + lanes.description
        }
        return error
    }
}
