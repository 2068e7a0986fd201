/// An expectation written as text, for traces read from disk:
/// `single`, `prefix 3`, `not finished within 2s`, `count >= 3`,
/// `failure contains {"type":"URLError"}`.
///
/// ```swift
/// let query = try Query("next 2 within 500ms == [1, 2]")
/// query.expectation   // .next(2)
/// query.within        // .milliseconds(500)
/// ```
///
/// The grammar and the meaning of each expectation are those of
/// `recorder.next(2)` and its siblings; see docs/queries.md.
public struct Query: Sendable, Hashable, CustomStringConvertible {
    /// What the query asks about.
    public enum Expectation: Sendable, Hashable {
        case available
        case completion
        case count
        case elements
        case failure
        case finished
        case last
        /// `next` (nil) or `next N`.
        case next(Int?)
        case prefix(Int)
        case recording
        case single

        /// The keyword as written in a query.
        public var keyword: String {
            switch self {
            case .available: "available"
            case .completion: "completion"
            case .count: "count"
            case .elements: "elements"
            case .failure: "failure"
            case .finished: "finished"
            case .last: "last"
            case .next(nil): "next"
            case .next(let n?): "next \(n)"
            case .prefix(let n): "prefix \(n)"
            case .recording: "recording"
            case .single: "single"
            }
        }
    }

    /// The query as it was written.
    public var text: String
    /// `not`: the inverted expectation (for `finished`, `next`, `prefix N`).
    public var isInverted: Bool
    public var expectation: Expectation
    /// `within D`: the window ends D after the cursor time.
    public var within: Duration?
    /// The comparison applied to the value the expectation passes with.
    public var matcher: QueryMatcher?

    public init(
        text: String, isInverted: Bool = false, expectation: Expectation, within: Duration? = nil,
        matcher: QueryMatcher? = nil
    ) {
        self.text = text
        self.isInverted = isInverted
        self.expectation = expectation
        self.within = within
        self.matcher = matcher
    }

    /// Parses a query.
    ///
    /// - Throws: ``QueryParseError`` with the column of the problem.
    public init(_ text: String) throws(QueryParseError) {
        var parser = QueryParser(text)
        self = try parser.parse()
    }

    public var description: String { text }
}
