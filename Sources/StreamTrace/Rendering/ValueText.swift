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
        let limit = 4 * max(columns, 1) + 4
        guard json.bytes.count > limit else { return json.text }
        var end = json.bytes.startIndex + limit
        while end > json.bytes.startIndex, json.bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
        return String(decoding: json.bytes[..<end], as: UTF8.self) + String(TextLayout.ellipsis)
    }

    /// Input quoted in an error message: escaped, in double quotes, at most
    /// 40 characters of it (an error must not echo a megabyte of input).
    package static func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
        "\"" + TextLayout.truncated(TerminalText.escaped(text), to: limit) + "\""
    }
}
