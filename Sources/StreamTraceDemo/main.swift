import Foundation
import StreamTrace

// `make demo`, step 1: records a live AsyncSequence — real timers, a few
// values, then finished — into a trace file, as an app or a test would.
//
//   StreamTraceDemo OUTPUT.jsonl

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: StreamTraceDemo OUTPUT.jsonl\n".utf8))
    exit(2)
}
let path = CommandLine.arguments[1]

/// A search box: the user types, and each keystroke (after a debounce-like
/// delay on a real timer) publishes the query with its results.
struct SearchResult: Encodable, Sendable {
    var query: String
    var results: [String]
}

let catalogue = ["swift", "swiftui", "swift-testing", "streams"]
let typing = AsyncStream<SearchResult> { continuation in
    let task = Task {
        for query in ["s", "sw", "swi", "swift"] {
            try? await Task.sleep(for: .milliseconds(40))
            continuation.yield(
                SearchResult(query: query, results: catalogue.filter { $0.hasPrefix(query) && query.count > 1 }))
        }
        continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
}

do {
    let sink = try FileTraceSink(path: path)
    let recorder = typing.record(name: "search as you type", sink: sink)
    let elements = try await recorder.elements.value(timeout: 10)
    sink.close()
    print("recorded \(elements.count) results into \(path)")
} catch {
    FileHandle.standardError.write(Data("StreamTraceDemo: \(error)\n".utf8))
    exit(1)
}
