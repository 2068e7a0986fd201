import Foundation
import StreamTrace
import Testing

/// Lining traces up (started, else at, else each from 0), merging their
/// events by time, and keeping JSON safe in a page.
@Suite struct TraceAlignmentTests {
    @Test func tracesAlignOnStartedElseAtElseEachFromItsOwnZero() {
        let started = TraceAlignment(headers: [
            TraceHeader(started: "2026-11-22T10:00:00.25Z", at: 7),
            TraceHeader(started: "2026-11-22T10:00:00.000000001Z"),
        ])
        #expect(
            started
                == TraceAlignment(basis: .started, offsets: [249_999_999, 0], origin: "2026-11-22T10:00:00.000000001Z"))
        let at = TraceAlignment(headers: [TraceHeader(started: "2026-11-22T10:00:00Z", at: 500), TraceHeader(at: 200)])
        #expect(at == TraceAlignment(basis: .at, offsets: [300, 0], origin: nil))
        #expect(TraceAlignment(headers: [TraceHeader(at: 5), TraceHeader()]).basis == .zero)
        #expect(
            TraceAlignment(headers: [TraceHeader(started: "yesterday"), TraceHeader(started: "2026-11-22T10:00:00Z")])
                .basis == .zero)
        // Readings too far apart to subtract are not a shared axis.
        #expect(TraceAlignment(headers: [TraceHeader(at: .min), TraceHeader(at: .max)]).basis == .zero)
        #expect(TraceAlignment(headers: [TraceHeader(at: 9)]).time(.max, of: 0) == .max)
    }

    @Test func mergedEventsComeInTimeOrderOnTheSharedAxisTiesInTraceOrder() throws {
        func trace(_ at: Int64, _ times: [Int64]) throws -> TraceReader {
            let lines =
                [#"{"streamtrace":1,"at":\#(at)}"#] + times.map { #"{"t":\#($0),"event":"value","value":\#($0)}"# }
            return try TraceReader(bytes: Array(lines.joined(separator: "\n").utf8))
        }
        let readers = [try trace(10, [0, 5, 20]), try trace(0, [0, 15, 16]), try trace(12, [])]
        let merge = try TraceMerge(
            readers: readers, alignment: TraceAlignment(headers: readers.map(\.header)))
        var order: [String] = []
        while let (lane, time, _) = try merge.next() { order.append("\(lane)@\(time)") }
        #expect(order == ["1@0", "0@10", "0@15", "1@15", "1@16", "0@30"])
    }

    @Test func htmlSafeJSONEscapesWhatCouldEndAScriptAndDropsWhitespaceOutsideStrings() {
        var output: [UInt8] = []
        let input =
            Array(#"{ "a" : "</script><!-- & \u0041 \" x" , "b":[1, 2]}"#.utf8) + Array("\u{2028}\u{2029}é".utf8)
        HTMLSafeJSON.append(input, to: &output)
        #expect(
            String(decoding: output, as: UTF8.self)
                == #"{"a":"\u003c/script\u003e\u003c!-- \u0026 \u0041 \" x","b":[1,2]}\u2028\u2029é"#)
    }
}
