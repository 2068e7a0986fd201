// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `export --format chrome`: Chrome Trace Event JSON, checked structurally.
@Suite struct ExportCommandTests {
    /// The export of `arguments`, parsed: its events, and the document.
    static func export(_ arguments: [String], stdin: String? = nil) async throws -> (
        events: [[String: Any]], document: [String: Any]
    ) {
        let result = try await CommandRunner.run(["export", "--format", "chrome"] + arguments, stdin: stdin)
        try #require(result.status == 0, "\(result)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        return (events, document)
    }

    @Test func eachTraceIsANamedThreadWithItsSubscriptionItsEventsAndACounter() async throws {
        let folder = try TraceFolder([
            "cart.jsonl": ShowStreamsCommandTests.cart, "payments.jsonl": ShowStreamsCommandTests.payments,
        ]).path
        let (events, document) = try await Self.export([folder])
        #expect(document["displayTimeUnit"] as? String == "ns")
        func names(_ phase: String) -> [String] {
            events.filter { $0["ph"] as? String == phase }.compactMap { $0["name"] as? String }
        }
        let threads = events.filter { $0["name"] as? String == "thread_name" }
        #expect(threads.map { $0["tid"] as? Int } == [1, 2])
        #expect(threads.map { ($0["args"] as? [String: Any])?["name"] as? String } == ["cart", "payments"])
        // The subscriptions: from the first event to the terminal one, on the shared axis (at: 0 and 5 ms).
        let slices = events.filter { $0["ph"] as? String == "X" }
        #expect(slices.map { $0["name"] as? String } == ["cart", "payments"])
        #expect(slices.map { $0["ts"] as? Double } == [0, 5000])
        #expect(slices.map { $0["dur"] as? Double } == [12000, 20000])
        #expect(slices.map { ($0["args"] as? [String: Any])?["status"] as? String } == ["finished", "failed"])
        // Every value, request and completion an instant event (the subscription is the slice).
        #expect(names("i") == ["value", "value", "finished", "request", "value", "failure"])
        for instant in events where instant["ph"] as? String == "i" {
            #expect(instant["s"] as? String == "t")
            #expect(instant["pid"] as? Int == 1)
        }
        let payment = try #require(
            events.first { ($0["args"] as? [String: Any])?["value"] as? String == "authorizing" })
        #expect(payment["ts"] as? Double == 8000)
        #expect(payment["tid"] as? Int == 2)
        #expect((payment["args"] as? [String: Any])?["line"] as? Int == 4)
        let failure = try #require(events.first { $0["name"] as? String == "failure" })
        let error = (failure["args"] as? [String: Any])?["error"] as? [String: String]
        #expect(error == ["type": "PaymentError", "message": "declined"])
        // The counter of elements received, per stream.
        let counters = events.filter { $0["ph"] as? String == "C" }
        #expect(counters.map { $0["name"] as? String } == ["cart elements", "cart elements", "payments elements"])
        #expect(counters.map { ($0["args"] as? [String: Any])?["elements"] as? Int } == [1, 2, 1])
    }

    @Test func timesAreMicrosecondsThatKeepTheNanoseconds() async throws {
        let trace = """
            {"streamtrace":1,"stream":"fine"}
            {"t":1,"event":"subscribe"}
            {"t":1200,"event":"value","value":{"big":12345678901234567890}}
            {"t":1000000001,"event":"request","demand":3}

            """
        let result = try await CommandRunner.run(["export", "--format", "chrome", "-"], stdin: trace)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""ph":"X","ts":0.001,"dur":1000000,"#), "\(result.stdout)")
        #expect(
            result.stdout.contains(#""ts":1.2,"pid":1,"tid":1,"args":{"value":{"big":12345678901234567890},"line":3}"#))
        #expect(result.stdout.contains(#""ts":1000000.001,"pid":1,"tid":1,"args":{"demand":3,"line":4}"#))
        let (events, _) = try await Self.export(["-"], stdin: trace)
        #expect(events.count == 7)
    }

    @Test func traceTextIsEscapedAndBadInputIsRefused() async throws {
        let hostile =
            #"{"streamtrace":1,"stream":"\u001b[31m"}"# + "\n"
            + #"{"t":0,"event":"value","value":"\u009b2J"# + "\u{202E}" + #"x"}"# + "\n"
        let result = try await CommandRunner.run(["export", "--format", "chrome", "-"], stdin: hostile)
        #expect(result.status == 0)
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0 == "\u{202E}" })
        #expect(result.stdout.contains(#""value":"\u009b2J\u202ex""#))

        let noFormat = try await CommandRunner.run(["export", "-"], stdin: hostile)
        #expect(noFormat.status == 2)
        #expect(noFormat.stderr.hasPrefix("streamtrace: error: missing --format: export writes --format chrome"))
        let otherFormat = try await CommandRunner.run(["export", "--format", "json", "-"], stdin: hostile)
        #expect(otherFormat.status == 2)
        let malformed = try await CommandRunner.run(
            ["export", "--format", "chrome", "-"], stdin: #"{"streamtrace":2}"# + "\n")
        #expect(malformed.status == 3)
        #expect(malformed.stdout.isEmpty)
        let help = try await CommandRunner.run(["help", "export"])
        #expect(help.stdout.contains("Perfetto"))
    }
}
#endif
