import Dispatch
import Foundation
import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The measured loops: each StreamTrace workload and its bare baseline feed
/// the same `count` integers, so that their difference is what recording
/// costs an app.
enum Workloads {
    /// A trace file at `path`; one that cannot be made (`--dir` not a writable folder) ends the run with exit 2.
    static func sink(at path: String) -> FileTraceSink {
        do {
            return try FileTraceSink(path: path)
        } catch {
            FileHandle.standardError.write(Data("RecorderClient: \(error)\n".utf8))
            exit(2)
        }
    }

    struct SmallItem: Encodable, Sendable {
        var id: Int
        var name: String
        var score: Double
    }

    /// The baseline of the hand-fed recorder: the same loop into a consumer
    /// that keeps the values behind a lock, called without inlining, as a
    /// subscriber fed from any thread is.
    static func bare(_ count: Int) {
        let consumer = BareConsumer()
        for i in 0..<count { consumer.receive(i) }
        blackHole(consumer.count)
    }

    /// A recorder fed by hand.
    static func recorder(_ count: Int) {
        let recorder = Recorder<Int, Never>()
        for i in 0..<count { recorder.receive(i) }
        recorder.receive(completion: .finished)
        blackHole(recorder)
    }

    /// A recorder fed by hand, then read with `marbles`, which its first element decides (a value where the diagram has
    /// none), and the failure's report made, as `expectMarbles` makes it.
    static func recorderMarbles(_ count: Int) {
        let recorder = Recorder<Int, Never>()
        for i in 0..<count { recorder.receive(i) }
        recorder.receive(completion: .finished)
        do {
            try recorder.marbles("-a|", values: ["a": -1], frame: .seconds(1)).get()
        } catch {
            blackHole(String(describing: error))
        }
        blackHole(recorder)
    }

    /// A bare `for await` that keeps the elements, as any recording must.
    static func asyncBare(_ sequence: CountingSequence) {
        blocking {
            var received: [Int] = []
            for await i in sequence { received.append(i) }
            blackHole(received.count)
        }
    }

    /// The same sequence through `record()`, until the recorder has it all.
    static func asyncRecorded(_ sequence: CountingSequence) {
        blocking {
            let recorder = sequence.record()
            _ = try? await recorder.finished.value(timeout: .seconds(600))
        }
    }

    /// A recorder writing its trace to a file sink.
    static func recorderWriting<T>(_ count: Int, path: String, _ make: (Int) -> T) {
        let sink = sink(at: path)
        let recorder = Recorder<T, Never>(sink: sink)
        for i in 0..<count { recorder.receive(make(i)) }
        recorder.receive(completion: .finished)
        sink.close()
    }

    /// A `TraceWriter` (nothing kept in memory) writing to a file sink.
    static func traceWriter(_ count: Int, path: String) {
        let sink = sink(at: path)
        let writer = TraceWriter<Int, Never>(sink: sink)
        writer.write(.subscribe)
        for i in 0..<count { writer.write(.value(i)) }
        writer.write(.finished)
        sink.close()
    }

    /// A `TraceWriter` writing to a sink of a `TraceDirectory` (a member of the folder's group): each event takes the
    /// group's number under its lock and writes it as `"seq"`.
    static func directoryWriter(_ count: Int, directory: String) {
        let traces: TraceDirectory<ContinuousClock>
        let sink: FileTraceSink
        do {
            traces = try TraceDirectory(path: directory, clock: ContinuousClock())
            sink = try traces.sink(named: "writer")
        } catch {
            FileHandle.standardError.write(Data("RecorderClient: \(error)\n".utf8))
            exit(2)
        }
        let writer = TraceWriter<Int, Never>(clock: traces.clock, sink: sink)
        writer.write(.subscribe)
        for i in 0..<count { writer.write(.value(i)) }
        writer.write(.finished)
        sink.close()
    }

    /// Three recorders fed `count` values in turn (`recorders[i % 3]` gets `i`) from `threads` threads, each thread
    /// every `threads`-th value: in a `StreamGroup` (`grouped`), each value also takes the group's number and goes to
    /// the group's recording; else three recorders of their own.
    static func threeRecorders(_ count: Int, threads: Int, grouped: Bool) {
        let group = StreamGroup(name: "bench", clock: ContinuousClock())
        let recorders: [Recorder<Int, Never>] = ["a", "b", "c"].map { name in
            grouped ? group.recorder(named: name, of: Int.self) : Recorder<Int, Never>(name: name)
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for i in stride(from: thread, to: count, by: threads) { recorders[i % 3].receive(i) }
        }
        for recorder in recorders { recorder.receive(completion: .finished) }
        blackHole(recorders)
        blackHole(group)
    }

    /// The baseline of a writer: `count` ready-made lines of the same total
    /// size written through the same sink.
    static func readyMadeLines(_ count: Int, bytes: Int, path: String) {
        let line = Array(repeating: UInt8(ascii: "x"), count: max(1, bytes / count - 1))
        let sink = sink(at: path)
        line.withUnsafeBytes { body in
            for _ in 0..<count { sink.write(line: body, isTerminal: false) }
        }
        sink.close()
    }

    /// Runs async work to completion from synchronous code.
    static func blocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }

    /// The size of the file at `path`, in bytes.
    static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}

/// What a subscriber without StreamTrace does with each value: appends it
/// to an array behind a lock, in a method the caller cannot inline. The
/// lock is the recorder's (a `pthread_mutex_t`, `os_unfair_lock` on Apple
/// platforms) and the array, like the recorder's, skips the runtime's
/// exclusivity checks (the lock makes access exclusive): the cheapest
/// consumer, so the difference is all StreamTrace's.
final class BareConsumer: @unchecked Sendable {
    #if canImport(Darwin)
    private let mutex = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
    #else
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    #endif
    @exclusivity(unchecked) private var values: [Int] = []

    init() {
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deallocate()
    }

    @inline(never) func receive(_ value: Int) {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        values.append(value)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_lock(mutex)
        values.append(value)
        pthread_mutex_unlock(mutex)
        #endif
    }

    var count: Int { values.count }
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
