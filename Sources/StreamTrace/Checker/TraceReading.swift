/// How a pass reads the elements for an expectation (``TraceExpectation/reading``). Whichever way it reads, the
/// expectation alone decides: the pass only hands it what it read.
package enum TraceReading: Sendable {
    /// Through its window, which keeps what its ``TraceNeeds`` say.
    case window
    /// The first element from the cursor (`next where`) or the first (`every where`) that a condition accepts (or
    /// rejects), found with its matcher compiled once for ``EventWindow/firstElement(from:where:accepting:)``.
    case search(ElementSearch)
    /// A run of elements (`elements`, `prefix N`) built as they stream by; the expectation decides which it holds.
    case run(ElementRun)
}

/// What `next where`, `every where` and `order` look for in a trace.
package struct ElementSearch: Sendable {
    /// The matcher of the expectation's ``ElementCondition``, compiled once; `nil` for a condition a query builds of
    /// several parts (`order`'s: a stream's name and a matcher of its value), whose own test reads each value.
    package var matcher: QueryMatcher?
    /// The condition's test, for a search without a matcher.
    package var test: @Sendable (RawJSON) -> Bool
    /// Whether it looks for an element the matcher accepts, else rejects.
    package var accepting: Bool
    /// Whether it looks from the cursor on, else from the first element.
    package var fromCursor: Bool

    /// What `condition` looks for; `nil` for a condition no query wrote.
    package init?(_ condition: ElementCondition<RawJSON>, accepting: Bool, fromCursor: Bool) {
        guard condition.matcher != nil else { return nil }
        self.init(testing: condition, accepting: accepting, fromCursor: fromCursor)
    }

    /// What `condition` looks for, by its matcher if it has one, else by its test.
    package init(testing condition: ElementCondition<RawJSON>, accepting: Bool, fromCursor: Bool) {
        (matcher, test, self.accepting, self.fromCursor) = (condition.matcher, condition.test, accepting, fromCursor)
    }
}

/// A value that is a run of consecutive elements, and the expectation's rule for which it holds (``RunExpectation``).
package struct ElementRun: Sendable {
    /// Whether the run starts at the cursor (`next N`), else at the first element.
    package var fromCursor = false
    /// The most elements it holds (`prefix N`); `nil`: no bound.
    package var maximumLength: Int?
    /// Whether the value is `recording`'s: the elements and the completion.
    package var isRecording = false
    /// Whether it may move the cursor (`prefix N`, `available`); `elements` and `recording` never do, so the queries
    /// after them know their cursor at once and the pass stops feeding them once the run has all it keeps.
    package var movesCursor = true
    /// Which elements, as ``StreamExpectation/verdict(in:)`` decides (named after the expectation, with its timeline).
    package var decide: @Sendable (any EventWindow<RawJSON, TraceFailure>) -> Verdict<Range<Int>>

    package init(
        _ expectation: some RunExpectation<RawJSON, TraceFailure>, fromCursor: Bool = false,
        maximumLength: Int? = nil, isRecording: Bool = false, movesCursor: Bool = true
    ) {
        (self.fromCursor, self.maximumLength, self.isRecording) = (fromCursor, maximumLength, isRecording)
        self.movesCursor = movesCursor
        decide = { window in expectation.verdict(in: window) { expectation.evaluateRun(in: $0) } }
    }

    /// The inverted run of `expectation` (`not prefix N`).
    package init(
        inverted expectation: some InvertibleRunExpectation<RawJSON, TraceFailure>, maximumLength: Int? = nil
    ) {
        self.maximumLength = maximumLength
        decide = { window in
            StreamExpectations.Inverted(expectation).verdict(in: window) { expectation.evaluateInvertedRun(in: $0) }
        }
    }
}
