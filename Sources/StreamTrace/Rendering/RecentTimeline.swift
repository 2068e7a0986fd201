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
/// Drawn by `MarbleRenderer` in its message theme; built by a
/// `RecentTimeline.Builder` wherever events come from.
///
/// ```swift
/// let timeline = RecentTimeline(
///     events: [
///         .init(nanoseconds: 0, mark: .value("1")), .init(nanoseconds: 10, mark: .value("2")),
///         .init(nanoseconds: 10, mark: .finished),
///     ],
///     omitted: 0, isOpen: false)
/// let line = timeline.line  // "-1---2-|"
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
    public static var defaultLimit: Int { 6 }

    /// The events drawn, oldest first.
    public var events: [Event]
    /// How many earlier events are not drawn.
    public var omitted: Int
    /// Whether the recording may go on (it has no terminal event).
    public var isOpen: Bool
    /// When the first drawn event's gap starts: the omitted event before
    /// it, or the subscription (0).
    public var start: Int64
    /// Whether more events follow the last one drawn (a trailing `…`, not
    /// the trailing `-` of a recording that had not ended).
    public var isCut: Bool

    public init(events: [Event], omitted: Int, isOpen: Bool, start: Int64 = 0, isCut: Bool = false) {
        self.events = events
        self.omitted = omitted
        self.isOpen = isOpen
        self.start = start
        self.isCut = isCut
    }

    /// The marble line: `-1---2-|`, or `-a---b-|` when a value is long.
    public var line: String { MarbleRenderer(theme: .message).compact(self).line }

    /// The values the line shows by letters, whole: `a = {"id":1}, b = …`;
    /// empty when the line shows them itself.
    public var legend: String { MarbleRenderer(theme: .message).compact(self).legend }

    /// The line, then its legend if it has one.
    public var description: String {
        let (line, legend) = MarbleRenderer(theme: .message).compact(self)
        return legend.isEmpty ? line : "\(line)  \(legend)"
    }

    /// Keeps the last events appended (at most `limit`), remembering how
    /// many went before and when the last of those happened.
    package struct Builder {
        private let limit: Int
        private var events: [Event] = []
        private var omitted = 0
        private var start: Int64 = 0

        package init(limit: Int = RecentTimeline.defaultLimit) {
            self.limit = max(limit, 1)
        }

        /// Counts `count` earlier events, the last at `time`, as not drawn.
        package mutating func skip(_ count: Int, lastAt time: Int64) {
            guard count > 0 else { return }
            omitted += count
            start = time
        }

        package mutating func append(_ event: Event) {
            if events.count == limit {
                start = events.removeFirst().nanoseconds
                omitted += 1
            }
            events.append(event)
        }

        /// The timeline; open unless its last event ends the stream, and cut
        /// when more events follow it.
        package func timeline(isCut: Bool = false) -> RecentTimeline {
            RecentTimeline(
                events: events, omitted: omitted, isOpen: !(events.last?.mark.isTerminal ?? false), start: start,
                isCut: isCut)
        }
    }
}

extension EventWindow {
    /// The last `limit` events of the window (elements and its end) as a
    /// marble line.
    public func recentTimeline(limit: Int = RecentTimeline.defaultLimit) -> RecentTimeline {
        var builder = RecentTimeline.Builder(limit: limit)
        let first = max(elementCount - limit, 0)
        builder.skip(first, lastAt: first > 0 ? timelineElement(at: first - 1).nanoseconds : 0)
        for index in first..<elementCount {
            let (label, nanoseconds) = timelineElement(at: index)
            builder.append(.init(nanoseconds: nanoseconds, mark: .value(label)))
        }
        if let (completion, location) = completion {
            builder.append(
                .init(nanoseconds: location.nanoseconds, mark: completion.error == nil ? .finished : .failure))
        } else if case .cancelled(let location) = end {
            builder.append(.init(nanoseconds: location.nanoseconds, mark: .cancel))
        }
        return builder.timeline()
    }
}
