import StreamTrace

/// A flag that threads read and that, once set, stays set: `diff`'s ranges
/// stop once one finds the files differ (``IdenticalFiles``), and `show`'s
/// workers stop working out diagram keys once every letter is given
/// (``TimelineRows``). One lock-protected `Bool`.
final class LatchedFlag: @unchecked Sendable {
    private let lock = Lock()
    private var value = false

    /// Whether ``set()`` was called.
    var isSet: Bool { lock.withLock { value } }

    /// Sets the flag for good.
    func set() { lock.withLock { value = true } }
}
