#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension TestStream {
    /// A stream that plays `diagram` on `scheduler`'s time: its ``publisher`` delivers each event when
    /// `scheduler.advance` (or `scheduler.clock.advance`) reaches its frame. See
    /// ``init(_:values:error:frame:clock:fileID:filePath:line:column:)``.
    public init(
        _ diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil,
        frame: Duration = .milliseconds(1), scheduler: TestScheduler, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(reporting: diagram, values, error, frame, scheduler.core, at: (fileID, filePath, line, column))
    }

    /// The stream as a Combine publisher: each subscription plays the diagram as an iteration does, delivering what is
    /// due when the clock reaches it, as demand allows (what is due meanwhile waits for demand). Events due at the
    /// subscription are delivered at once.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let input = TestStream<String>("-a-b|", scheduler: scheduler)
    /// let recorder = input.publisher.map { $0.uppercased() }.record(clock: scheduler.clock)
    /// scheduler.advance(by: .milliseconds(4))
    /// let elements = try recorder.elements.get()  // ["A", "B"]
    /// ```
    public var publisher: AnyPublisher<Element, any Error> { MarblePublisher(stream: self).eraseToAnyPublisher() }
}

/// A ``TestStream`` as a Combine publisher; see ``TestStream/publisher``.
struct MarblePublisher<Element: Sendable>: Publisher, Sendable {
    typealias Output = Element
    typealias Failure = any Error

    let stream: TestStream<Element>

    /// Plays the diagram for `subscriber`, from now for a cold stream.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == any Error {
        let subscription = MarbleSubscription(subscriber)
        subscriber.receive(subscription: subscription)
        let timeline = stream.core.timeline
        switch stream.playback {
        case .success(let playback):
            if !playback.isHot { stream.core.inputs.noteStart(of: stream.registration, at: timeline.now) }
            subscription.start(playback.schedule(subscribedAt: timeline.now, createdAt: stream.created), on: timeline)
        case .failure(let error):
            subscription.start([(timeline.now, .failure(error))], on: timeline)
        }
    }
}

/// One subscription to a ``MarblePublisher``: the steps that are due, delivered as the subscriber's demand allows.
final class MarbleSubscription<S: Subscriber>: Subscription, @unchecked Sendable where S.Failure == any Error {
    typealias Step = MarblePlayback<S.Input>.Step

    let combineIdentifier = CombineIdentifier()
    private let lock = Lock()
    private var subscriber: S?
    private var demand = Subscribers.Demand.none
    private var due: [Step] = []
    private var delivering = false

    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    /// Queues the steps due now and schedules the others on `timeline`.
    func start(_ steps: [(deadline: Duration, step: Step)], on timeline: VirtualTimeline) {
        let now = timeline.now
        for (deadline, step) in steps {
            if deadline <= now {
                lock.withLock { due.append(step) }
            } else {
                timeline.schedule(at: deadline) { [weak self] in self?.arrive(step) }
            }
        }
        deliver()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { self.demand += demand }
        deliver()
    }

    func cancel() {
        lock.withLock {
            subscriber = nil
            due = []
        }
    }

    private func arrive(_ step: Step) {
        lock.withLock { if subscriber != nil { due.append(step) } }
        deliver()
    }

    /// Delivers what is due while there is demand (an end needs none), one at a time, outside the lock.
    private func deliver() {
        while let (subscriber, step) = takeDeliverable() {
            switch step {
            case .element(let element):
                let more = subscriber.receive(element)
                lock.withLock { demand += more }
            case .finished:
                subscriber.receive(completion: .finished)
            case .failure(let error):
                subscriber.receive(completion: .failure(error))
            }
            lock.withLock { delivering = false }
        }
    }

    private func takeDeliverable() -> (S, Step)? {
        lock.withLock {
            guard !delivering, let subscriber, let step = due.first else { return nil }
            if case .element = step {
                guard demand > .none else { return nil }
                demand -= 1
            } else {
                self.subscriber = nil
                due = []
            }
            if !due.isEmpty { due.removeFirst() }
            delivering = true
            return (subscriber, step)
        }
    }
}
#endif
