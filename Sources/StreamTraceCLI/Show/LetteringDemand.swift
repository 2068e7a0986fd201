import StreamTrace

/// Whether `show`'s diagram still gives letters, so that the workers of
/// ``RowStage`` work out every value's key: once every letter is given, only
/// the few values drawn where they land need theirs, and the turn works
/// those out (see ``TimelineRows``). Read once a block; set once.
final class LetteringDemand: @unchecked Sendable {
    private let lock = Lock()
    private var given = false

    /// Whether letters may still be given.
    var wantsKeys: Bool { lock.withLock { !given } }

    /// Notes that every letter is given.
    func lettersGiven() { lock.withLock { given = true } }
}
