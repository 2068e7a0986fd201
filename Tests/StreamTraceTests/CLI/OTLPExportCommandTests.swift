// Runs the built binaries: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `export --format otlp`: the mapping of traces to spans, through the binary.
@Suite struct OTLPExportCommandTests {
    static let cart = ShowStreamsCommandTests.cart
    static let payments = ShowStreamsCommandTests.payments

    @Test func aFolderIsOneTraceUnderItsSpanAndEachSubscriptionASpanWithItsEvents() async throws {
        let root = try TraceFolder(["checkout/cart.jsonl": Self.cart, "checkout/payments.jsonl": Self.payments])
        let folder = root("checkout")
        let output = try await OTLPOutput(["--epoch", OTLPOutput.epochText, folder])
        #expect(output.result.stderr.isEmpty)
        try #require(output.spans.count == 3)
        let (top, cart, payments) = (output.spans[0], output.spans[1], output.spans[2])
        let traceID = OTLPOutput.id(["trace", folder], count: 16)
        let folderSpan = OTLPOutput.id(["folder", folder], count: 8)
        // The folder: one trace, its span the parent of every stream's, from the first start to the last end.
        #expect(top["traceId"] as? String == traceID)
        #expect(top["spanId"] as? String == folderSpan)
        #expect(top["parentSpanId"] == nil)
        #expect(top["name"] as? String == "checkout")
        #expect(OTLPOutput.times(top) == [0, 25_000_000])
        #expect(OTLPOutput.attributes(top) == ["streamtrace.folder": folder, "streamtrace.streams": "int 2"])
        for (span, name) in [(cart, "cart"), (payments, "payments")] {
            #expect(span["traceId"] as? String == traceID)
            #expect(span["spanId"] as? String == OTLPOutput.id(["span", folder + "/\(name).jsonl", name], count: 8))
            #expect(span["parentSpanId"] as? String == folderSpan)
            #expect(span["name"] as? String == name)
            #expect(span["kind"] as? Int == 1)
        }
        // cart: at 0 on the folder's clock; finished.
        #expect(OTLPOutput.times(cart) == [0, 12_000_000])
        #expect(cart["status"] as? [String: Any] != nil && (cart["status"] as? [String: Any])?.isEmpty == true)
        #expect(
            OTLPOutput.attributes(cart) == [
                "streamtrace.file": folder + "/cart.jsonl", "streamtrace.clock": "virtual",
                "streamtrace.status": "finished", "streamtrace.elements": "int 2", "streamtrace.events": "int 3",
            ])
        let cartEvents = OTLPOutput.events(cart)
        #expect(cartEvents.map(\.name) == ["value", "value", "finished"])
        #expect(cartEvents.map(\.time) == [5_000_000, 12_000_000, 12_000_000])
        #expect(cartEvents[0].attributes == ["streamtrace.value": "3", "streamtrace.line": "int 3"])
        #expect(cartEvents[2].attributes == ["streamtrace.line": "int 5"])
        // payments: at 5 ms; failed, so ERROR (2) with the error's message.
        #expect(OTLPOutput.times(payments) == [5_000_000, 25_000_000])
        let status = payments["status"] as? [String: Any]
        #expect(status?.count == 2)
        #expect(status?["message"] as? String == "declined")
        #expect(status?["code"] as? Int == 2)
        let paymentEvents = OTLPOutput.events(payments)
        #expect(paymentEvents.map(\.name) == ["request", "value", "failure"])
        #expect(paymentEvents.map(\.time) == [6_000_000, 8_000_000, 25_000_000])
        #expect(paymentEvents[0].attributes == ["streamtrace.demand": "unlimited", "streamtrace.line": "int 3"])
        #expect(paymentEvents[1].attributes["streamtrace.value"] == #""authorizing""#)
        #expect(
            paymentEvents[2].attributes == [
                "exception.type": "PaymentError", "exception.message": "declined", "streamtrace.line": "int 5",
            ])
        // The JSON mapping's forms: 64-bit integers as strings, the enum as an integer, an unset status as {}.
        #expect(
            output.result.lines[1].contains(
                #""kind":1,"startTimeUnixNano":"1777636800000000000","endTimeUnixNano":"1777636800012000000""#))
        #expect(output.result.lines[1].hasSuffix(#""status":{}}]}]}]}"#))
    }

    @Test func aTraceWithStartedCountsFromItAndACancelIsAnEventAndAnAttribute() async throws {
        let trace = """
            {"streamtrace":1,"stream":"typing \\u001b[2J","clock":"continuous","started":"2026-11-22T10:00:00.123456789Z","at":81726354000,"meta":{ "test" : "SearchTests.testTyping" }}
            {"t":0,"event":"subscribe"}
            {"t":120000,"event":"request","demand":2}
            {"t":1200000,"event":"value","value": { "query" : "caf\u{E9} \\"x\\"" , "results" : [ 1, 2.50 ] }}
            {"t":3000000,"event":"cancel"}

            """
        let path = try CommandRunner.traceFile(trace, name: "typing.jsonl")
        let output = try await OTLPOutput([path])
        #expect(output.result.stderr.isEmpty, "no --epoch needed: the trace has started")
        try #require(output.spans.count == 1)
        let span = output.spans[0]
        let started: Int64 = 1_795_341_600_123_456_789
        #expect(span["traceId"] as? String == OTLPOutput.id(["trace", path], count: 16))
        #expect(span["parentSpanId"] == nil)
        #expect(span["name"] as? String == "typing \u{1B}[2J")
        #expect(!output.result.stdout.unicodeScalars.contains { $0.value == 0x1B }, "escaped as \\u001b")
        #expect(OTLPOutput.times(span, from: started) == [0, 3_000_000])
        let attributes = OTLPOutput.attributes(span)
        #expect(attributes["streamtrace.status"] == "cancelled")
        #expect(attributes["streamtrace.cancelled"] == "bool true")
        #expect(attributes["streamtrace.meta"] == #"{"test":"SearchTests.testTyping"}"#)
        #expect((span["status"] as? [String: Any])?.isEmpty == true, "a cancel is no error")
        let events = OTLPOutput.events(span, from: started)
        #expect(events.map(\.name) == ["request", "value", "cancel"])
        #expect(events.map(\.time) == [120_000, 1_200_000, 3_000_000])
        #expect(events[0].attributes["streamtrace.demand"] == "int 2")
        // The value as compact JSON text: no whitespace between tokens, the string's own kept.
        #expect(events[1].attributes["streamtrace.value"] == #"{"query":"caf\#u{E9} \"x\"","results":[1,2.50]}"#)
        #expect(events[2].attributes == ["streamtrace.line": "int 5"])
    }

    @Test func withoutEpochTracesWithoutStartedCountFromTheExportWhichStandardErrorNames() async throws {
        let output = try await OTLPOutput(["-"], stdin: Self.cart)
        let notice = output.result.stderr
        #expect(
            notice.hasPrefix(
                #"streamtrace: note: 1 trace has no "started" (a virtual clock's): timed from the export's start, "#))
        #expect(notice.hasSuffix("; --epoch TIME fixes it\n"))
        let named = try #require(notice.split(separator: " ").first { $0.hasSuffix("Z;") }?.dropLast())
        let start = try #require(ISO8601.nanoseconds(String(named)))
        #expect(OTLPOutput.times(output.spans[0], from: start) == [0, 12_000_000])
        #expect(OTLPOutput.attributes(output.spans[0])["streamtrace.file"] == "<stdin>")
    }

    @Test func anEpochWithAnOffsetAndAServiceNameAreTheOnesGiven() async throws {
        let path = try CommandRunner.traceFile(Self.payments)
        let output = try await OTLPOutput(
            ["--epoch", "2026-05-01T14:00:00.5+02:00", "--service=checkout-tests", path], service: "checkout-tests")
        #expect(OTLPOutput.times(output.spans[0]) == [500_000_000 + 5_000_000, 500_000_000 + 25_000_000])
    }

    @Test(arguments: [(127, [Int]()), (128, []), (129, [128, 1]), (300, [128, 128, 44])])
    func aStreamOfMoreThan128EventsIsSplitIntoLinkedChildSpansOf128(events: Int, chunks: [Int]) async throws {
        // subscribe (not an event of the span), events - 1 values, finished.
        let lines =
            [#"{"streamtrace":1,"stream":"ticks","clock":"virtual","at":0}"#, #"{"t":0,"event":"subscribe"}"#]
            + (1..<events).map { #"{"t":\#($0 * 1000),"event":"value","value":\#($0)}"# }
            + [#"{"t":\#(events * 1000),"event":"finished"}"#]
        let path = try CommandRunner.traceFile(lines.joined(separator: "\n") + "\n")
        let output = try await OTLPOutput(["--epoch", OTLPOutput.epochText, path])
        try #require(output.spans.count == 1 + chunks.count)
        let subscription = output.spans[0]
        let spanID = OTLPOutput.id(["span", path, "ticks"], count: 8)
        #expect(subscription["spanId"] as? String == spanID)
        #expect(OTLPOutput.times(subscription) == [0, Int64(events) * 1000])
        #expect(OTLPOutput.events(subscription).count == (chunks.isEmpty ? events : 0))
        #expect(
            OTLPOutput.attributes(subscription)["streamtrace.chunks"] == (chunks.isEmpty ? nil : "int \(chunks.count)"))
        var previous: (id: String, end: Int64)?
        var line = 3
        for (index, size) in chunks.enumerated() {
            let span = output.spans[1 + index]
            let id = OTLPOutput.id(["span", path, "ticks", String(index + 1)], count: 8)
            #expect(span["spanId"] as? String == id)
            #expect(span["parentSpanId"] as? String == spanID)
            #expect(span["traceId"] as? String == subscription["traceId"] as? String)
            #expect(span["name"] as? String == "ticks [\(index + 1)/\(chunks.count)]")
            #expect(OTLPOutput.attributes(span) == ["streamtrace.chunk": "int \(index + 1)"])
            let spanEvents = OTLPOutput.events(span)
            #expect(spanEvents.count == size)
            #expect(spanEvents.first?.attributes["streamtrace.line"] == "int \(line)")
            line += size
            // Consecutive: each from where the one before ended (the first from the subscription) to its last event.
            #expect(OTLPOutput.times(span) == [previous?.end ?? 0, spanEvents.last?.time ?? -1])
            let links = span["links"] as? [[String: String]]
            #expect(links == previous.map { [["traceId": subscription["traceId"] as? String ?? "", "spanId": $0.id]] })
            previous = (id, spanEvents.last?.time ?? -1)
        }
        #expect(previous.map { $0.end } ?? Int64(events) * 1000 == Int64(events) * 1000)
    }
}
#endif
