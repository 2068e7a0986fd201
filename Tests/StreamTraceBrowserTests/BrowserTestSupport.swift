// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTraceBrowser
import Testing

/// The Chromium the browser tests use, if any (see `HeadlessChromium.locate`).
enum Chromium {
    static let executable = HeadlessChromium.locate()
    static var isAvailable: Bool { executable != nil }
    static let skipNote: Comment =
        "no Chromium found: install chromium (or Chrome) or set STREAMTRACE_CHROMIUM=/path/to/chrome to run the browser tests"
}

/// The package's directory (beside `Package.swift`).
let packageDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let samplesDirectory = packageDirectory.appendingPathComponent("samples")

/// Screenshots go here: `$STREAMTRACE_BROWSER_ARTIFACTS`, else `.build/browser-artifacts`.
let artifactsDirectory: URL = {
    let path =
        ProcessInfo.processInfo.environment["STREAMTRACE_BROWSER_ARTIFACTS"]
        ?? packageDirectory.appendingPathComponent(".build/browser-artifacts").path
    let url = URL(fileURLWithPath: path, isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// The built `streamtrace`: `STREAMTRACE_BIN`, else next to the test bundle.
let streamtraceBinary: URL = {
    if let path = ProcessInfo.processInfo.environment["STREAMTRACE_BIN"] { return URL(fileURLWithPath: path) }
    let bundle = Bundle.main.bundleURL
    let candidates = [
        bundle.appendingPathComponent("streamtrace"),
        bundle.deletingLastPathComponent().appendingPathComponent("streamtrace"),
        packageDirectory.appendingPathComponent(".build/debug/streamtrace"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}()

/// A fresh temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("streamtrace-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Runs `streamtrace show --format html` on `paths` into the file `name`; its URL.
    func page(_ name: String, title: String? = nil, paths: [String]) throws -> URL {
        let file = url.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = streamtraceBinary
        process.arguments = ["show", "--format", "html"] + (title.map { ["--title", $0] } ?? []) + paths
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "streamtrace show --format html \(paths)")
        return file
    }

    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}

/// The sample traces, sorted by file name.
func sampleTracePaths() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path)
        .filter { $0.hasSuffix(".jsonl") }
        .sorted()
        .map { samplesDirectory.appendingPathComponent($0).path }
}

/// (kind, line) of every event of a trace, read independently of
/// `streamtrace`: every line after the header that is a JSON object with
/// `event`; a cut-off last line (no newline, not JSON) is skipped, as
/// readers do.
func expectedMarks(ofTrace path: String) throws -> [Mark] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let complete = text.hasSuffix("\n")
    if complete { lines.removeLast() }
    var marks: [Mark] = []
    var sawHeader = false
    for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            if index == lines.count - 1, !complete { continue }
            Issue.record("\(path):\(index + 1) is not JSON")
            continue
        }
        if !sawHeader {
            sawHeader = true
            continue
        }
        if let kind = object["event"] as? String { marks.append(Mark(kind: kind, line: index + 1)) }
    }
    return marks
}

/// What a test sees of an event mark: its `data-kind` and `data-line`.
struct Mark: Equatable, CustomStringConvertible {
    var kind: String
    var line: Int
    var description: String { "\(kind)@\(line)" }
}
#endif
