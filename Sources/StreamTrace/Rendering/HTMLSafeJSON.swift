/// Compact JSON made safe inside an HTML `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes,
/// which mean the same characters in JSON strings (the only place they can stand), so nothing can end the element
/// (`</script>`) or open a comment (`<!--`). Whitespace between tokens is dropped.
package enum HTMLSafeJSON {
    /// Appends valid JSON text to `output`, compact and HTML-safe.
    package static func append(_ json: [UInt8], to output: inout [UInt8]) {
        var inString = false
        var escaped = false
        var i = 0
        while i < json.count {
            let byte = json[i]
            i += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            switch byte {
            case UInt8(ascii: "<"): output.append(contentsOf: #"\u003c"#.utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: #"\u003e"#.utf8)
            case UInt8(ascii: "&"): output.append(contentsOf: #"\u0026"#.utf8)
            case 0xE2 where i + 1 < json.count && json[i] == 0x80 && (json[i + 1] == 0xA8 || json[i + 1] == 0xA9):
                output.append(contentsOf: (json[i + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                i += 2
            default: output.append(byte)
            }
        }
    }
}
