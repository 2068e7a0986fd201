import Foundation
import StreamTrace
import Testing

@Suite struct StressTests {
    struct Tagged: Sendable, Equatable {
        var thread: Int
        var sequence: Int
    }

    @Test func eightThreadsFeedingOneRecorderLoseNothingAndKeepPerThreadOrder() async throws {
        let producers = 8
        let perThread = 100_000
        let total = producers * perThread
        let recorder = Recorder<Tagged, Never>()

        // Waiters of every kind, blocking and async, started before the producers.
        let blockingWaiters = (0..<2).map { _ in
            let done = Recorder<Int, Never>()
            let thread = Thread {
                let count = (try? recorder.prefix(total).wait(timeout: .seconds(120)).count) ?? -1
                done.receive(count)
            }
            thread.start()
            return done
        }
        async let asyncPrefix = recorder.prefix(total).value(timeout: .seconds(120))
        async let finished: Void = recorder.finished.value(timeout: .seconds(120))

        let started = DispatchGroup()
        for thread in 0..<producers {
            started.enter()
            Thread {
                for sequence in 0..<perThread { recorder.receive(Tagged(thread: thread, sequence: sequence)) }
                started.leave()
            }.start()
        }
        await withCheckedContinuation { continuation in
            started.notify(queue: .global()) { continuation.resume() }
        }
        recorder.receive(completion: .finished)

        let elements = try recorder.elements.get()
        #expect(elements.count == total)
        var next = Array(repeating: 0, count: producers)
        var outOfOrder = 0
        for element in elements {
            if element.sequence != next[element.thread] { outOfOrder += 1 }
            next[element.thread] = element.sequence + 1
        }
        #expect(outOfOrder == 0)
        #expect(next == Array(repeating: perThread, count: producers))
        #expect(try await asyncPrefix.count == total)
        try await finished
        for done in blockingWaiters {
            #expect(try await done.next().value(timeout: .seconds(120)) == total)
        }
        let times = recorder.events.map(\.nanoseconds)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
