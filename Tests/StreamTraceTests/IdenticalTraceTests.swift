// Copies files and reads them by path, which macOS and Linux can.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// Two files with the same bytes compared from one scan of one of them
/// give what comparing them event by event gives: report, warnings, error.
@Suite struct IdenticalTraceTests {
    static var samples: [String] {
        let root = CommandRunner.root.appendingPathComponent("samples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/malformed")) ?? []
        return ["search.jsonl", "open.jsonl", "truncated.jsonl", "cancelled.jsonl", "network-failure.jsonl"]
            .map { root + "/" + $0 } + names.filter { $0.hasSuffix(".jsonl") }.map { root + "/malformed/" + $0 }
    }

    /// The outcome of comparing two files event by event.
    static func byEvents(_ expectedPath: String, _ actualPath: String) -> String {
        outcome {
            let (expected, actual) = (try TraceReader(path: expectedPath), try TraceReader(path: actualPath))
            let comparison = try TraceComparison(expected: expected, actual: actual, time: .exact)
            return (comparison, expected.warnings + actual.warnings)
        }
    }

    /// The comparison's report and the warnings, or the error.
    static func outcome(_ body: () throws -> (TraceComparison, [TraceReadWarning])) -> String {
        do {
            let (comparison, warnings) = try body()
            return ([comparison.report] + warnings.map(\.description)).joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: samples)
    func oneScanOfIdenticalFilesGivesTheEventByEventComparison(path: String) throws {
        let copy = temporaryPath("copy-\(UUID().uuidString).jsonl")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let byEvents = Self.byEvents(path, copy)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let scanned = Self.outcome {
            let (comparison, warnings) = try TraceComparison.identical(
                fd, size: size, expectedFile: path, actualFile: copy, time: .exact)
            return (comparison, warnings)
        }
        #expect(scanned == byEvents)
    }

    /// `diff` compared the files' first `size` bytes: a trace that grew
    /// since (a recording still running) is reported as those bytes, not
    /// with the events appended after them.
    @Test func theScanStopsAtTheSizeThatWasCompared() throws {
        let path = CommandRunner.root.appendingPathComponent("samples/search.jsonl").path
        let grown = temporaryPath("grown-\(UUID().uuidString).jsonl")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try (original + Data(#"{"t":999000000000,"event":"value","value":"late"}\n"#.utf8)).write(
            to: URL(fileURLWithPath: grown))
        defer { try? FileManager.default.removeItem(atPath: grown) }
        let byEvents = Self.byEvents(path, path)
        let fd = open(grown, O_RDONLY)
        defer { close(fd) }
        let scanned = Self.outcome {
            try TraceComparison.identical(fd, size: original.count, expectedFile: path, actualFile: path, time: .exact)
        }
        #expect(scanned == byEvents)
        #expect(!scanned.contains("late"))
    }
}
#endif
