/// How a stream's value is shown: its compact JSON, escaped for a
/// terminal, and whole wherever a message names it — a value cut short can
/// make expected and actual read the same.
package enum ValueText {
    /// The characters of a value a marble line shows beside its events;
    /// a longer one is shown by a letter and named in the legend.
    package static let labelLimit = 16

    /// A value in a failure message, whole: `{"id":1,"name":"x"}`.
    package static func message(_ json: some StringProtocol) -> String {
        TerminalText.escaped(json)
    }

    /// A value's JSON text in a failure message, whole.
    package static func message(_ json: RawJSON) -> String {
        TerminalText.escaped(json.text)
    }

    /// The start of a value's text, enough to fill `columns`, ending in
    /// `…` if it was cut (a large value is not decoded whole to show its
    /// first columns).
    package static func prefix(_ json: RawJSON, columns: Int) -> String {
        json.bytes.withUnsafeBytes { prefix($0, columns: columns) }
    }

    /// The start of the text `bytes` (UTF-8) begin, enough to fill
    /// `columns`: at most ``prefixLength(columns:)`` bytes of it, ending
    /// in `…` if there are more.
    package static func prefix(_ bytes: some BidirectionalCollection<UInt8>, columns: Int) -> String {
        let limit = prefixLength(columns: columns)
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = bytes.index(bytes.startIndex, offsetBy: limit)
        // Not inside a character.
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { bytes.formIndex(before: &end) }
        return String(decoding: bytes[..<end], as: UTF8.self) + String(TextLayout.ellipsis)
    }

    /// How many bytes of a value's text ``prefix(_:columns:)`` shows at
    /// most: four a column (a character takes at most four), and four more.
    package static func prefixLength(columns: Int) -> Int { 4 * max(columns, 1) + 4 }

    /// `TextLayout.truncated(lead + text, to: columns)`, where `text` is
    /// the compact JSON of the value whose validated text is `json` (its
    /// normal form, as ``JSONValue/jsonText`` writes it: nothing in it needs
    /// escaping), worked out from as little of `text` as the cut needs: a
    /// row of a huge value does not write the value whole. `scanned`: the
    /// rewriter's last call scanned `json` (see
    /// ``JSONRewriter/writeNormal(_:into:limit:scanned:)``).
    package static func truncated(
        lead: String, json: UnsafeRawBufferPointer, to columns: Int, rewriter: inout JSONRewriter,
        scanned: Bool = false
    ) -> String {
        var limit = prefixLength(columns: columns)
        var scanned = scanned
        while true {
            var output = JSONOutput(capacity: limit + 8)
            let whole = rewriter.writeNormal(json, into: &output, limit: limit, scanned: scanned)
            scanned = true
            let text = lead + TerminalText.escaped(output.string)
            if whole { return TextLayout.truncated(text, to: columns) }
            // The last character may be cut short, or go on: without it, a
            // text that is cut is cut where the whole text would be.
            let shorter = String(text.dropLast())
            let cut = TextLayout.truncated(shorter, to: columns)
            if cut != shorter { return cut }
            limit *= 4
        }
    }

    /// Input quoted in an error message: escaped, in double quotes, at most
    /// 40 characters of it (an error must not echo a megabyte of input).
    package static func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
        "\"" + TextLayout.truncated(TerminalText.escaped(text), to: limit) + "\""
    }
}
