#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A sink that writes a trace file.
///
/// Lines are buffered and written whole, so a process that dies leaves a
/// valid trace, at worst with a truncated last line. The buffer is flushed
/// when it fills, on the terminal event, on ``flush()``, on ``close()`` and
/// when the sink is released; `flushEveryEvent` flushes after each line.
///
/// ```swift
/// let sink = try FileTraceSink(path: "search.trace.jsonl")
/// let recorder = Recorder<String, Never>(name: "search", sink: sink)
/// ```
public final class FileTraceSink: TraceSink, @unchecked Sendable {
    package let path: String
    // Guarded by `lock`, so the runtime's exclusivity checks would only add cost. A recorder appends its lines here
    // directly (``appendLine(capacity:isTerminal:_:)``, inlined), not through `any TraceSink`.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var fd: Int32
    /// Whole lines not yet written, `count` bytes of `bufferSize`.
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline let bufferSize: Int
    @usableFromInline let flushEveryEvent: Bool
    @exclusivity(unchecked) private var writeError: String?

    /// Why the sink could not be opened.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
        public var description: String { "\(path): cannot create trace file: \(reason)" }
    }

    /// Creates (or truncates) the file at `path`.
    public init(path: String, flushEveryEvent: Bool = false, bufferSize: Int = 64 << 10) throws(OpenError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        self.fd = fd
        self.path = path
        self.flushEveryEvent = flushEveryEvent
        self.bufferSize = max(bufferSize, 1)
        buffer = .allocate(capacity: self.bufferSize)
    }

    deinit {
        closeLocked()
        buffer.deallocate()
    }

    /// The first write error, if any (for example a full disk).
    public var lastError: String? {
        lock.withLock { writeError }
    }

    public func write(line: UnsafeRawBufferPointer, isTerminal: Bool) {
        appendLine(capacity: line.count, isTerminal: isTerminal) { destination in
            if let start = line.baseAddress {
                UnsafeMutableRawPointer(destination).copyMemory(from: start, byteCount: line.count)
            }
            return line.count
        }
    }

    /// Appends the line `body` writes at the pointer it is given (at most `capacity` bytes without the newline; it
    /// returns how many), straight into the buffer when it fits.
    @inlinable
    func appendLine(
        capacity: Int, isTerminal: Bool, _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return }
        if count &+ capacity &+ 1 > bufferSize, count > 0 { flushLocked() }
        if capacity &+ 1 > bufferSize {
            writeLongLocked(capacity: capacity, body)
        } else {
            let length = body(buffer + count)
            buffer[count &+ length] = 0x0A
            count &+= length &+ 1
        }
        if isTerminal || flushEveryEvent || count >= bufferSize { flushLocked() }
    }

    /// A line longer than the buffer: built apart and written with its newline in one write.
    @usableFromInline
    func writeLongLocked(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let whole = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 1)
        defer { whole.deallocate() }
        let length = body(whole)
        whole[length] = 0x0A
        writeLocked(UnsafeRawBufferPointer(start: whole, count: length + 1))
    }

    public func flush() {
        lock.withLock { flushLocked() }
    }

    public func close() {
        lock.withLock { closeLocked() }
    }

    private func closeLocked() {
        guard fd >= 0 else { return }
        flushLocked()
        SystemCall.close(fd)
        fd = -1
    }

    @usableFromInline
    func flushLocked() {
        guard fd >= 0, count > 0 else { return }
        writeLocked(UnsafeRawBufferPointer(start: buffer, count: count))
        count = 0
    }

    /// Writes all of `bytes`, retrying short writes; keeps the first error.
    private func writeLocked(_ bytes: UnsafeRawBufferPointer) {
        if let code = SystemCall.writeAll(bytes, to: fd), writeError == nil {
            writeError = String(cString: strerror(code))
        }
    }
}

/// A folder of traces of one feature: one file a stream, every stream timed
/// by one clock, so that `streamtrace show DIR` draws them on one time axis.
///
/// Each trace's header carries the clock's reading at its subscription
/// (`at`), and `started` on a real clock, which is what `show` aligns on.
/// A name becomes the file's name (`cart` → `cart.jsonl`; characters other
/// than letters, digits, `-`, `_` and `.` become `-`, and a name used twice
/// gets `-2`, `-3` …). A file of the same name from an earlier run is
/// replaced.
///
/// A stream recorded or traced into the folder takes the folder's clock
/// and a sink of its own: `record(name:clock:sink:)` and
/// `trace(to:name:clock:)` with `clock: traces.clock` and
/// `sink: try traces.sink(named:)`. A recorder fed by hand comes from
/// ``recorder(named:of:failure:)``:
///
/// ```swift
/// let clock = TestClock()
/// let traces = try TraceDirectory(path: folder, clock: clock)
/// let cart = try traces.recorder(named: "cart", of: Int.self)
/// let payments = try traces.recorder(named: "payments", of: String.self)
/// cart.receiveSubscription()
/// payments.receiveSubscription()
/// await clock.advance(by: .milliseconds(5))
/// cart.receive(3)
/// payments.receive("authorized")
/// ```
public final class TraceDirectory<C: TraceClock>: @unchecked Sendable {
    /// The folder's path.
    public let path: String
    /// The clock every trace of the folder is timed by.
    public let clock: C
    private let lock = Lock()
    private var files: Set<String> = []

    /// Creates the folder (and its parents) if it does not exist.
    public init(path: String, clock: C) throws(FileTraceSink.OpenError) {
        if let code = Self.makeDirectories(path) {
            throw FileTraceSink.OpenError(
                path: path, reason: "cannot create the folder: \(String(cString: strerror(code)))")
        }
        self.path = path
        self.clock = clock
    }

    /// A sink writing the trace of the stream `name` to its own file.
    public func sink(named name: String) throws(FileTraceSink.OpenError) -> FileTraceSink {
        // A file name never handed out before.
        let base = Self.fileName(for: name)
        let file = lock.withLock {
            var candidate = base + ".jsonl"
            var number = 2
            while files.contains(candidate) {
                candidate = "\(base)-\(number).jsonl"
                number += 1
            }
            files.insert(candidate)
            return candidate
        }
        return try FileTraceSink(path: path + "/" + file)
    }

    /// A recorder of the stream `name`, timed by the folder's clock, writing
    /// its trace to its own file as it records.
    public func recorder<Input, Failure: Error>(
        named name: String, of input: Input.Type = Input.self, failure: Failure.Type = Never.self
    ) throws(FileTraceSink.OpenError) -> Recorder<Input, Failure> {
        Recorder(name: name, clock: clock, sink: try sink(named: name))
    }

    /// `mkdir -p`: makes `path` and its missing parents; the `errno` of what failed, else `nil`.
    static func makeDirectories(_ path: String) -> Int32? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return errno }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return errno }
        return (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
    }

    /// `name` with what does not belong in a file name replaced by `-`.
    static func fileName(for name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let keep =
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
            let character = keep ? Character(scalar) : "-"
            if character == "-", result.last == "-" { continue }
            result.append(character)
        }
        if result.isEmpty || result.hasPrefix(".") { result = "stream" + result }
        return String(result.prefix(100))
    }
}
