/// How a stream's value is shown: its compact JSON, cut by
/// ``TextLayout``'s policy to what the place it appears in allows.
package enum ValueText {
    /// The characters of a value a failure message shows.
    package static let messageLimit = 80
    /// The characters of a value a marble line shows.
    package static let labelLimit = 16

    /// A value in a failure message: `{"id":1,"name":"x"}`.
    package static func message(_ json: some StringProtocol) -> String {
        TextLayout.truncated(json, to: messageLimit)
    }

    /// A value's JSON text in a failure message, reading no more of a large
    /// text than the message can show.
    package static func message(_ json: RawJSON) -> String {
        let limit = 4 * messageLimit
        return message(json.bytes.count > limit ? String(decoding: json.bytes.prefix(limit), as: UTF8.self) : json.text)
    }

    /// A value on a marble line: at most 16 characters.
    package static func label(_ json: some StringProtocol) -> String {
        TextLayout.truncated(json, to: labelLimit)
    }

    /// A label for the first bytes of a value's text, kept from a trace:
    /// when the bytes were cut at `byteLimit`, the label shows it.
    package static func label(prefix bytes: some Collection<UInt8>, byteLimit: Int) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.count >= byteLimit - 3 else { return label(text) }
        return String(text.prefix(min(labelLimit, text.count) - 1)) + String(TextLayout.ellipsis)
    }
}
