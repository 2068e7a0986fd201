import Foundation
import Testing

@testable import StreamTrace

/// Event times as the recorder and the writer stamp them on the system
/// clocks: the clock's own readings in nanoseconds since the header's `at`,
/// in order, from any thread. Where the platform allows they are read from
/// the processor's counter between readings of the clock (`CounterClock`);
/// these tests pin what a user sees either way, over many anchors.
@Suite struct RecorderClockTests {
    /// How far a time may be from the clock: a counter time is the clock's
    /// within a few hundred nanoseconds at worst (tens typically); a wrong
    /// rate or a lost anchor would be off by microseconds to milliseconds.
    static let tolerance: Int64 = 2_000

    /// How long each test records: about 18 anchors at 2.5 GHz.
    static let span: Int64 = 30_000_000

    enum SystemClock: String, CaseIterable, Sendable {
        case continuous, suspending

        var id: clockid_t {
            switch self {
            case .continuous: TimeSource.systemClockID(ContinuousClock.self)!
            case .suspending: TimeSource.systemClockID(SuspendingClock.self)!
            }
        }

        func recorder(sink: (any TraceSink)? = nil) -> Recorder<Int, Never> {
            switch self {
            case .continuous: Recorder(clock: ContinuousClock(), sink: sink)
            case .suspending: Recorder(clock: SuspendingClock(), sink: sink)
            }
        }
    }

    /// The clock's readings just before and just after `body`, less `start`.
    static func bracket(_ clock: clockid_t, start: Int64, _ body: () -> Void) -> ClosedRange<Int64> {
        let before = TimeSource.nanoseconds(of: clock) - start
        body()
        return before...(TimeSource.nanoseconds(of: clock) - start)
    }

    /// The events whose time is outside their bracket (widened by the
    /// tolerance), as `index: time not in bracket` (at most three).
    static func outside(_ times: [Int64], _ brackets: [ClosedRange<Int64>]) -> [String] {
        zip(times, brackets).enumerated().filter { _, pair in
            pair.0 < pair.1.lowerBound - tolerance || pair.0 > pair.1.upperBound + tolerance
        }.prefix(3).map { "\($0.offset): \($0.element.0) not in \($0.element.1)" }
    }

    @Test(arguments: SystemClock.allCases)
    func aRecordersTimesAreTheClocksReadingsAroundEachEvent(_ clock: SystemClock) throws {
        let recorder = clock.recorder()
        let start = try #require(recorder.header.at)
        var brackets: [ClosedRange<Int64>] = []
        while brackets.last.map({ $0.upperBound < Self.span }) ?? true {
            brackets.append(Self.bracket(clock.id, start: start) { recorder.receive(brackets.count) })
        }
        let times = recorder.events.map(\.nanoseconds)
        #expect(times.count == brackets.count)
        #expect(Self.outside(times, brackets) == [])
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test(arguments: SystemClock.allCases)
    func aTraceWritersTimesAreTheClocksReadingsAroundEachEvent(_ clock: SystemClock) throws {
        let sink = MemoryTraceSink()
        let writer =
            clock == .continuous
            ? TraceWriter<Int, Never>(clock: ContinuousClock(), sink: sink)
            : TraceWriter<Int, Never>(clock: SuspendingClock(), sink: sink)
        let trace = { try Trace(text: sink.text) }
        let start = try #require(trace().header.at)
        var brackets: [ClosedRange<Int64>] = []
        while brackets.last.map({ $0.upperBound < Self.span }) ?? true {
            brackets.append(Self.bracket(clock.id, start: start) { writer.write(.value(brackets.count)) })
        }
        let times = try trace().events.map(\.nanoseconds)
        #expect(times.count == brackets.count)
        #expect(Self.outside(times, brackets) == [])
    }

    @Test func threadsRecordingAtOnceGetTheClocksTimesInOrder() async throws {
        let recorder = SystemClock.continuous.recorder()
        let start = try #require(recorder.header.at)
        let threads = 4
        let brackets = LockedValue([[ClosedRange<Int64>]](repeating: [], count: threads))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for thread in 0..<threads {
                group.enter()
                Thread {
                    var own: [ClosedRange<Int64>] = []
                    while own.last.map({ $0.upperBound < Self.span }) ?? true {
                        let value = thread << 32 | own.count
                        own.append(Self.bracket(SystemClock.continuous.id, start: start) { recorder.receive(value) })
                    }
                    brackets.update { $0[thread] = own }
                    group.leave()
                }.start()
            }
            group.notify(queue: .global()) { done.resume() }
        }
        let events = recorder.events
        let times = events.map(\.nanoseconds)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        let all = brackets.current
        for thread in 0..<threads {
            let own = events.compactMap { event -> (Int, Int64)? in
                guard case .value(let value) = event.event, value >> 32 == thread else { return nil }
                return (value & 0xFFFF_FFFF, event.nanoseconds)
            }
            #expect(own.map(\.0) == Array(0..<all[thread].count), "thread \(thread) in order, none lost")
            #expect(Self.outside(own.map(\.1), all[thread]) == [], "thread \(thread)")
        }
    }
}
