#if canImport(Combine)
import Combine
import Dispatch
import Foundation  // DispatchQueue.SchedulerTimeType
#elseif OpenCombine
import Dispatch
import OpenCombine
import OpenCombineDispatch
#endif

#if canImport(Combine) || OpenCombine

/// A Combine scheduler whose time moves only when a test moves it, in the spirit of combine-schedulers'
/// `TestScheduler`.
///
/// Work scheduled on it — by `receive(on:)`, `subscribe(on:)`, `delay`, `debounce` or by hand — runs when
/// ``advance(by:)``, ``advance(to:)`` or ``run()`` reaches its time, in time order (and in scheduling order at equal
/// times), on the thread that advances. A recorder timed by its ``clock`` stamps events in the same virtual time.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = Just(1).delay(for: 1, scheduler: scheduler).record(clock: scheduler.clock)
/// scheduler.advance(by: 1)
/// let value = try recorder.single.get()  // 1, recorded at t=+1s
/// ```
///
/// The synchronous `advance` runs the scheduled work on the caller's thread, in time order, and returns: enough for a
/// pipeline that is Combine all the way. It does not order that work against the tasks the scheduler's ``clock``
/// follows, nor wait for the tasks it starts or wakes — a `sink` that starts a `Task`, a task sleeping on ``clock``:
/// advance with `await scheduler.clock.advance(by:)` instead, which runs the actions and those tasks one at a time in
/// one order and waits for them (see ``TestClock``'s "Deterministic advancing" and "One order"; the scheduler follows
/// the tasks of the task that created it).
public final class TestScheduler: Scheduler, @unchecked Sendable {
    public typealias SchedulerTimeType = VirtualTime
    public typealias SchedulerOptions = Never

    let core: VirtualClockCore

    /// A scheduler at time zero. The current task, if any, is the first its ``clock`` follows.
    ///
    /// - Parameters:
    ///   - schedule: the order of the jobs of the tasks its ``clock``
    ///     follows, and of the sleepers and actions due at one instant
    ///     (``TestClock/Schedule``).
    ///   - fileID: where a stall of the clock's tasks is reported, with
    ///     `filePath`, `line` and `column` (``TestClock/Schedule``); leave
    ///     them out.
    ///   - filePath: see `fileID`.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    public init(
        schedule: TestClock.Schedule = .current, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        core = VirtualClockCore(
            now: .zero, schedule: schedule,
            origin: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    public var now: VirtualTime { VirtualTime(nanoseconds: TimeFormat.nanoseconds(core.timeline.now)) }
    public var minimumTolerance: VirtualTime.Stride { .zero }

    /// How many actions wait to run (tasks sleeping on ``clock`` included).
    public var pendingCount: Int { core.timeline.entryCount }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        core.timeline.schedule(at: core.timeline.now, action)
    }

    public func schedule(
        after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?, _ action: @escaping () -> Void
    ) {
        core.timeline.schedule(at: .nanoseconds(date.nanoseconds), action)
    }

    public func schedule(
        after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let cancelled = LatchedFlag()
        let interval = max(interval, .nanoseconds(1))
        func schedule(at time: VirtualTime) {
            core.timeline.schedule(at: .nanoseconds(time.nanoseconds)) { [weak self] in
                guard !cancelled.isSet else { return }
                action()
                guard !cancelled.isSet, self != nil else { return }
                schedule(at: time.advanced(by: interval))
            }
        }
        schedule(at: date)
        return AnyCancellable { cancelled.set() }
    }

    /// Runs, in time order, every action due until `now + stride`, then sets the time there. Tasks it wakes run later:
    /// to wait for them, use `await clock.advance(by:)`.
    public func advance(by stride: VirtualTime.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Runs every action due until `time`, in time order, then sets the time there (never backwards). Actions scheduled
    /// meanwhile run too if due.
    public func advance(to time: VirtualTime) {
        core.advanceWithoutSettling(to: .nanoseconds(time.nanoseconds))
    }

    /// Runs every scheduled action, moving time as far as they need. Repeating actions would run forever: cancel them
    /// first.
    public func run() {
        while let last = core.timeline.lastDeadline {
            core.advanceWithoutSettling(to: last)
        }
    }

    /// A ``TestClock`` on this scheduler's virtual time: recorders stamp events with it (`"clock":"virtual"`), tasks
    /// sleep on it, and tests advance the scheduler through it (running its actions and waking its sleepers in time
    /// order) and wait for the tasks it wakes.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// // The model debounces with `scheduler`, then fetches in a Task that
    /// // sleeps 100 ms on `scheduler.clock` for the network.
    /// let model = SearchModel(scheduler: scheduler)
    /// let recorder = model.results.record(clock: scheduler.clock)
    /// model.query.send("swift")
    /// await scheduler.clock.advance(by: .milliseconds(400))
    /// #expect(try await wait(for: recorder.next(), timeout: .seconds(5)) == ["swift"])
    /// ```
    public var clock: TestClock { TestClock(core: core, diagnosticName: "TestScheduler") }
}

/// A point in a ``TestScheduler``'s virtual time (its `SchedulerTimeType`): nanoseconds since the scheduler started.
public struct VirtualTime: Strideable, Hashable, Sendable, CustomStringConvertible {
    package var nanoseconds: Int64

    package init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The span from this time to `other`.
    public func distance(to other: VirtualTime) -> Stride { .nanoseconds(Int(other.nanoseconds - nanoseconds)) }
    /// This time moved by `stride`.
    public func advanced(by stride: Stride) -> VirtualTime {
        VirtualTime(nanoseconds: nanoseconds + Int64(stride.magnitude))
    }
    /// `+300ms`: the time since the scheduler started.
    public var description: String { "+" + TimeFormat.short(nanoseconds) }

    /// A span of virtual time: the `DispatchQueue` scheduler's stride, so an integer or floating point literal is in
    /// seconds (`advance(by: 1)` is one second) and `.milliseconds(300)` and the like read as they do for
    /// `DispatchQueue`.
    #if canImport(Combine)
    public typealias Stride = DispatchQueue.SchedulerTimeType.Stride
    #else
    public typealias Stride = DispatchQueue.OCombine.SchedulerTimeType.Stride
    #endif
}
#endif
