/// The pieces of OTLP/JSON that `export --format otlp` writes, per opentelemetry-proto's JSON mapping: ids as
/// lowercase hex, 64-bit integers as decimal strings.
extension JSONOutput {
    /// `"…"`: `bytes` as lowercase hex (trace and span ids).
    package mutating func write(hex bytes: [UInt8]) {
        append(UInt8(ascii: "\""))
        for byte in bytes {
            append(JSONOutput.hexDigits[Int(byte >> 4)])
            append(JSONOutput.hexDigits[Int(byte & 0xF)])
        }
        append(UInt8(ascii: "\""))
    }

    /// `"…"`: a 64-bit integer as the JSON mapping writes one, a decimal string.
    package mutating func write(decimalString value: Int64) {
        append(UInt8(ascii: "\""))
        write(int: value)
        append(UInt8(ascii: "\""))
    }

    /// `,"KEY":` and the member's value, as `value` writes it (an id as hex, a 64-bit integer as a decimal string).
    package mutating func writeMember(_ key: StaticString, _ value: (inout JSONOutput) -> Void) {
        append(",\"")
        append(key)
        append("\":")
        value(&self)
    }

    /// `{"key":KEY,"value":{"stringValue":VALUE}}`.
    package mutating func writeAttribute(_ key: StaticString, string value: String) {
        writeAttribute(key, type: "stringValue") { $0.write(string: value) }
    }

    /// `{"key":KEY,"value":{"intValue":"VALUE"}}`.
    package mutating func writeAttribute(_ key: StaticString, int value: Int64) {
        writeAttribute(key, type: "intValue") { $0.write(decimalString: value) }
    }

    /// `{"key":KEY,"value":{"boolValue":VALUE}}`.
    package mutating func writeAttribute(_ key: StaticString, bool value: Bool) {
        writeAttribute(key, type: "boolValue") { $0.write(bool: value) }
    }

    /// `{"key":KEY,"value":{"stringValue":` and `value`'s compact JSON text as a string.
    package mutating func writeAttribute(_ key: StaticString, json value: JSONValue) {
        var text = JSONOutput()
        text.write(value)
        text.buffer.withUnsafeBytes { writeAttribute(key, jsonText: $0, flush: { _ in }) }
    }

    /// `{"key":KEY,"value":{"TYPE":`, what `value` writes, and `}}`; a comma first if another attribute's `}` precedes.
    private mutating func writeAttribute(
        _ key: StaticString, type: StaticString, _ value: (inout JSONOutput) throws -> Void
    ) rethrows {
        if buffer.last == UInt8(ascii: "}") { append(UInt8(ascii: ",")) }
        append("{\"key\":\"")
        append(key)
        append("\",\"value\":{\"")
        append(type)
        append("\":")
        try value(&self)
        append("}}")
    }

    /// An attribute holding JSON text (an element's) as a string, whitespace between tokens dropped, written in
    /// slices with `flush` called between them so that the buffer never holds more than a slice.
    package mutating func writeAttribute(
        _ key: StaticString, jsonText value: UnsafeRawBufferPointer, flush: (inout JSONOutput) throws -> Void
    ) rethrows {
        try writeAttribute(key, type: "stringValue") { out in
            try value.withMemoryRebound(to: UInt8.self) { bytes in
                let slice = 1 << 16
                var start = 0
                var state = (inString: false, escaped: false)
                out.append(UInt8(ascii: "\""))
                while start < bytes.count {
                    var end = Swift.min(start + slice, bytes.count)
                    // A slice ends on a character's first byte, never inside it.
                    while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                    out.appendCompact(UnsafeBufferPointer(rebasing: bytes[start..<end]), state: &state)
                    start = end
                    if start < bytes.count { try flush(&out) }
                }
                out.append(UInt8(ascii: "\""))
            }
        }
    }

    /// Appends valid JSON text escaped as the inside of a string, dropping the whitespace outside its strings; `state`
    /// is where the slice before left off: inside a string, and after a backslash there.
    private mutating func appendCompact(
        _ text: UnsafeBufferPointer<UInt8>, state: inout (inString: Bool, escaped: Bool)
    ) {
        var runStart = 0
        for i in 0..<text.count {
            let byte = text[i]
            if state.inString {
                if state.escaped {
                    state.escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    state.escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    state.inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                state.inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if runStart < i {
                    appendEscaping(UnsafeBufferPointer(rebasing: text[runStart..<i]), insideString: true)
                }
                runStart = i + 1
            }
        }
        if runStart < text.count {
            appendEscaping(UnsafeBufferPointer(rebasing: text[runStart...]), insideString: true)
        }
    }
}
