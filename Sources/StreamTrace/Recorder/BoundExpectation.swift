import Dispatch

/// An expectation bound to a recorder, whatever its type: what ``RecorderExpectation`` reads and waits with. Waits are
/// woken by the recorder's events, never by polling; the timeout is wall-clock time.
package struct BoundExpectation<Base: StreamExpectation>: AnyBoundExpectation {
    package let recorder: Recorder<Base.Element, Base.Failure>
    package let expectation: Base

    package init(recorder: Recorder<Base.Element, Base.Failure>, expectation: Base) {
        self.recorder = recorder
        self.expectation = expectation
    }

    package var name: String { expectation.name }
    package var trace: any RecordedTrace { recorder }
    private var storage: RecorderStorage<Base.Element, Base.Failure> { recorder.storage }

    /// Decides the expectation from what the recorder holds now, without waiting.
    package func get() throws(RecordingError) -> Base.Output {
        let outcome = WaitOutcome<Base.Output>()
        var scanned = 0
        storage.lock.withLock { outcome.verdict = storage.evaluateLocked(expectation, end: .now, scanned: &scanned) }
        return try outcome.resolve(expectation.name)
    }

    /// Blocks the calling thread until the expectation is decided or `timeout` expires; on the main thread, keeps the
    /// main run loop and main queue running meanwhile.
    @available(
        *, noasync, message: "wait(timeout:) blocks its thread; in async code use value(timeout:), which suspends"
    )
    package func wait(timeout: Duration) throws(RecordingError) -> Base.Output {
        let (waiter, outcome) = makeWaiter()
        let onMainThread = MainRunLoop.isMainThread
        let semaphore = DispatchSemaphore(value: 0)
        waiter.wake = {
            semaphore.signal()
            // Wakes the main run loop, which services the main queue.
            if onMainThread { DispatchQueue.main.async {} }
        }
        if storage.lock.withLock({ storage.registerLocked(waiter) }) {
            if onMainThread {
                let deadline = ContinuousClock.now.advanced(by: timeout)
                func left() -> Double {
                    Double(TimeFormat.nanoseconds(ContinuousClock.now.duration(to: deadline))) / 1e9
                }
                while !storage.lock.withLock({ waiter.isDone }), left() > 0 {
                    if !MainRunLoop.run(seconds: left()) {
                        // No run loop sources to service: block instead of spinning.
                        _ = semaphore.wait(timeout: .now() + max(0, left()))
                    }
                }
            } else {
                _ = semaphore.wait(timeout: .now() + Double(TimeFormat.nanoseconds(timeout)) / 1e9)
            }
            storage.lock.withLock { storage.expireLocked(waiter, end: .timeout(timeout)) }
        }
        return try outcome.resolve(expectation.name)
    }

    /// Suspends until the expectation is decided or `timeout` expires; cancelling the task ends it like a timeout.
    package func value(timeout: Duration) async throws(RecordingError) -> Base.Output {
        let (waiter, outcome) = makeWaiter()
        let storage = self.storage
        await TaskTracker.shared.moveOntoRunner()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                waiter.wake = { continuation.resume() }
                let timer = storage.lock.withLock {
                    storage.registerLocked(waiter) ? Self.timer(for: waiter, of: storage, timeout) : nil
                }
                // Started outside the lock: a wait decided meanwhile has cancelled it, and it never fires.
                if let timer { timer.resume() } else { continuation.resume() }
            }
        } onCancel: {
            storage.expire(waiter, end: .waitCancelled)
        }
        return try outcome.resolve(expectation.name)
    }

    /// The timeout of a registered async wait, kept by the waiter (call with the lock held), to resume once the lock
    /// is released. The wait cancels it however it ends, and it holds the recorder weakly, so a recorder the test has
    /// let go of goes at once with its sink and file, not when a long timeout would have fired.
    private static func timer(
        for waiter: Waiter, of storage: RecorderStorage<Base.Element, Base.Failure>, _ timeout: Duration
    ) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: TimeFormat.nanoseconds(timeout))))
        timer.setEventHandler { [weak storage, weak waiter] in
            guard let storage, let waiter else { return }
            storage.expire(waiter, end: .timeout(timeout))
        }
        waiter.timer = timer
        return timer
    }

    private func makeWaiter() -> (Waiter, WaitOutcome<Base.Output>) {
        let outcome = WaitOutcome<Base.Output>()
        let storage = self.storage
        let expectation = self.expectation
        let waiter = Waiter(
            evaluate: { end, scanned in
                let verdict = storage.evaluateLocked(expectation, end: end, scanned: &scanned)
                if case .pending = verdict { return false }
                outcome.verdict = verdict
                return true
            },
            wakeCondition: expectation.wakeCondition)
        return (waiter, outcome)
    }
}

extension BoundExpectation: Sendable where Base.Element: Sendable {}
