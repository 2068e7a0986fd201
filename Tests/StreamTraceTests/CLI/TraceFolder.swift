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

    /// Three values, then finished.
    static let finished = """
        {"streamtrace":1,"stream":"fixture","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":1000000,"event":"value","value":"a"}
        {"t":2000000,"event":"value","value":"b"}
        {"t":3000000,"event":"value","value":"c"}
        {"t":10000000,"event":"finished"}

        """
    /// One value, then a failure.
    static let failed = """
        {"streamtrace":1,"clock":"virtual"}
        {"t":0,"event":"value","value":1}
        {"t":5000000,"event":"failure","error":{"type":"MyError","message":"boom"}}

        """
    /// A value, and no completion.
    static let open = """
        {"streamtrace":1}
        {"t":1000000,"event":"value","value":1}

        """
    /// Not valid JSON on line 2.
    static let malformed = """
        {"streamtrace":1}
        {"t":0,"event":"value","value":1

        """
}
