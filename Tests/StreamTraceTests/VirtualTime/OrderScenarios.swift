import Foundation
import StreamTrace

/// Programs whose events fall at one instant of virtual time, each run from
/// scratch on a new clock: the trace it records is the order the clock gave
/// them. The probes (``ScheduleOrderTests``) run each thousands of times and
/// count the distinct traces.
enum OrderScenarios {
    /// One of the programs, by name.
    struct Scenario: Sendable, CustomStringConvertible {
        var description: String
        var run: @Sendable (TestClock) async throws -> String
    }

    static let all: [Scenario] = [mergeOfTwoInOneFrame, mergeOfThreeAtFrameZero, twoForwardingTasks, fourSleepers]

    /// `merge` of two `TestStream`s whose elements fall in frame 1.
    static let mergeOfTwoInOneFrame = Scenario(description: "merge of two TestStreams in one frame") { clock in
        let merged = merge([TestStream<String>("-a---|", clock: clock), TestStream<String>("-b---|", clock: clock)])
        let recorder = merged.record(name: "merged", clock: clock)
        await clock.advance(by: .milliseconds(10))
        return recorder.traceText
    }

    /// `merge` of three `TestStream`s whose elements fall in frame 0.
    static let mergeOfThreeAtFrameZero = Scenario(description: "merge of three TestStreams at frame 0") { clock in
        let merged = merge([
            TestStream<String>("a-|", clock: clock), TestStream<String>("b-|", clock: clock),
            TestStream<String>("c-|", clock: clock),
        ])
        let recorder = merged.record(name: "merged", clock: clock)
        await clock.advance(by: .milliseconds(10))
        return recorder.traceText
    }

    /// Two plain tasks, each forwarding one `TestStream` into one `AsyncStream`.
    static let twoForwardingTasks = Scenario(description: "two tasks forwarding into one AsyncStream") { clock in
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let recorder = stream.record(name: "forwarded", clock: clock)
        let inputs = [TestStream<String>("-a-|", clock: clock), TestStream<String>("-b-|", clock: clock)]
        let forwarders = inputs.map { input in
            Task {
                for try await element in input { continuation.yield(element) }
            }
        }
        await clock.advance(by: .milliseconds(10))
        for forwarder in forwarders { _ = await forwarder.result }
        continuation.finish()
        await clock.advance()
        return recorder.traceText
    }

    /// Four tasks sleeping to one deadline, each yielding its index.
    static let fourSleepers = Scenario(description: "four tasks sleeping to one deadline") { clock in
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = stream.record(name: "woken", clock: clock)
        let sleepers = (0..<4).map { index in
            Task {
                try await clock.sleep(until: .init(offset: .milliseconds(5)))
                continuation.yield(index)
            }
        }
        await clock.advance(by: .milliseconds(10))
        for sleeper in sleepers { _ = await sleeper.result }
        continuation.finish()
        await clock.advance()
        return recorder.traceText
    }

    /// The elements of `inputs` as they come, each input read by a task of
    /// its own (a task group), as `merge` operators do.
    static func merge<Input: AsyncSequence & Sendable>(_ inputs: [Input]) -> AsyncThrowingStream<
        Input.Element, any Error
    >
    where Input.Element: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for input in inputs {
                            group.addTask {
                                for try await element in input { continuation.yield(element) }
                            }
                        }
                        try await group.waitForAll()
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
