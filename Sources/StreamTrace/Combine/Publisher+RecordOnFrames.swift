#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension Publisher {
    /// Subscribes a new recorder at the `^` of `subscription` and cancels it at its `!` (RxJS's subscription marbles),
    /// and, given `demand`, requests `.max(1)` at each of that diagram's marks instead of `.unlimited` at once. Every
    /// diagram, and the recording, count frames from now on `clock` (a ``TestScheduler``'s `clock` too).
    ///
    /// A `!` at frame N takes effect before frame N's events, whatever order they were scheduled in and under every
    /// ``TestClock/Schedule``: an element due at frame N is not recorded.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let input = TestStream<String>("-a-b-c|", scheduler: scheduler)
    /// let recorder = input.publisher.record(clock: scheduler.clock, subscription: "--^---!")
    /// scheduler.advance(by: .milliseconds(7))
    /// try recorder.marbles("---a-b!").get()  // cold from its subscription at frame 2: a at 3, b at 5
    /// ```
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the frames and of the event times.
    ///   - subscription: when the recorder subscribes (`^`) and cancels
    ///     (`!`): `"^"` subscribes at once and never cancels.
    ///   - demand: when the recorder requests `.max(1)` (see
    ///     `record(name:clock:demand:frame:sink:fileID:filePath:line:column:)`);
    ///     `nil` requests `.unlimited` on subscription.
    ///   - frame: the time one character takes.
    ///   - sink: where to write the trace while recording, if anywhere.
    ///   - fileID: where a diagram that cannot be read is reported, with
    ///     `filePath`, `line` and `column`; leave them out.
    ///   - filePath: see `fileID`.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    public func record(
        name: String? = nil, clock: TestClock, subscription: String, demand: String? = nil,
        frame: Duration = .milliseconds(1), sink: (any TraceSink)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Recorder<Output, Failure> {
        recording(
            name: name, clock: clock, sink: sink,
            acting: .read(
                subscription, demand, frame: frame, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Subscribes a new recorder that requests nothing at once and `.max(1)` at each mark of `demand`, on `clock`
    /// from now: paced demand, to test buffering and back-pressure with marbles.
    ///
    /// Each mark (any character but `-`, a space, `^`, `|`, `#` and `!`) is a request of `.max(1)` at its frame; a
    /// group puts several on one frame (`"-d-(dd)"`). With `subscription:` too, marks before `^` are requested at `^`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let input = TestStream<String>("ab|", scheduler: scheduler)
    /// let recorder = input.publisher.record(clock: scheduler.clock, demand: "---d-d")
    /// scheduler.advance(by: .milliseconds(6))
    /// try recorder.marbles("---a-(b|)").get()  // the end needs no demand
    /// ```
    ///
    /// Otherwise as `record(name:clock:subscription:demand:frame:sink:fileID:filePath:line:column:)`.
    public func record(
        name: String? = nil, clock: TestClock, demand: String, frame: Duration = .milliseconds(1),
        sink: (any TraceSink)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Recorder<Output, Failure> {
        recording(
            name: name, clock: clock, sink: sink,
            acting: .read(nil, demand, frame: frame, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A new recorder that subscribes, requests and cancels at the frames of `marbles` on `clock` (never, when they
    /// could not be read): the body of both overloads.
    private func recording(
        name: String?, clock: TestClock, sink: (any TraceSink)?, acting marbles: ConsumerMarbles?
    ) -> Recorder<Output, Failure> {
        let recorder = Recorder<Output, Failure>(name: name, clock: clock, sink: sink)
        guard let marbles else { return recorder }
        let storage = recorder.storage
        let subscriber = RecordingSubscriber(
            storage: storage, initialDemand: marbles.demand == nil ? .unlimited : nil)
        recorder.onCancel { subscriber.cancel() }
        recorder.onRequest { subscriber.request($0.combineDemand) }
        let subscription = LaterSubscription { self.subscribe(subscriber) }
        let hasEnded: @Sendable () -> Bool = { storage.hasEnded }
        marbles.act(on: clock.core.timeline, unless: hasEnded) {
            subscription.subscribe()
        } request: { count in
            for _ in 0..<count where !storage.hasEnded && storage.record(.request(.max(1))) {
                subscriber.request(.max(1))
            }
        } cancel: {
            storage.record(.cancel)
        }
        return recorder
    }
}

/// A publisher's `subscribe(_:)`, kept for the frame where a recorder subscribes: the clock runs it on the thread
/// that advances it, once, as `record()` would have run it at once.
private final class LaterSubscription: @unchecked Sendable {
    let subscribe: () -> Void

    init(_ subscribe: @escaping () -> Void) {
        self.subscribe = subscribe
    }
}
#endif
