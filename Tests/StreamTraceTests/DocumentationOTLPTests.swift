import Foundation
import StreamTrace
import Testing

/// The examples of the doc comments behind `export --format otlp` (OTLP/
/// and System/SHA256.swift), as written, with what their comments promise.
@Suite struct DocumentationOTLPTests {
    static let cart = """
        {"streamtrace":1,"stream":"cart","clock":"virtual","at":0}
        {"t":0,"event":"subscribe"}
        {"t":1000000,"event":"request","demand":"unlimited"}
        {"t":2000000,"event":"value","value":3}
        {"t":12000000,"event":"finished"}

        """

    /// SHA256.swift.
    @Test func theDigestOfABCStartsWithBA() {
        let digest = SHA256.hash(Array("abc".utf8))
        let first = digest[0]  // 0xba
        #expect(first == 0xba)
        #expect(digest.count == 32)
    }

    /// OTLPIdentity.swift.
    @Test func traceIDsAre16BytesAndSpanIDs8() {
        let trace = OTLPIdentity.traceID(of: "traces/checkout")
        let span = OTLPIdentity.spanID(file: "traces/checkout/cart.jsonl", stream: "cart")
        let sizes = [trace.count, span.count]  // [16, 8]
        #expect(sizes == [16, 8])
        #expect(trace == Array(SHA256.hash(Array("trace\0traces/checkout".utf8)).prefix(16)))
        #expect(span == Array(SHA256.hash(Array("span\0traces/checkout/cart.jsonl\0cart".utf8)).prefix(8)))
    }

    /// OTLPStream.swift.
    @Test func aStreamIsTimedFromTheEpochPlusItsReading() throws {
        let trace = Self.cart
        let reader = try TraceReader(bytes: Array(trace.utf8), name: "cart.jsonl")
        let stream = try OTLPStream(reading: reader, folder: nil, epoch: 1_000_000_000)
        let span = [stream.name, "\(stream.start)", "\(stream.end)"]  // ["cart", "1000000000", "1012000000"]
        let events = stream.eventCount  // 3
        #expect(span == ["cart", "1000000000", "1012000000"])
        #expect(events == 3)
        #expect(stream.usesEpoch)
        #expect(stream.parentSpanID == nil)
    }

    /// OTLPFolder.swift.
    @Test func aFolderIsOneTraceNamedAfterTheFolder() throws {
        func stream(_ name: String, at: Int) throws -> OTLPStream {
            let text = Self.cart.replacingOccurrences(
                of: #""cart","clock":"virtual","at":0"#, with: "\"\(name)\",\"at\":\(at)")
            let reader = try TraceReader(bytes: Array(text.utf8), name: "traces/checkout/\(name).jsonl")
            return try OTLPStream(reading: reader, folder: "traces/checkout", epoch: 0)
        }
        let cart = try stream("cart", at: 0)
        let payments = try stream("payments", at: 5_000_000)
        let folder = OTLPFolder(path: "traces/checkout", streams: [cart, payments])
        let name = folder.name  // "checkout"
        let sameTrace = folder.traceID == cart.traceID  // true
        #expect(name == "checkout")
        #expect(sameTrace)
        #expect(payments.parentSpanID == folder.spanID)
        #expect([folder.start, folder.end] == [0, 17_000_000])
    }
}
