// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// A process writing a trace is killed (SIGKILL) at random points, many
/// times: every result reads as a valid trace, at worst with a truncated
/// tail, and holds every event the writer had flushed.
@Suite struct CrashSafetyTests {
    static let writer: URL = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent(
        "StreamTraceCrashWriter")

    /// Starts the writer, waits until it reports `flushes` flushes, kills it;
    /// returns how many events it had flushed.
    static func killWriter(path: String, afterFlushes flushes: Int) throws -> Int {
        let process = Process()
        process.executableURL = writer
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var flushed = 0
        var seen = 0
        var pending = Data()
        let handle = output.fileHandleForReading
        while seen < flushes {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                flushed = Int(line) ?? flushed
                seen += 1
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        return flushed
    }

    @Test func aKilledWriterLeavesAValidTraceWithEveryFlushedEvent() async throws {
        try await onOwnThread { try Self.killManyTimes(200) }
    }

    static func killManyTimes(_ runs: Int) throws {
        var generator = SystemRandomNumberGenerator()
        var statuses: [TraceStatus: Int] = [:]
        for run in 0..<runs {
            let path = temporaryPath("killed-\(run).jsonl")
            let flushed = try killWriter(path: path, afterFlushes: Int.random(in: 1...40, using: &generator))
            let trace: Trace
            do {
                trace = try Trace(contentsOf: path)
            } catch {
                Issue.record("run \(run): \(error)")
                continue
            }
            #expect(trace.status == .open || trace.status == .truncated, "run \(run)")
            #expect(trace.events.count >= flushed, "run \(run): \(trace.events.count) events, \(flushed) flushed")
            statuses[trace.status, default: 0] += 1
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(statuses.values.reduce(0, +) == runs)
    }
}
#endif
