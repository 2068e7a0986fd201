#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A folder of traces of one feature: one file a stream, every stream timed by one clock, so that `streamtrace show
/// DIR` draws them on one time axis.
///
/// Each trace's header carries the clock's reading at its subscription (`at`), and `started` on a real clock, which is
/// what `show` aligns on. The folder is also one ``StreamGroup`` (``group``), named after the folder: every event of
/// its streams carries the group's next number (`"seq"`), so that events at one instant are ordered across files. A name becomes the file's name (`cart` → `cart.jsonl`; characters other than letters, digits,
/// `-`, `_` and `.` become `-`, and a name used twice gets `-2`, `-3` …). A file of the same name from an earlier run
/// is replaced.
///
/// A stream recorded or traced into the folder takes the folder's clock and a sink of its own:
/// `record(name:clock:sink:)` and `trace(to:name:clock:)` with `clock: traces.clock` and `sink: try
/// traces.sink(named:)`. A recorder fed by hand comes from ``recorder(named:of:failure:)``:
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
    /// The folder's streams as one group, named after the folder: every stream recorded or traced into the folder is
    /// a member, its events numbered in the group's order (``StreamGroup``).
    public let group: StreamGroup
    private let lock = Lock()
    private var files: Set<String> = []

    /// Creates the folder (and its parents) if it does not exist.
    public init(path: String, clock: C) throws(FileTraceSink.OpenError) {
        if let reason = Self.makeDirectories(path).map({ String(cString: strerror($0)) }) {
            throw FileTraceSink.OpenError(path: path, reason: "cannot create the folder: \(reason)")
        }
        self.path = path
        self.clock = clock
        group = StreamGroup(name: path.split(separator: "/").last.map(String.init) ?? path, clock: clock)
    }

    /// A sink writing the trace of the stream `name` to its own file.
    public func sink(named name: String) throws(FileTraceSink.OpenError) -> FileTraceSink {
        // A file name never handed out before.
        let base = Self.fileName(for: name)
        let file = lock.withLock {
            let candidates = (1...).lazy.map { $0 == 1 ? base + ".jsonl" : "\(base)-\($0).jsonl" }
            return files.insert(candidates.first { !files.contains($0) }!).memberAfterInsert
        }
        return try FileTraceSink(
            path: path + "/" + file, flushEveryEvent: false, bufferSize: 64 << 10,
            membership: GroupMembership(group: group, stream: name))
    }

    /// A recorder of the stream `name`, timed by the folder's clock, writing its trace to its own file as it records.
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
