import StreamTrace
import Testing

/// `check`'s results hold a value over 64 KiB by its place in the pass's
/// spool (an anonymous temporary file), not as a copy in memory; read
/// back, it is the trace's text byte for byte, and results are the same as
/// the line reader's, which holds every value in memory.
@Suite(.cpuBound) struct ValuePlaceTests {
    /// A value of about `bytes` bytes of text, `{"id":N,"text":"…"}`, whose
    /// string mixes characters of one to four bytes and U+2028, which the
    /// reports escape, so that pieces of any size fall inside characters.
    static func longValue(_ id: Int, bytes: Int) -> String {
        let piece = "ab\u{E9}\u{20AC}\u{1F600}\u{2028}\\\"x"
        let repeats = bytes / piece.utf8.count + 1
        return #"{"id":\#(id),"text":""# + String(repeating: piece, count: repeats) + #""}"#
    }

    /// A finished trace of `values`, one element each, at t = 1, 2, ….
    static func trace(_ values: [String]) -> [UInt8] {
        var text = #"{"streamtrace":1}"# + "\n"
        for (index, value) in values.enumerated() {
            text += #"{"t":\#(index + 1),"event":"value","value":\#(value)}"# + "\n"
        }
        return Array((text + #"{"t":\#(values.count + 1),"event":"finished"}"# + "\n").utf8)
    }

    static let values = (0..<3).map { longValue($0, bytes: 200_000) }

    @Test func aResultHoldsALongValueByItsPlaceNotACopy() throws {
        let checker = TraceChecker(
            queries: try ["next", "last", #"next where contains {"id":1}"#].map { try Query($0) })
        let results = Array(try checker.evaluations(scanning: Self.trace(Self.values)))
        for (result, expected) in zip(results, [Self.values[0], Self.values[2], Self.values[1]]) {
            let place = try #require(result.outputPlace, "\(result.query.text) holds its value in memory")
            #expect(place.count == expected.utf8.count)
            #expect(result.output?.bytes.elementsEqual(expected.utf8) == true, "\(result.query.text)")
        }
    }

    @Test func aShortValueIsHeldWhole() throws {
        let checker = TraceChecker(queries: [try Query("next")])
        let result = try #require(Array(try checker.evaluations(scanning: Self.trace([#"{"id":0}"#]))).first)
        #expect(result.outputPlace == nil)
        #expect(result.output?.text == #"{"id":0}"#)
    }

    /// A report writes a placed value a piece at a time: each piece ends
    /// between characters, and together they are the value.
    @Test(arguments: [1, 4, 7, 1 << 16])
    func piecesAreCutBetweenCharacters(size: Int) throws {
        let checker = TraceChecker(queries: [try Query("last")])
        let result = try #require(Array(try checker.evaluations(scanning: Self.trace(Self.values))).first)
        let place = try #require(result.outputPlace)
        var joined: [UInt8] = []
        var pieces = 0
        let read = place.forEachPiece(size: size) { piece in
            #expect(piece.count <= max(size, 4))
            // Decoding replaces a cut sequence with U+FFFD: the bytes would differ.
            #expect(String(decoding: piece, as: UTF8.self).utf8.elementsEqual(piece), "a piece cut inside a character")
            joined += piece
            pieces += 1
        }
        #expect(read)
        #expect(joined.elementsEqual(Self.values[2].utf8))
        #expect(pieces >= place.count / max(size, 4))
    }

    /// The differential test: a pass that spools long values decides as the
    /// line reader's reference, which keeps every value in memory, read in
    /// one part or several.
    @Test(arguments: [1, 3])
    func longValuesReadTheSameAsTheLineReader(parallelism: Int) throws {
        let values = [Self.values[0], "5", Self.values[1], Self.longValue(3, bytes: 70_000), Self.values[2]]
        let bytes = Self.trace(values)
        let queries = [
            "next", "next", "last", #"next where contains {"id":3}"#, "count", "finished", "next",
            #"next where contains {"id":1}"#, "last within 1h", "next within 1h",
        ]
        let checker = TraceChecker(queries: try queries.map { try Query($0) })
        let reference = Array(try checker.referenceEvaluations(of: TraceReader(bytes: bytes)))
        let options = TraceScanOptions(parallelism: parallelism, readSize: 4096, minimumChunkBytes: 1)
        let scanned = Array(try checker.evaluations(scanning: bytes, options: options))
        #expect(scanned.map(Self.outcome) == reference.map(Self.outcome))
        #expect(
            scanned.map { $0.outputPlace != nil } == [true, false, true, true, false, false, true, false, true, false])
        for (scanned, reference) in zip(scanned, reference) where scanned.status == .pass {
            #expect(scanned == reference, "\(scanned.query.text)")
        }
    }

    /// A result in a line: its status, why it failed, its value's length
    /// and digest (a value is too long to print), the deciding event.
    static func outcome(_ result: QueryResult) -> String {
        let value = result.output.map { "\($0.bytes.count) bytes, \($0.bytes.hashValue)" } ?? "-"
        return "\(result.query.text): \(result.status) \(result.failure?.reason.rawValue ?? "-") \(value) "
            + (result.location.map { "\($0)" } ?? "-")
    }

    /// A failure never copies a long value into its message: it names it by
    /// where it is, whatever else the pass keeps.
    @Test func aFailureNamesALongValueByItsPlace() throws {
        let checker = TraceChecker(queries: try ["next == 5", "last", "not finished"].map { try Query($0) })
        let results = Array(try checker.evaluations(scanning: Self.trace(Self.values)))
        #expect(
            results[0].failure?.message
                == "expected == 5, got at line 2, t=+1ns, a value over 64 KiB not kept")
        #expect(results[1].status == .pass)
        let timeline = try #require(results[2].failure?.explanation)
        #expect(timeline.hasSuffix("recent: ---?---?---?---|  ?: an element not named here"), "\(timeline)")
    }
}
