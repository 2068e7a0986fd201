/// The last few events of a recording as one marble line, its values named in a legend:
/// `…---a---(b|)  a = 1, b = {"id":2}`. Every expectation failure ends with one, so that a failing test shows what the
/// stream actually did. Between two events stand one to three `-`, more for a longer gap (relative to the longest gap
/// shown); events at one time make a group `( )`; elements are letters by distinct value, each value whole in the
/// legend; a trailing `-` says that the recording had not ended. Drawn by `MarbleLines`; built by a `Builder`.
package struct RecentTimeline: Sendable, Hashable, CustomStringConvertible {
    /// What an event draws: an element with its text (`nil` if unknown: drawn `?`), or an end.
    package typealias Mark = MarbleMark<String?>

    package struct Event: Sendable, Hashable {
        package var nanoseconds: Int64
        package var mark: Mark
        /// Whether a caret points at it: it decided a failure (a group's drawing, ``GroupTimeline``).
        package var isMarked = false
    }

    /// How many events a failure message shows.
    package static var defaultLimit: Int { 6 }

    /// The events drawn, oldest first.
    package var events: [Event]
    /// How many earlier events are not drawn.
    package var omitted: Int
    /// Whether the recording may go on (it has no terminal event).
    package var isOpen: Bool
    /// When the first drawn event's gap starts: the omitted event before it, or the subscription (0).
    package var start: Int64
    /// Whether more events follow the last one drawn (a trailing `…`, not the `-` of a recording that had not ended).
    package var isCut: Bool

    package init(events: [Event], omitted: Int, isOpen: Bool, start: Int64 = 0, isCut: Bool = false) {
        self.events = events
        self.omitted = omitted
        self.isOpen = isOpen
        self.start = start
        self.isCut = isCut
    }

    /// The line, then its legend if it has one.
    package var description: String {
        let drawing = Self.draw([self])
        return drawing.legend.isEmpty
            ? drawing.lines[0] : "\(drawing.lines[0])  \(drawing.legend.joined(separator: ", "))"
    }

    /// Keeps the last events appended (at most `limit`), remembering how many went before and when the last of those
    /// happened.
    package struct Builder {
        private var events: RecentRing<Event>
        private var omitted = 0
        private var start: Int64 = 0

        package init(limit: Int = RecentTimeline.defaultLimit) {
            events = RecentRing(capacity: limit)
        }

        /// Counts `count` earlier events, the last at `time`, as not drawn.
        package mutating func skip(_ count: Int, lastAt time: Int64) {
            guard count > 0 else { return }
            omitted += count
            start = time
        }

        /// Appends an event: `mark` at `nanoseconds` since the subscription.
        package mutating func append(_ mark: Mark, at nanoseconds: Int64) {
            if let pushedOut = events.append(Event(nanoseconds: nanoseconds, mark: mark)) {
                start = pushedOut.nanoseconds
            }
        }

        /// The timeline; open unless its last event ends the stream, and cut when more events follow it.
        package func timeline(isCut: Bool = false) -> RecentTimeline {
            let kept = events.elements
            return RecentTimeline(
                events: kept, omitted: omitted + events.passedOver, isOpen: !(kept.last?.mark.isTerminal ?? false),
                start: start, isCut: isCut)
        }
    }
}

extension RecentTimeline {
    /// `timelines` lettered by their labels on one scale, or each on its own (no caret) if their times do not compare.
    package static func draw(
        _ timelines: [RecentTimeline], frames: Int64? = nil, onOneScale: Bool = true
    ) -> MarbleLayout.Drawing {
        var lettering = MarbleLettering<String>()
        func label(_ timeline: RecentTimeline, _ event: Int) -> String? {
            if case .element(let label) = timeline.events[event].mark { label } else { nil }
        }
        guard !onOneScale else {
            return draw(timelines, frames: frames, lettering: &lettering) { label(timelines[$0], $1) }
        }
        let lines = timelines.flatMap { timeline in
            draw([timeline], frames: frames, lettering: &lettering) { label(timeline, $1) }.lines
        }
        return MarbleLayout.Drawing(lines: lines, caret: nil, legend: MarbleLines.legend(lettering, of: lines))
    }

    /// `timelines` on one scale, compact unless a frame is given, their elements lettered by `key` (line and event
    /// index; `nil`: not known, drawn `?`) with `lettering`, in the order of time, then of the lines at one time.
    package static func draw<Key: Hashable>(
        _ timelines: [RecentTimeline], frames: Int64? = nil, lettering: inout MarbleLettering<Key>,
        key: (Int, Int) -> Key?
    ) -> MarbleLayout.Drawing {
        let start = timelines.filter { !$0.events.isEmpty }.map(\.start).min() ?? 0
        var lines = MarbleLines(
            scale: frames.map { .frames($0) } ?? .compact(start: start), lines: timelines.count, lettering: lettering)
        let order = timelines.indices.flatMap { line in
            timelines[line].events.indices.map {
                (lines.position(of: timelines[line].events[$0].nanoseconds), line, $0)
            }
        }.sorted { ($0.0 ?? -1, $0.1, $0.2) < ($1.0 ?? -1, $1.1, $1.2) }
        for (_, line, index) in order {
            let event = timelines[line].events[index]
            if case .element(let label?) = event.mark, let key = key(line, index) {
                lines.appendValue(key, label: label, at: event.nanoseconds, line: line, marked: event.isMarked)
            } else {
                lines.append(
                    MarbleTheme.symbol(event.mark.kind)!, at: event.nanoseconds, line: line, marked: event.isMarked)
            }
        }
        for (line, timeline) in timelines.enumerated() {
            let tail = timeline.isCut ? [MarbleTheme.omitted] : timeline.isOpen ? [MarbleTheme.tick] : []
            lines.setEnds(line: line, omitsEarlier: timeline.omitted > 0, tail: tail)
        }
        lettering = lines.lettering
        return lines.drawing()
    }
}

extension EventWindow {
    /// The last `limit` events of the window (elements and its end) as a marble line.
    package func recentTimeline(limit: Int = RecentTimeline.defaultLimit) -> RecentTimeline {
        var builder = RecentTimeline.Builder(limit: limit)
        let first = max(elementCount - limit, 0)
        builder.skip(first, lastAt: first > 0 ? timelineElement(at: first - 1).nanoseconds : 0)
        for index in first..<elementCount {
            let (label, nanoseconds) = timelineElement(at: index)
            builder.append(.element(label), at: nanoseconds)
        }
        if let (completion, location) = completion {
            builder.append(completion.error == nil ? .finished : .failure, at: location.nanoseconds)
        } else if case .cancelled(let location) = end {
            builder.append(.cancel, at: location.nanoseconds)
        }
        return builder.timeline()
    }
}
