import Foundation
import StreamTrace

// `make demo`, step 1: records a live AsyncSequence — real timers, a few
// values, then finished — into a trace file, as an app or a test would;
// step 2 (with a folder): a checkout's three streams on one virtual clock,
// one trace a stream, into that folder (Checkout.swift).
//
//   StreamTraceDemo OUTPUT.jsonl [CHECKOUT_FOLDER]

guard (2...3).contains(CommandLine.arguments.count) else {
    FileHandle.standardError.write(Data("usage: StreamTraceDemo OUTPUT.jsonl [CHECKOUT_FOLDER]\n".utf8))
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
    let elements = try await recorder.elements.value(timeout: .seconds(10))
    sink.close()
    print("recorded \(elements.count) results into \(path)")
    if CommandLine.arguments.count == 3 {
        try await Checkout.record(into: CommandLine.arguments[2])
        print("recorded the checkout's cart, payment and confirmation into \(CommandLine.arguments[2])/")
    }
} catch {
    FileHandle.standardError.write(Data("StreamTraceDemo: \(error)\n".utf8))
    exit(1)
}
