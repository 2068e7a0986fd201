/// How a stream's value is shown: its compact JSON, cut by
/// ``TextLayout``'s policy to what the place it appears in allows.
package enum ValueText {
    /// The characters of a value a failure message shows.
    package static let messageLimit = 80
    /// The characters of a value a marble line shows.
    package static let labelLimit = 16

    /// A value in a failure message: `{"id":1,"name":"x"}`.
    package static func message(_ json: some StringProtocol) -> String {
        TextLayout.truncated(TerminalText.escaped(json), to: messageLimit)
    }

    /// A value's JSON text in a failure message, reading no more of a large
    /// text than the message can show.
    package static func message(_ json: RawJSON) -> String {
        let limit = 4 * messageLimit
        return message(json.bytes.count > limit ? String(decoding: json.bytes.prefix(limit), as: UTF8.self) : json.text)
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

    /// A value on a marble line: at most 16 characters.
    package static func label(_ json: some StringProtocol) -> String {
        TextLayout.truncated(TerminalText.escaped(json), to: labelLimit)
    }

    /// A label for the first bytes of a value's text, kept from a trace:
    /// when the bytes were cut at `byteLimit`, the label shows it.
    package static func label(prefix bytes: some Collection<UInt8>, byteLimit: Int) -> String {
        let text = TerminalText.escaped(String(decoding: bytes, as: UTF8.self))
        guard bytes.count >= byteLimit - 3 else { return label(text) }
        return String(text.prefix(min(labelLimit, text.count) - 1)) + String(TextLayout.ellipsis)
    }
}
