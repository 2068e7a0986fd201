import StreamTrace
import Testing

/// `show` writes a row of a value from the value's text, as much of it as
/// the row shows: the rows are the ones the built value gives, at every
/// width, whatever characters stand where the row is cut.
@Suite(.cpuBound) struct ValueRowTests {
    /// Values whose rows are cut among characters wider or narrower than a
    /// column: combining marks, wide and emoji characters, flags, escapes.
    static func values(seed: UInt64) -> [String] {
        var twins = JSONRewriterTests.Twins(random: .init(state: seed))
        let tricky = [
            "e" + String(repeating: "\u{301}", count: 700), "日本語", "👩‍👩‍👧", "🇫🇷🇩🇪", "\\u0007", "\u{85}", "x",
            String(repeating: "ab", count: 150), "café – Østby", "‼\u{FE0F}", "한\u{11A8}", "👍🏽", "\u{AD}", "Ж\u{483}",
            "🌡", "🚀",
        ]
        return (0..<60).map { i in
            let (a, b) = twins.pair(depth: 3)
            let text = (0..<(i % 7)).map { _ in tricky[Int(twins.int(0...(tricky.count - 1)))] }.joined()
            // White space of a trace line has no line end.
            let (x, y) = (String(a.map { $0 == "\n" ? "\t" : $0 }), String(b.map { $0 == "\n" ? "\t" : $0 }))
            return i.isMultiple(of: 2) ? #"[" \#(text)",\#(x)]"# : #"{"\#(text)" : \#(y), "z":1}"#
        }
    }

    static func trace(_ values: [String]) -> [UInt8] {
        let lines = values.enumerated().map { #"{"t":\#($0.offset),"event":"value","value":\#($0.element)}"# }
        return Array(
            ([#"{"streamtrace":1}"#] + lines + [#"{"t":99,"event":"finished"}"#, ""]).joined(separator: "\n").utf8)
    }

    @Test(arguments: 0..<4)
    func aRowFromTheValuesTextIsTheRowOfTheBuiltValue(seed: UInt64) throws {
        let bytes = Self.trace(Self.values(seed: seed))
        let summary = try TraceSummary(reading: TraceReader(bytes: bytes))
        for width in [1, 12, 31, 40, 80, 200, 1000] {
            let timeline = TraceTimeline(summary: summary, width: width)
            let (built, text) = (try TraceReader(bytes: bytes), try TraceReader(bytes: bytes))
            var rewriter = JSONRewriter()
            while let event = try built.next(), let head = try text.nextHead() {
                let expected = timeline.row(event, previousTime: 0)
                let row = timeline.row(head, value: text.currentValueBytes, previousTime: 0, rewriter: &rewriter)
                #expect(row == expected, "width \(width), line \(head.line)")
                var bytes = JSONOutput()
                let fallback = timeline.appendRow(
                    head, value: text.currentValueBytes, previousTime: 0, rewriter: &rewriter, into: &bytes)
                #expect((fallback ?? bytes.string) == expected, "width \(width), line \(head.line)")
            }
        }
    }

    /// Every kind of event, with times from nanoseconds to ones wider than
    /// their 10 columns and a time before the one of the row above.
    @Test func aRowOfEveryKindWrittenAsBytesIsTheRowOfTheBuiltEvent() throws {
        let lines = [
            #"{"streamtrace":1}"#, #"{"t":0,"event":"subscribe"}"#, #"{"t":7,"event":"request","demand":2}"#,
            #"{"t":1500,"event":"request","demand":"unlimited"}"#, #"{"t":2500000,"event":"value","value":[1,"a"]}"#,
            #"{"t":61000000000,"event":"value","value":{"a":-1.5e3}}"#,
            #"{"t":9000000000000000000,"event":"value","value":"x"}"#,
        ]
        for end in [
            #"{"t":9000000000000000001,"event":"cancel"}"#,
            #"{"t":9000000000000000002,"event":"failure","error":{"type":"E","message":"m"}}"#,
        ] {
            try Self.expectRowsAsBytes(Array((lines + [end, ""]).joined(separator: "\n").utf8))
        }
    }

    /// Each event's row written as bytes is its built event's row, at
    /// several widths and times of the row above.
    static func expectRowsAsBytes(_ bytes: [UInt8]) throws {
        let summary = try TraceSummary(reading: TraceReader(bytes: bytes))
        var rewriter = JSONRewriter()
        for width in [12, 40, 80, 200] {
            let timeline = TraceTimeline(summary: summary, width: width)
            for previous in [0, 3_000_000_000, Int64.max] {
                let (built, text) = (try TraceReader(bytes: bytes), try TraceReader(bytes: bytes))
                while let event = try built.next(), let head = try text.nextHead() {
                    var row = JSONOutput()
                    let fallback = timeline.appendRow(
                        head, value: text.currentValueBytes, previousTime: previous, rewriter: &rewriter, into: &row)
                    #expect(fallback == nil, "width \(width), line \(head.line)")
                    let expected = timeline.row(event, previousTime: previous)
                    #expect(row.string == expected, "width \(width), line \(head.line)")
                }
            }
        }
    }

    /// A value in normal form up to 512 bytes is copied with its row's
    /// head, a longer one after it: rows of either, cut or whole, are the
    /// built values' rows.
    @Test func aValueCopiedWithItsHeadIsCutAsOneCopiedAfterIt() throws {
        var values: [String] = []
        for length in 505...520 {
            let (half, odd) = ((length - 3) / 2, (length - 3) % 2)
            let array = "[" + String(repeating: "1,", count: half) + "2" + String(repeating: "3", count: odd) + "]"
            let plain = "\"" + String(repeating: "v", count: length - 2) + "\""
            let accented = "\"" + String(repeating: "é", count: (length - 2) / 2) + "\""
            values += [plain, array, accented]
        }
        for (index, value) in values.enumerated() {
            #expect(try JSONValue(parsing: value).jsonText == value, "value \(index) is in normal form")
        }
        try Self.expectRowsAsBytes(Self.trace(values))
    }

    @Test func aLabelOfAHugeValueIsCutWhereTheBuiltValuesIs() throws {
        let huge = "[" + (0..<50_000).map { "\"\u{301}\($0)\"" }.joined(separator: " , ") + "]"
        let value = try JSONValue(parsing: huge)
        var rewriter = JSONRewriter()
        for columns in [1, 16, 72] {
            let cut = Array(huge.utf8).withUnsafeBytes {
                ValueText.truncated(lead: "", json: $0, to: columns, rewriter: &rewriter)
            }
            #expect(cut == TextLayout.truncated(value.jsonText, to: columns))
        }
    }
}
