import Foundation
import StreamTrace
import Testing

/// The examples of the doc comments about several streams on one axis and
/// the HTML page, as written, with what their comments promise.
@Suite struct DocumentationTimelineTests {
    /// TraceAlignment.swift.
    @Test func tracesOnOneClockAlignOnTheirReadings() {
        let alignment = TraceAlignment(headers: [
            TraceHeader(stream: "cart", clock: "virtual", at: 0),
            TraceHeader(stream: "payments", clock: "virtual", at: 5_000_000),
        ])
        let basis = alignment.basis  // .at
        let offsets = alignment.offsets  // [0, 5_000_000]
        #expect(basis == .at)
        #expect(offsets == [0, 5_000_000])
    }

    /// HTMLSafeJSON.swift.
    @Test func jsonInAPageCannotEndItsScriptElement() {
        var output: [UInt8] = []
        HTMLSafeJSON.append(Array(#"{ "html": "</script>" }"#.utf8), to: &output)
        let text = String(decoding: output, as: UTF8.self)  // {"html":"\u003c/script\u003e"}
        #expect(text == #"{"html":"\u003c/script\u003e"}"#)
    }
}
