import Operators
import StreamTrace
import StreamTraceTesting
import Testing

/// `combineLatest` over Combine publishers, in marbles (1 ms a frame). The
/// scheduler takes each explored schedule, but `advance` runs its actions
/// on the caller's thread, one at a time: every schedule draws the same.
@Suite(.exploringSchedules(100)) struct CombineLatestTests {
    @Test func eachValueCombinesWithTheOthersLatest() {
        let scheduler = TestScheduler()
        let letters = TestStream<String>("-a---b---|", scheduler: scheduler).publisher
        let digits = TestStream<String>("--1---2--|", scheduler: scheduler).publisher
        let recorder = letters.combineLatest(digits) { $0 + $1 }.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(10))
        expectMarbles(recorder, "--x--yz--|", values: ["x": "a1", "y": "b1", "z": "b2"])
    }

    @Test func itFinishesWhenBothHaveFinishedAndFailsWhenEitherFails() {
        let scheduler = TestScheduler()
        let letters = TestStream<String>("-a|", scheduler: scheduler).publisher
        let finished = letters.combineLatest(TestStream("--1---|", scheduler: scheduler).publisher) { $0 + $1 }
        let failed = letters.combineLatest(TestStream("--1#", scheduler: scheduler).publisher) { $0 + $1 }
        let (first, second) = (finished.record(clock: scheduler.clock), failed.record(clock: scheduler.clock))
        scheduler.advance(by: .milliseconds(10))
        expectMarbles(first, "--x---|", values: ["x": "a1"])
        expectMarbles(second, "--x#", values: ["x": "a1"])
    }
}
