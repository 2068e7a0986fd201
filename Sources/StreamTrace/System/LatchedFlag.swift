/// A flag that threads read and that, once set, stays set: one lock-protected `Bool`. Workers stop early with it
/// (``OrderedScan``, `diff`'s identical-file test, `show`'s diagram keys), and a repeating action of a `TestScheduler`
/// once cancelled.
package final class LatchedFlag: @unchecked Sendable {
    private let lock = Lock()
    private var value = false

    package init() {}

    package var isSet: Bool { lock.withLock { value } }

    package func set() { lock.withLock { value = true } }
}
