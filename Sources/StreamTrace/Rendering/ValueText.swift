/// How a stream's value is shown: its compact JSON, escaped for a terminal, and whole wherever a message names it,
/// since a value cut short can make expected and actual read the same.
package enum ValueText {
    /// A value in a failure message, whole: `{"id":1,"name":"x"}`.
    package static func message(_ json: some StringProtocol) -> String {
        TerminalText.escaped(json)
    }

    /// The start of the UTF-8 text `bytes` begin: at most ``prefixLength(columns:)`` bytes, ending in `…` if cut.
    package static func prefix(_ bytes: some BidirectionalCollection<UInt8>, columns: Int) -> String {
        let limit = prefixLength(columns: columns)
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = bytes.index(bytes.startIndex, offsetBy: limit)
        // Not inside a character.
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { bytes.formIndex(before: &end) }
        return String(decoding: bytes[..<end], as: UTF8.self) + String(TextLayout.ellipsis)
    }

    /// The most bytes ``prefix(_:columns:)`` shows of a value's text: four a column (a character's most), plus four.
    package static func prefixLength(columns: Int) -> Int { 4 * max(columns, 1) + 4 }

    /// `TextLayout.truncated(lead + text, to: columns)` for `text` the compact JSON of the value whose validated text
    /// is `json` (its normal form, which needs no escaping), worked out from as little of it as the cut needs.
    /// `scanned`: the rewriter's last call scanned `json` (``JSONRewriter/writeNormal(_:into:limit:scanned:)``).
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
            // The last character may be cut short or go on: without it, a cut text is cut where the whole one would be.
            let shorter = String(text.dropLast())
            let cut = TextLayout.truncated(shorter, to: columns)
            if cut != shorter { return cut }
            limit *= 4
        }
    }

    /// Input quoted in an error message, escaped and cut to `limit` characters: an error must not echo megabytes.
    package static func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
        "\"" + TextLayout.truncated(TerminalText.escaped(text), to: limit) + "\""
    }
}
