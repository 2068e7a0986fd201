import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// swift-async-algorithms' `merge` of `TestStream`s, in marbles (1 ms a
/// frame): elements of two (or three) inputs in one frame.
///
/// `merge` iterates each input in a task of its own, and the element that
/// reaches it first is sent first. When the inputs' elements are due at the
/// same instant, which input's task runs first is the schedule's choice: on
/// a real clock the sleepers due at one instant wake on threads side by side,
/// so either order happens, and a test that pins one is flaky there. A
/// `TestClock` makes the choice itself. In order (the default), it wakes the
/// sleepers in the order they began to sleep (the inputs' order: `merge`
/// starts their tasks, and asks them for an element, in that order), so the
/// drawing is `-(ab)|` in every run. Under a seeded random schedule it
/// wakes them in the seed's order, `-(ab)|` or `-(ba)|`: what holds under
/// every schedule is both elements in that frame, in either order, then the
/// end.
@Suite struct MergeTests {
    @Test func elementsInOneFrameComeInTheInputsOrder() async {
        let clock = TestClock(schedule: .inOrder)
        let recorder = merge(TestStream<String>("-a---|", clock: clock), TestStream<String>("-b---|", clock: clock))
            .record(clock: clock)
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "-(ab)")
        await clock.advance(by: .milliseconds(4))
        expectMarbles(recorder, "-(ab)|")
    }

    @Test func elementsOfThreeInputsInOneFrameComeInTheInputsOrder() async {
        let clock = TestClock(schedule: .inOrder)
        let recorder = merge(
            TestStream<String>("-a----|", clock: clock), TestStream<String>("-b----|", clock: clock),
            TestStream<String>("-c----|", clock: clock)
        ).record(clock: clock)
        await clock.advance(by: .milliseconds(1))
        expectMarbles(recorder, "-(abc)")
        await clock.advance(by: .milliseconds(5))
        expectMarbles(recorder, "-(abc)|")
    }

    /// Fifty runs in one process, each on a clock of its own: the same
    /// drawing every time (`make stress-operators` runs it in fresh
    /// processes, with a core busy too).
    @Test func theInOrderDrawingIsTheSameInEveryRun() async {
        for _ in 0..<50 {
            let clock = TestClock(schedule: .inOrder)
            let recorder = merge(TestStream<String>("-a---|", clock: clock), TestStream<String>("-b---|", clock: clock))
                .record(clock: clock)
            await clock.advance(by: .milliseconds(5))
            expectMarbles(recorder, "-(ab)|")
        }
    }

    @Test(.exploringSchedules(100))
    func underEveryScheduleBothElementsComeInTheirFrameInEitherOrderThenTheEnd() async throws {
        let clock = TestClock()
        let recorder = merge(TestStream<String>("-a---|", clock: clock), TestStream<String>("-b---|", clock: clock))
            .record(clock: clock)
        await clock.advance(by: .milliseconds(1))
        #expect(Self.valueTimes(recorder) == ["a": .milliseconds(1), "b": .milliseconds(1)])
        await clock.advance(by: .milliseconds(4))
        // Both elements in frame 1, in either order, and finished in frame 5.
        let drawn = Self.drawings(recorder, among: ["-(ab)|", "-(ba)|"])
        #expect(drawn.count == 1)
        #expect(try recorder.elements.get().sorted() == ["a", "b"])
        if TestClock.Schedule.current.seed == nil { #expect(drawn == ["-(ab)|"]) }
    }

    @Test(.exploringSchedules(100))
    func underEveryScheduleTheElementsOfThreeInputsComeInTheirFrameInAnyOrderThenTheEnd() async throws {
        let clock = TestClock()
        let recorder = merge(
            TestStream<String>("-a----|", clock: clock), TestStream<String>("-b----|", clock: clock),
            TestStream<String>("-c----|", clock: clock)
        ).record(clock: clock)
        await clock.advance(by: .milliseconds(1))
        #expect(Self.valueTimes(recorder) == ["a": .milliseconds(1), "b": .milliseconds(1), "c": .milliseconds(1)])
        await clock.advance(by: .milliseconds(5))
        let orders = ["abc", "acb", "bac", "bca", "cab", "cba"]
        #expect(Self.drawings(recorder, among: orders.map { "-(\($0))|" }).count == 1)
        #expect(try recorder.elements.get().sorted() == ["a", "b", "c"])
    }

    /// What the every-schedule tests stand on: the seeded schedules do wake
    /// the inputs in both orders (seeds 0..<100 give `ab` 48 times, `ba`
    /// 52), as a real clock may.
    @Test func theSeededSchedulesReachBothOrders() async throws {
        var orders: Set<String> = []
        for seed in UInt64(0)..<100 {
            let clock = TestClock(schedule: .random(seed: seed))
            let recorder = merge(TestStream<String>("-a---|", clock: clock), TestStream<String>("-b---|", clock: clock))
                .record(clock: clock)
            await clock.advance(by: .milliseconds(5))
            orders.insert(try recorder.elements.get().joined())
        }
        #expect(orders == ["ab", "ba"])
    }

    /// Each element recorded and when (elements are distinct here).
    static func valueTimes<Failure>(_ recorder: Recorder<String, Failure>) -> [String: Duration] {
        var times: [String: Duration] = [:]
        for event in recorder.events {
            if case .value(let value) = event.event { times[value] = event.time }
        }
        return times
    }

    /// The diagrams of `candidates` that draw the recording.
    static func drawings<Failure>(_ recorder: Recorder<String, Failure>, among candidates: [String]) -> [String] {
        candidates.filter { (try? recorder.marbles($0).get()) != nil }
    }
}
