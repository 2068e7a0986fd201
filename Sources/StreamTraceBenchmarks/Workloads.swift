import Foundation
import StreamTrace

/// The measured loops, shared by the benchmark and `--profile` (which runs
/// one of them once under a profiler: `valgrind --tool=callgrind`).
enum Workloads {
    struct SmallItem: Encodable {
        var id: Int
        var name: String
        var score: Double
    }

    /// A bare subscriber: the values appended to an array behind a lock,
    /// as a subscriber fed from any thread needs.
    static func bare(_ count: Int) {
        let lock = NSLock()
        var received: [Int] = []
        for i in 0..<count {
            lock.lock()
            received.append(i)
            lock.unlock()
        }
        blackHole(received.count)
    }

    /// A recorder fed by hand.
    static func recorder(_ count: Int) {
        let recorder = Recorder<Int, Never>()
        for i in 0..<count { recorder.receive(i) }
        recorder.receive(completion: .finished)
        blackHole(recorder.consumedCount)
    }

    /// A bare `for await` that keeps the elements, as any recording must.
    static func asyncBare(_ sequence: CountingSequence) {
        Measure.blocking {
            var received: [Int] = []
            for await i in sequence { received.append(i) }
            blackHole(received.count)
        }
    }

    /// The same sequence through `record()`, until the recorder has it all.
    static func asyncRecorded(_ sequence: CountingSequence) {
        Measure.blocking {
            let recorder = sequence.record()
            _ = try? await recorder.finished.value(timeout: .seconds(600))
        }
    }

    /// Reads the clock a recorder stamps events with (`ContinuousClock`).
    static func clockReads(_ count: Int) {
        var sum: Int64 = 0
        for _ in 0..<count {
            var now = timespec()
            #if os(Linux)
            clock_gettime(CLOCK_BOOTTIME, &now)
            #else
            clock_gettime(CLOCK_MONOTONIC_RAW, &now)
            #endif
            sum &+= Int64(now.tv_nsec)
        }
        blackHole(sum)
    }

    /// A recorder writing its trace to a file sink.
    static func recorderWriting<T>(_ count: Int, path: String, _ make: (Int) -> T) {
        let sink = try! FileTraceSink(path: path)
        let recorder = Recorder<T, Never>(sink: sink)
        for i in 0..<count { recorder.receive(make(i)) }
        recorder.receive(completion: .finished)
        sink.close()
    }

    /// A `TraceWriter` (nothing kept in memory) writing to a file sink.
    static func traceWriter(_ count: Int, path: String) {
        let sink = try! FileTraceSink(path: path)
        let writer = TraceWriter<Int, Never>(sink: sink)
        writer.write(.subscribe)
        for i in 0..<count { writer.write(.value(i)) }
        writer.write(.finished)
        sink.close()
    }

    /// The baseline of a writer: `count` ready-made lines of the same total
    /// size written through the same sink.
    static func readyMadeLines(_ count: Int, bytes: Int, path: String) {
        let line = Array(repeating: UInt8(ascii: "x"), count: max(1, bytes / count - 1))
        let sink = try! FileTraceSink(path: path)
        line.withUnsafeBytes { body in
            for _ in 0..<count { sink.write(line: body, isTerminal: false) }
        }
        sink.close()
    }

    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// `--profile WORKLOAD`: one workload, once.
enum Profile {
    static func run(_ workload: String, events: Int, directory: String) {
        let path = directory + "/profile.jsonl"
        switch workload {
        case "bare": Workloads.bare(events)
        case "recorder": Workloads.recorder(events)
        case "async-bare": Workloads.asyncBare(CountingSequence(count: events))
        case "async": Workloads.asyncRecorded(CountingSequence(count: events))
        case "writer": Workloads.recorderWriting(events, path: path) { $0 }
        case "writer-string": Workloads.recorderWriting(events, path: path) { "item-\($0)" }
        case "trace-writer": Workloads.traceWriter(events, path: path)
        default: preconditionFailure("unknown workload \(workload)")
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

@inline(never) func blackHole<T>(_ value: T) {}

/// An AsyncSequence of 0..<count that never suspends.
struct CountingSequence: AsyncSequence, Sendable {
    let count: Int
    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 0
        let count: Int
        mutating func next() async -> Int? {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}
