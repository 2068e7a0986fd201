/// The last events of a group's recording (``StreamGroup/events``, or a group read from a folder) as one marble line
/// per stream on one time axis, drawn as the recent timeline is (``RecentTimeline/draw(_:frames:lettering:key:)``:
/// compact, lettered alike across the lanes), a caret under the events that decided a failure, then the legend, then,
/// for each time at which a marked event shares its frame with another stream's events, their recorded order, which
/// the lanes cannot show:
///
/// ```
/// query:    a---b-
/// results:  ----c-
///               ^
/// a = "s"
/// b = "sw"
/// c = ["Swift"]
/// results:c before query:b at t=+4ms
/// ```
///
/// Every failure of an expectation over a group's events ends with it (``EventWindow/groupTimeline(of:)``). A lane
/// is open (`-`) until its stream ends; `…` before the lanes says that the group had earlier events, not drawn.
package struct GroupTimeline: Sendable, Hashable, CustomStringConvertible {
    /// One event of the group: its stream, what it draws, its time, and whether it decided the failure.
    package struct Event: Sendable, Hashable {
        package var stream: String
        package var mark: RecentTimeline.Mark
        package var nanoseconds: Int64
        package var isMarked: Bool

        package init(stream: String, mark: RecentTimeline.Mark, nanoseconds: Int64, isMarked: Bool = false) {
            self.stream = stream
            self.mark = mark
            self.nanoseconds = nanoseconds
            self.isMarked = isMarked
        }
    }

    /// How many of a group's last events a failure draws (as many as a pass over a trace keeps the values of), unless
    /// an earlier one decided it.
    package static var defaultLimit: Int { 8 }

    /// The events drawn, in the group's order.
    package var events: [Event]
    /// How many earlier events of the group are not drawn.
    package var omitted: Int
    /// When the first drawn event's gap starts: the last event not drawn, or the group's start (0).
    package var start: Int64

    package init(events: [Event], omitted: Int = 0, start: Int64 = 0) {
        self.events = events
        self.omitted = omitted
        self.start = start
    }

    /// The streams, in the order their first drawn event came.
    package var lanes: [String] {
        var names: [String] = []
        for event in events where !names.contains(event.stream) { names.append(event.stream) }
        return names
    }

    /// The lines, then the caret, the legend and the orders at shared times, one a line.
    package var description: String { lines.joined(separator: "\n") }

    package var lines: [String] {
        let names = lanes
        let timelines = names.map { name in
            let lane = events.filter { $0.stream == name }.map {
                RecentTimeline.Event(nanoseconds: $0.nanoseconds, mark: $0.mark, isMarked: $0.isMarked)
            }
            return RecentTimeline(
                events: lane, omitted: omitted, isOpen: !(lane.last?.mark.isTerminal ?? false), start: start)
        }
        var lettering = MarbleLettering<String>()
        let drawing = RecentTimeline.draw(timelines, lettering: &lettering) { line, index in
            if case .element(let label) = timelines[line].events[index].mark { label } else { nil }
        }
        // A caret only under marked events, never under the first slot where the lanes differ, as they always do.
        let showsCaret = events.contains(where: \.isMarked)
        return drawing.labelled(names.map { TerminalText.escaped($0) }, showsCaret: showsCaret)
            + orders(lettered: &lettering)
    }

    /// `results:c before query:b at t=+4ms`, for each time of a marked event where events of more than one stream
    /// stand, every event there in the group's order.
    private func orders(lettered lettering: inout MarbleLettering<String>) -> [String] {
        var times: [Int64] = []
        for event in events where event.isMarked && !times.contains(event.nanoseconds) {
            times.append(event.nanoseconds)
        }
        return times.compactMap { time in
            let shared = events.filter { $0.nanoseconds == time }
            guard Set(shared.map(\.stream)).count > 1 else { return nil }
            let named = shared.map { event in
                let symbol: Character =
                    switch event.mark {
                    case .element(let label?): lettering.letter(for: label, label: label)
                    case .element(nil): MarbleTheme.unnamed
                    default: MarbleTheme.symbol(event.mark.kind)!
                    }
                return "\(TerminalText.escaped(event.stream)):\(symbol)"
            }
            return named.joined(separator: " before ") + " at \(TimeFormat.offset(time))"
        }
    }
}

extension EventWindow {
    /// Element `index` as a group's event: the element of a group's recording, or one read back from its JSON
    /// (`{"stream":"query","event":"value","value":"sw"}`) in a group read from a folder; `nil` for any other element,
    /// and for one whose value the window did not keep.
    package func groupEvent(at index: Int) -> GroupEvent? {
        if Element.self == GroupEvent.self { return element(at: index) as? GroupEvent }
        guard Element.self == RawJSON.self, let text = timelineElement(at: index).label,
            text.hasPrefix(#"{"stream":"#), let json = try? JSONValue(parsing: text)
        else { return nil }
        return GroupEvent(json: json)
    }

    /// The lanes `error` ends with when the window's elements are a group's events (`nil` otherwise): its last
    /// ``GroupTimeline/defaultLimit`` elements, or from the earliest that decided it (at most three times as many), the
    /// deciding ones marked (``RecordingError/decidingElements``, else the element at its location).
    package func groupTimeline(of error: RecordingError, limit: Int = GroupTimeline.defaultLimit) -> GroupTimeline? {
        guard Element.self == GroupEvent.self || Element.self == RawJSON.self, elementCount > 0 else { return nil }
        let last = elementCount - limit
        let first = max(min(last, error.decidingElements.min() ?? last), last - 3 * limit, 0)
        var events: [GroupTimeline.Event] = []
        for index in first..<elementCount {
            guard let event = groupEvent(at: index) else {
                // An element that is not a group's event: not a group. One not kept is left out.
                if timelineElement(at: index).label != nil { return nil }
                continue
            }
            let mark: RecentTimeline.Mark =
                switch event.event {
                case .value(let value): .element(ValueText.message(value.jsonText))
                case .failure: .failure
                case .cancel: .cancel
                default: .finished
                }
            // Read only for an element the window kept (its event is known): a pass over a trace keeps no other's.
            let isMarked =
                error.decidingElements.isEmpty
                ? error.location == elementLocation(at: index) : error.decidingElements.contains(index)
            events.append(
                GroupTimeline.Event(
                    stream: event.stream, mark: mark, nanoseconds: timelineElement(at: index).nanoseconds,
                    isMarked: isMarked))
        }
        guard !events.isEmpty else { return nil }
        return GroupTimeline(
            events: events, omitted: first, start: first > 0 ? timelineElement(at: first - 1).nanoseconds : 0)
    }
}
