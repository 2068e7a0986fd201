/// A sink that keeps the trace in memory, for tests and for writing the trace somewhere else later.
public final class MemoryTraceSink: GroupMemberSink, @unchecked Sendable {
    private let lock = Lock()
    private var storage: [UInt8] = []
    package let membership: GroupMembership?

    /// An empty sink.
    public init() {
        membership = nil
    }

    /// An empty sink whose recorder or writer joins a group (``StreamGroup/sink(named:)``).
    init(membership: GroupMembership) {
        self.membership = membership
    }

    /// Keeps `line` and its newline.
    public func write(line: UnsafeRawBufferPointer, isTerminal: Bool) {
        lock.lock()
        storage.append(contentsOf: line)
        storage.append(0x0A)
        lock.unlock()
    }

    /// Everything written, as JSON Lines bytes.
    package var bytes: [UInt8] { lock.withLock { storage } }

    /// Everything written, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
