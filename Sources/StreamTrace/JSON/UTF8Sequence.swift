/// What the lead byte of a multi-byte UTF-8 sequence allows, by RFC 3629 as both JSON readers apply it: no overlong
/// forms, no surrogates, nothing above U+10FFFF.
struct UTF8Sequence {
    /// The sequence's length in bytes, lead byte included (2 to 4).
    let length: Int
    /// The range of the second byte; later bytes are 0x80...0xBF.
    let second: ClosedRange<UInt8>

    /// The sequence `lead` starts, or `nil` if no sequence starts with it.
    @inline(__always)
    init?(lead: UInt8) {
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)  // no surrogates
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
    }

    /// The range byte `index` (1 to `length - 1`) of the sequence must be in.
    @inline(__always)
    func range(ofByte index: Int) -> ClosedRange<UInt8> {
        index == 1 ? second : 0x80...0xBF
    }
}
