/// What a recorder's consumer does at the frames of its subscription and demand diagrams, on the frames of the
/// recorder's creation: `record(clock:subscription:demand:)` reads them.
///
/// A subscription diagram is RxJS's subscription marbles: `^` subscribes at its frame, `!` cancels at its frame, `-`
/// and time progressions (`10ms`) pass time, spaces none (`"--^---!"`: subscribe at frame 2, cancel at frame 6). A
/// demand diagram's every mark (any character but `-`, a space, `^`, `|`, `#`, `!`) is a demand of one at its frame; a
/// group (`(dd)`) puts its marks on one frame (`"--d-(dd)"`: one at frame 2, two at frame 4).
struct ConsumerMarbles: Sendable {
    /// When the consumer subscribes, since the recorder's creation.
    var subscription: Duration = .zero
    /// When it cancels, if it does.
    var cancel: Duration?
    /// When it asks for more, and how many, in time order, after the subscription (what the diagram asks before it
    /// is asked at the subscription); `nil` for a consumer that asks for everything.
    var demand: [(at: Duration, count: Int)]?

    /// Reads `subscription` (`nil`: `^` at once) and `demand` (`nil`: unpaced), `frame` a character.
    ///
    /// - Throws: ``MarbleSyntaxError`` for a diagram that cannot be read, a subscription diagram without `^` or with
    ///   an element or end, a demand diagram with `^` or an end.
    init(subscription: String?, demand: String?, frame: Duration) throws(MarbleSyntaxError) {
        if let subscription {
            let diagram = try MarbleDiagram(subscription, frame: frame)
            guard diagram.isHot else {
                throw MarbleSyntaxError(
                    diagram: subscription, column: nil,
                    message: "a subscription diagram needs '^', the frame where the consumer subscribes (\"--^---!\")")
            }
            if let event = diagram.events.first(where: { $0.symbol != .cancel }) {
                throw MarbleSyntaxError(
                    diagram: subscription, column: event.column,
                    message: "'\(event.symbol.character)' in a subscription diagram, which has only '^' and '!'")
            }
            self.subscription = .nanoseconds(-diagram.start)
            cancel = diagram.events.first.map { .nanoseconds($0.nanoseconds - diagram.start) }
        }
        if let demand {
            self.demand = try Self.marks(demand, frame: frame, after: self.subscription, until: cancel)
        }
    }

    /// The marks of the demand diagram `text`, those before `subscription` counted at it, none from `cancel` on.
    private static func marks(
        _ text: String, frame: Duration, after subscription: Duration, until cancel: Duration?
    ) throws(MarbleSyntaxError) -> [(at: Duration, count: Int)] {
        let diagram = try MarbleDiagram(text, frame: frame)
        if diagram.isHot {
            let column = (Array(text).firstIndex(of: "^") ?? 0) + 1
            throw MarbleSyntaxError(
                diagram: text, column: column,
                message: "'^' in a demand diagram: its frames start at the recorder's creation, as a subscription's")
        }
        var marks: [(at: Duration, count: Int)] = []
        for event in diagram.events {
            guard case .element = event.symbol else {
                throw MarbleSyntaxError(
                    diagram: text, column: event.column,
                    message: "'\(event.symbol.character)' in a demand diagram, whose every mark is a demand of one")
            }
            let at = max(Duration.nanoseconds(event.nanoseconds), subscription)
            if let cancel, at >= cancel { break }
            if marks.last?.at == at { marks[marks.count - 1].count += 1 } else { marks.append((at, 1)) }
        }
        return marks
    }

    /// Acts on `timeline`, whose time is the recorder's creation: `subscribe` at the subscription (at once if that is
    /// now), then `request` with what was asked up to it; `request` at each later mark; `cancel` at the cancel; none
    /// of them once the recording `hasEnded`. Each action comes before every other event due at its instant
    /// (``VirtualTimeline/schedule(at:first:_:)``), so that a cancel at frame N takes effect before frame N's events.
    func act(
        on timeline: VirtualTimeline, unless hasEnded: @escaping @Sendable () -> Bool,
        subscribe: @escaping @Sendable () -> Void, request: @escaping @Sendable (Int) -> Void,
        cancel: @escaping @Sendable () -> Void
    ) {
        let origin = timeline.now
        var later = demand ?? []
        let atSubscription = later.first.flatMap { $0.at == subscription ? later.removeFirst().count : nil }
        let start: @Sendable () -> Void = {
            guard !hasEnded() else { return }
            subscribe()
            if let atSubscription, !hasEnded() { request(atSubscription) }
        }
        if subscription == .zero { start() } else { timeline.schedule(at: origin + subscription, first: true, start) }
        if let at = self.cancel { timeline.schedule(at: origin + at, first: true, cancel) }
        for (at, count) in later {
            timeline.schedule(at: origin + at, first: true) { if !hasEnded() { request(count) } }
        }
    }
}

extension ConsumerMarbles {
    /// Reads the diagrams of `record(clock:subscription:demand:)`; one that cannot be read is reported to the test
    /// framework at the call (`fileID`, `filePath`, `line`, `column`; the recorder then never subscribes), and gives
    /// `nil`.
    static func read(
        _ subscription: String?, _ demand: String?, frame: Duration, fileID: String, filePath: StaticString,
        line: UInt, column: UInt
    ) -> ConsumerMarbles? {
        do {
            return try ConsumerMarbles(subscription: subscription, demand: demand, frame: frame)
        } catch {
            let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            TestFrameworkReporter.report("record: \(error), so the recorder never subscribes", at: location)
            return nil
        }
    }
}
