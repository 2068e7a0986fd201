import Testing

@testable import StreamTrace

/// The scanner's fast path (``FastEventLine``, ``FastJSONValidator``) against
/// the exact parser, line by line: whatever the fast path takes, the exact
/// parser reads the same way (kind, time, the value's bytes, the line's
/// end); what it must not take (invalid or unusual lines) it leaves to the
/// exact parser. Each line is tried at every offset of a 64-byte block, so
/// that escapes, quotes and multi-byte characters meet every block border.
@Suite(.cpuBound) struct FastEventLineTests {
    /// The fast path's reading of `line` placed at `offset` in a buffer laid
    /// out as the scanner's: bytes before it that a string scan would stop
    /// at, a NUL sentinel right after it, zeroed padding. `wide` scans long
    /// strings 32 bytes a step where the processor runs AVX2.
    static func fast(_ line: [UInt8], at offset: Int, depth: Int, wide: Bool = false) -> FastEventLine? {
        let size = offset + line.count + 1 + ScanBuffer.padding
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        for k in 0..<offset { buffer.storeBytes(of: k % 2 == 0 ? 0x22 : 0x5C, toByteOffset: k, as: UInt8.self) }
        line.withUnsafeBytes { buffer.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        var validator = FastJSONValidator(base: buffer, maximumDepth: depth)
        validator.wide = wide && ByteVector.processorRunsAVX2
        guard var parsed = FastEventLine.parse(validator, at: offset) else { return nil }
        parsed.valueStart -= parsed.kind == .value ? offset : 0
        parsed.valueEnd -= offset
        parsed.contentEnd -= offset
        parsed.next -= offset
        return parsed
    }

    /// Checks `line` at every offset of a block: the fast path agrees with
    /// the exact parser whenever it takes the line, and its wide string scan
    /// with its 16-byte one; returns whether it took it at every offset (it
    /// must not depend on the offset).
    @discardableResult
    static func expectAgreement(_ text: String, depth: Int = 80, sourceLocation: SourceLocation = #_sourceLocation)
        -> Bool
    {
        let line = Array(text.utf8)
        var content = line
        if content.last == 0x0A { content.removeLast() }
        if line.last == 0x0A, content.last == 0x0D { content.removeLast() }
        let exact = content.withUnsafeBytes { try? TraceLineParser(maximumDepth: depth).parseEvent($0) }
        var taken: Bool?
        for offset in 0..<64 {
            let fast = Self.fast(line, at: offset, depth: depth)
            let wide = Self.fast(line, at: offset, depth: depth, wide: true)
            #expect(wide?.kind == fast?.kind, "wide scan: \(text)", sourceLocation: sourceLocation)
            #expect(wide?.valueEnd == fast?.valueEnd, "wide scan: \(text)", sourceLocation: sourceLocation)
            #expect(wide?.next == fast?.next, "wide scan: \(text)", sourceLocation: sourceLocation)
            if let taken, taken != (fast != nil) {
                Issue.record("taken at some offsets only: \(text)", sourceLocation: sourceLocation)
            }
            taken = fast != nil
            guard let fast else { continue }
            guard let exact else {
                Issue.record("fast path took a line the parser rejects: \(text)", sourceLocation: sourceLocation)
                return true
            }
            #expect(fast.kind == exact.kind, "\(text)", sourceLocation: sourceLocation)
            #expect(fast.nanoseconds == exact.nanoseconds, "\(text)", sourceLocation: sourceLocation)
            let range = fast.kind == .value ? fast.valueStart..<fast.valueEnd : nil
            #expect(range == exact.valueRange, "\(text)", sourceLocation: sourceLocation)
            #expect(fast.contentEnd == content.count, "\(text)", sourceLocation: sourceLocation)
            #expect(fast.next == line.count, "\(text)", sourceLocation: sourceLocation)
        }
        return taken ?? false
    }

    static func valueLine(_ value: String, t: String = "1", end: String = "\n") -> String {
        #"{"t":\#(t),"event":"value","value":\#(value)}"# + end
    }

    @Test(arguments: 0..<12)
    func generatedLinesReadAsTheExactParserReadsThem(seed: Int) {
        var random = RandomTrace(seed: UInt64(seed) &* 104_729)
        for line in random.trace(events: 60) { Self.expectAgreement(line + (seed % 3 == 0 ? "\r\n" : "\n")) }
    }

    @Test func timesOfEveryLengthAndShape() {
        var digits = ""
        for length in 1...20 {
            digits += String(length % 10)
            #expect(Self.expectAgreement(#"{"t":\#(digits),"event":"finished"}"# + "\n") == (length <= 18))
        }
        for time in ["0", "7", "10", "99999999", "100000000", "123456789012345678", "9223372036854775807"] {
            #expect(Self.expectAgreement(Self.valueLine("1", t: time)) == (time.count <= 18), "t \(time)")
        }
        for time in ["00", "01", "012345678", "-1", "1.5", "1e3", "", " 1", "1 ", "+1", "0x10"] {
            #expect(!Self.expectAgreement(Self.valueLine("1", t: time)), "t \(time)")
        }
    }

    @Test func literalsAndNumbersTakenOnlyWhole() {
        for value in ["true", "false", "null", "[true,false,null]", #"{"a":null}"#, "0", "-0", "12", "-12.5e+3", "1E9"]
        {
            #expect(Self.expectAgreement(Self.valueLine(value)), "\(value)")
        }
        for value in [
            "tru", "trUe", "truex", "fals", "falsy", "nul", "nulll", "True", "01", "1.", "1e", "1e+", "-", ".5", "+1",
            "[tru]", "[1,]", #"{"a":nul}"#, "[1 2]",
        ] {
            #expect(!Self.expectAgreement(Self.valueLine(value)), "\(value)")
        }
    }

    @Test func escapesAndQuotesAcrossBlockBorders() {
        for pad in 0..<70 {
            let a = String(repeating: "a", count: pad)
            for body in [#"\""#, #"\\"#, #"\\\""#, #"\\\\"#, #"\u00e9\n"#, #"\ud83d\ude80"#, "é🚀", #"x\/y\tz"#] {
                #expect(Self.expectAgreement(Self.valueLine(#""\#(a)\#(body)""#)), "\(pad) \(body)")
                #expect(Self.expectAgreement(Self.valueLine(#"{"\#(a)\#(body)":"\#(body)"}"#)), "\(pad) \(body)")
            }
            // A backslash run before a quote: an even run ends the string, an odd one escapes the quote.
            for run in 1...6 {
                let value = "\"" + a + String(repeating: "\\", count: run) + "\""
                #expect(Self.expectAgreement(Self.valueLine(value)) == run.isMultiple(of: 2), "\(pad) \(run)")
            }
            for bad in [#"\x"#, #"\u12"#, #"\ud800"#, #"\udc00x"#, "\u{7F}\t"] {
                Self.expectAgreement(Self.valueLine(#""\#(a)\#(bad)""#))
            }
        }
    }

    @Test func longStringsWithASpecialAtEveryPlace() {
        // Past the first 16 bytes a string's rest is scanned 32 bytes a step (AVX2): a quote, escape, control or
        // non-ASCII byte at any place of the first blocks must stop the scan there.
        for length in 0..<100 {
            for special in [#"\""#, #"\\"#, "é", #"\u00e9"#, "\u{1}"] {
                let text = String(repeating: "x", count: length) + special + String(repeating: "y", count: 40)
                Self.expectAgreement(Self.valueLine(#""\#(text)""#))
                Self.expectAgreement(Self.valueLine(#"["\#(text)",1]"#))
            }
            #expect(Self.expectAgreement(Self.valueLine("\"" + String(repeating: "z", count: length) + "\"")))
        }
    }

    @Test func stringsThatShareAWindowEndWhereTheExactParserEndsThem() {
        // The strings that open in the first 48 bytes of a 64-byte window find their ends in it
        // (FastJSONValidator.Window); a later one opens a new window, and one whose end lies past the window scans on
        // from there. A first string of every length moves the next ones, and the special byte in the second, across
        // the window's 48th and 64th bytes; a control byte is the exact parser's to refuse.
        for first in 0..<70 {
            for second in [0, 10, 30, 60] {
                for special in ["", #"\""#, "é", "\u{1}"] {
                    let a = String(repeating: "a", count: first)
                    let b = String(repeating: "b", count: second) + special + "c"
                    let line = Self.valueLine(#"{"k":"\#(a)","l":"\#(b)","m":[1,"n"],"o":"p"}"#)
                    #expect(Self.expectAgreement(line) == (special != "\u{1}"), "\(line)")
                }
            }
        }
    }

    @Test func decimalFractionsOfEveryLength() {
        // A decimal of every length up to past a Double's 17 digits, and what may follow its last digit.
        for length in 1...26 {
            let fraction = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
            for value in ["0.\(fraction)", "-12.\(fraction)e-7", "[3.\(fraction),1]", #"{"s":9.\#(fraction)}"#] {
                #expect(Self.expectAgreement(Self.valueLine(value)), "\(value)")
            }
            for value in ["1.\(fraction)x", "1.\(fraction).5", "[1.\(fraction)e]", "1.\(fraction)-"] {
                #expect(!Self.expectAgreement(Self.valueLine(value)), "\(value)")
            }
        }
    }

    @Test func invalidUTF8AndControlBytesAreLeftToTheExactParser() {
        let prefix = Array(#"{"t":1,"event":"value","value":"ab"#.utf8)
        let bytes: [[UInt8]] = [
            [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0x1F], [0xE2, 0x82],
        ]
        for bad in bytes {
            let line = prefix + bad + Array(#""}"#.utf8) + [0x0A]
            for offset in [0, 30, 63] { #expect(Self.fast(line, at: offset, depth: 80) == nil) }
        }
    }

    @Test func nestingUpToTheFastPathsDepthAndPastIt() {
        for levels in [1, 23, 24, 63, 64, 65, 79] {
            let value = String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
            let object = String(repeating: #"{"k":"#, count: levels) + "1" + String(repeating: "}", count: levels)
            for depth in [24, 80] {
                // The line's object is the first level: `levels` more fit when below the limit and at most 64.
                let fits = levels < depth && levels <= 64
                #expect(Self.expectAgreement(Self.valueLine(value), depth: depth) == fits, "\(levels) \(depth)")
                #expect(Self.expectAgreement(Self.valueLine(object), depth: depth) == fits, "\(levels) \(depth)")
            }
        }
    }

    @Test func lineEndsCRLFAndTheBufferEnd() {
        #expect(Self.expectAgreement(Self.valueLine(#""x""#, end: "\r\n")))
        #expect(Self.expectAgreement(#"{"t":5,"event":"cancel"}"# + "\r\n"))
        // No `\n` before the sentinel: a line cut by the buffer's end goes to the exact path.
        for end in ["", "\r", " \n", "\r\r\n"] { #expect(!Self.expectAgreement(Self.valueLine("1", end: end))) }
        #expect(Self.fast(Array(#"{"t":1"#.utf8), at: 0, depth: 80) == nil)
        #expect(Self.fast(Array(#"{"t":12345678"#.utf8), at: 60, depth: 80) == nil)
    }
}
