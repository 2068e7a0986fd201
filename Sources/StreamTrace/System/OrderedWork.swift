import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parallel work, ordered output: items worked on several threads, their outputs handed to one consumer in item order.
/// `check` reads a trace's blocks (``OrderedScan``) and several traces this way; `diff` compares pairs of traces.
package enum OrderedWork {
    /// Works the items `next` gives out on `threads` threads (the calling thread is one) and hands each output to
    /// `deliver` in the order given.
    ///
    /// `next` runs under the run's lock, so it needs none of its own; it gives out no more than `window` items beyond
    /// the one to deliver, so at most `window` outputs wait for a slow item before them, and item `k` may reuse
    /// whatever item `k - window` used. `work` gets the item's number. Whichever thread finishes the item whose turn it
    /// is delivers it and the finished ones after it: no thread waits for a turn, and `deliver` never runs on two
    /// threads at once. Once `deliver` returns `false` or throws, nothing more is given out or delivered; the error is
    /// rethrown once the items in progress are done.
    package static func run<Item, Output, Failure: Error>(
        threads: Int, window: Int, next: @escaping () -> Item?, work: @escaping (Int, Item) -> Output,
        deliver: @escaping (Int, Output) throws(Failure) -> Bool
    ) throws(Failure) {
        let run = Run(window: window, next: next, work: work, deliver: deliver)
        if threads <= ProcessInfo.processInfo.activeProcessorCount {
            DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in run.workLoop() }
        } else {
            // More threads than Dispatch would run at once (`--jobs` over the cores): threads of their own.
            let others = (1..<threads).compactMap { _ in WorkerThread.start { run.workLoop() } }
            run.workLoop()
            for thread in others { thread.join() }
        }
        if let failure = run.failure { throw failure }
    }

    /// The same over the items `0..<count`, each delivered.
    package static func run<Output, Failure: Error>(
        count: Int, threads: Int, window: Int, work: @escaping (Int) -> Output,
        deliver: @escaping (Int, Output) throws(Failure) -> Void
    ) throws(Failure) {
        var next = 0
        try run(
            threads: min(threads, count), window: window,
            next: { () -> Int? in
                defer { next += 1 }
                return next < count ? next : nil
            },
            work: { index, _ in work(index) },
            deliver: { (index, output) throws(Failure) in
                try deliver(index, output)
                return true
            })
    }

    /// One run's shared state, under `mutex`; `condition` is signalled when the turn moves or the run ends.
    private final class Run<Item, Output, Failure: Error>: @unchecked Sendable {
        private let window: Int
        private let next: () -> Item?
        private let work: (Int, Item) -> Output
        private let deliver: (Int, Output) throws(Failure) -> Bool
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var given = 0
        private var turn = 0
        private var finished: [Int: Output] = [:]
        private var delivering = false
        /// `next` gave `nil`.
        private var exhausted = false
        /// `deliver` returned `false` or threw.
        private var stopped = false
        private(set) var failure: Failure?

        init(
            window: Int, next: @escaping () -> Item?, work: @escaping (Int, Item) -> Output,
            deliver: @escaping (Int, Output) throws(Failure) -> Bool
        ) {
            self.window = max(window, 1)
            (self.next, self.work, self.deliver) = (next, work, deliver)
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

        /// Takes items until none is left, delivering what is ready in order.
        func workLoop() {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            while true {
                while !exhausted, !stopped, given - turn >= window { pthread_cond_wait(condition, mutex) }
                guard !exhausted, !stopped else { return }
                guard let item = next() else {
                    exhausted = true
                    pthread_cond_broadcast(condition)
                    return
                }
                let index = given
                given += 1
                pthread_mutex_unlock(mutex)
                let output = work(index, item)
                pthread_mutex_lock(mutex)
                finished[index] = output
                if !delivering { deliverFinished() }
            }
        }

        /// Delivers the finished outputs from the turn on, in order. Called and returns with the mutex held.
        private func deliverFinished() {
            delivering = true
            while !stopped, let output = finished.removeValue(forKey: turn) {
                let index = turn
                pthread_mutex_unlock(mutex)
                var more = true
                var error: Failure?
                do throws(Failure) { more = try deliver(index, output) } catch let thrown { error = thrown }
                pthread_mutex_lock(mutex)
                failure = error
                stopped = error != nil || !more
                turn += 1
                pthread_cond_broadcast(condition)
            }
            if stopped { finished.removeAll() }
            delivering = false
        }
    }
}
