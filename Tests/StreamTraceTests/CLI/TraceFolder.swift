// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation

/// A folder of trace files written for one test, and the traces CI tests use.
struct TraceFolder {
    /// The folder's absolute path.
    let path: String

    /// Writes each file (a path relative to the folder, and its text).
    init(_ files: [String: String]) throws {
        path = try temporaryDirectory()
        for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The absolute path of a file in the folder.
    func callAsFunction(_ name: String) -> String {
        path + "/" + name
    }

    /// Three values, then finished (the fixtures `check`'s own tests use).
    static let finished = CheckCommandTests.finishedTrace
    /// One value, then a failure.
    static let failed = CheckCommandTests.failedTrace
    /// A value, and no completion.
    static let open = CheckCommandTests.openTrace
    /// Not valid JSON on line 2.
    static let malformed = """
        {"streamtrace":1}
        {"t":0,"event":"value","value":1

        """
}
#endif
