import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs `work` for items `0..<count` on `jobs` threads and hands each
/// output to `deliver` in item order, one at a time: parallel work,
/// deterministic output.
///
/// Items are started in order, and never more than `window` ahead of the
/// next one to deliver, so that at most `window` outputs wait in memory
/// for a slow item before them. `deliver` runs on whichever thread
/// completed the item it waits for, never on two threads at once. If it
/// throws, no new item starts, and the error is rethrown once the items
/// in progress are done.
final class OrderedWork<Output, Failure: Error>: @unchecked Sendable {
    private let count: Int
    private let window: Int
    private let work: (Int) -> Output
    private let deliver: (Int, Output) throws(Failure) -> Void
    // Guarded by `mutex`; `condition` is signalled when `head` moves or
    // the run fails.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var next = 0
    private var head = 0
    private var done: [Int: Output] = [:]
    private var delivering = false
    private var failure: Failure?

    private init(
        count: Int, window: Int, work: @escaping (Int) -> Output,
        deliver: @escaping (Int, Output) throws(Failure) -> Void
    ) {
        self.count = count
        self.window = max(window, 1)
        self.work = work
        self.deliver = deliver
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs the items; the calling thread is one of the `jobs` threads.
    static func run(
        count: Int, jobs: Int, window: Int, work: @escaping (Int) -> Output,
        deliver: @escaping (Int, Output) throws(Failure) -> Void
    ) throws(Failure) {
        let run = OrderedWork(count: count, window: window, work: work, deliver: deliver)
        let threads = (1..<max(1, min(jobs, count))).compactMap { _ in WorkerThread.start { run.workLoop() } }
        run.workLoop()
        for thread in threads { thread.join() }
        if let failure = run.failure { throw failure }
    }

    /// Takes items until none is left, delivering what is ready in order.
    private func workLoop() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            while next < count, next >= head + window, failure == nil { pthread_cond_wait(condition, mutex) }
            guard next < count, failure == nil else { return }
            let item = next
            next += 1
            pthread_mutex_unlock(mutex)
            let output = work(item)
            pthread_mutex_lock(mutex)
            done[item] = output
            if !delivering { deliverReady() }
        }
    }

    /// Delivers the outputs ready at the head, in order. Called and
    /// returns with the mutex held.
    private func deliverReady() {
        delivering = true
        while failure == nil, let output = done.removeValue(forKey: head) {
            let item = head
            pthread_mutex_unlock(mutex)
            var error: Failure?
            do throws(Failure) { try deliver(item, output) } catch let thrown { error = thrown }
            pthread_mutex_lock(mutex)
            if let error { failure = error }
            head += 1
            pthread_cond_broadcast(condition)
        }
        if failure != nil { done.removeAll() }
        delivering = false
    }
}
