/// The last few events of a recording as one marble line with their values:
/// `…-2---3-|`. Every expectation failure ends with one, so that a failing
/// test shows what the stream actually did.
///
/// Time runs left to right: between two events stand one to three `-`,
/// more for a longer gap (relative to the longest gap shown). A value is
/// its compact JSON, cut to 16 characters (a negative number in brackets,
/// so that its sign is not read as time); `|` the stream finished, `X` it
/// failed, `!` the subscriber cancelled. A leading `…` says that earlier
/// events are not shown; a trailing `-` that the recording had not ended.
///
/// ```swift
/// let timeline = RecentTimeline(
///     events: [.init(nanoseconds: 0, mark: .value("1")), .init(nanoseconds: 10, mark: .value("2")),
///              .init(nanoseconds: 10, mark: .finished)],
///     omitted: 0, isOpen: false)
/// timeline.line   // "-1---2-|"
/// ```
public struct RecentTimeline: Sendable, Hashable, CustomStringConvertible {
    /// What an event draws.
    public enum Mark: Sendable, Hashable {
        /// An element, with its short text (`nil` if unknown: drawn `o`).
        case value(String?)
        case finished
        case failure
        case cancel

        /// Whether the mark ends the stream (anything but a value).
        public var isTerminal: Bool {
            if case .value = self { return false }
            return true
        }
    }

    /// One event drawn on the line.
    public struct Event: Sendable, Hashable {
        public var nanoseconds: Int64
        public var mark: Mark

        public init(nanoseconds: Int64, mark: Mark) {
            self.nanoseconds = nanoseconds
            self.mark = mark
        }
    }

    /// How many events a failure message shows.
    public static let defaultLimit = 6
    /// How many characters of a value a marble shows.
    static let labelLimit = 16

    /// The events drawn, oldest first.
    public var events: [Event]
    /// How many earlier events are not drawn.
    public var omitted: Int
    /// Whether the recording may go on (it has no terminal event).
    public var isOpen: Bool
    /// When the first drawn event's gap starts: the omitted event before
    /// it, or the subscription (0).
    public var start: Int64

    public init(events: [Event], omitted: Int, isOpen: Bool, start: Int64 = 0) {
        self.events = events
        self.omitted = omitted
        self.isOpen = isOpen
        self.start = start
    }

    /// The marble line.
    public var line: String {
        guard !events.isEmpty else { return "(no events)" }
        var gaps: [Int64] = []
        var previous = start
        for event in events {
            gaps.append(max(event.nanoseconds - previous, 0))
            previous = event.nanoseconds
        }
        let longest = gaps.max() ?? 0
        var text = omitted > 0 ? "…" : ""
        for (event, gap) in zip(events, gaps) {
            let dashes = longest == 0 ? 1 : 1 + Int((Double(gap) / Double(longest) * 2).rounded())
            text += String(repeating: "-", count: dashes)
            text += Self.symbol(event.mark)
        }
        if isOpen { text += "-" }
        return text
    }

    public var description: String { line }

    static func symbol(_ mark: Mark) -> String {
        switch mark {
        case .value(let label?): label.hasPrefix("-") ? "(\(label))" : label
        case .value(nil): "o"
        case .finished: "|"
        case .failure: "X"
        case .cancel: "!"
        }
    }

    /// A value's text cut for a marble: at most 16 characters, `…` when cut.
    static func label(_ text: some StringProtocol) -> String {
        text.count > labelLimit ? String(text.prefix(labelLimit - 1)) + "…" : String(text)
    }
}

extension EventWindow {
    /// The last `limit` events of the window (elements and its end) as a
    /// marble line.
    public func recentTimeline(limit: Int = RecentTimeline.defaultLimit) -> RecentTimeline {
        var tail: [RecentTimeline.Event] = []
        if let (completion, location) = completion {
            if case .finished = completion {
                tail.append(.init(nanoseconds: location.nanoseconds, mark: .finished))
            } else {
                tail.append(.init(nanoseconds: location.nanoseconds, mark: .failure))
            }
        } else if case .cancelled(let location) = end {
            tail.append(.init(nanoseconds: location.nanoseconds, mark: .cancel))
        }
        let shown = max(min(elementCount, limit - tail.count), 0)
        let first = elementCount - shown
        var events: [RecentTimeline.Event] = []
        events.reserveCapacity(shown + tail.count)
        for index in first..<elementCount {
            let (label, nanoseconds) = timelineElement(at: index)
            events.append(.init(nanoseconds: nanoseconds, mark: .value(label)))
        }
        events += tail
        let start = first > 0 ? timelineElement(at: first - 1).nanoseconds : 0
        return RecentTimeline(events: events, omitted: first, isOpen: tail.isEmpty, start: start)
    }
}
