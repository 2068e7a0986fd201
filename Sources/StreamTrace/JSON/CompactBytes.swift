/// Bytes compared in little memory: kept whole up to ``keptBytes``, else as their count and a 128-bit digest (two
/// SipHash-1-3 hashes under the process's random seed, made to differ by their first input). Two different long byte
/// strings pass for equal with a probability of about 2⁻¹²⁸; equal ones are always equal.
package struct CompactBytes: Hashable, Sendable {
    package static let keptBytes = 4096

    enum Form: Hashable {
        case bytes([UInt8])
        case digest(count: Int, UInt64, UInt64)
    }

    let form: Form

    /// Bytes given whole, or in pieces: the last, `bytes`, after the digest of the `earlier` ones (none if its count
    /// is 0).
    package init(_ bytes: UnsafeRawBufferPointer, after earlier: Digest? = nil) {
        guard (earlier?.count ?? 0) > 0 || bytes.count > Self.keptBytes else {
            form = .bytes(Array(bytes))
            return
        }
        var digest = earlier ?? Digest()
        digest.add(bytes)
        form = digest.finish()
    }

    /// Hashes the kept bytes in one call (or the digest).
    package func hash(into hasher: inout Hasher) {
        switch form {
        case .bytes(let bytes):
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .digest(let count, let first, let second):
            hasher.combine(count)
            hasher.combine(first)
            hasher.combine(second)
        }
    }

    /// The digest of bytes given in pieces.
    package struct Digest {
        private var hashers = (Hasher(), Hasher())
        private(set) var count = 0

        init() {
            hashers.0.combine(UInt8(1))
            hashers.1.combine(UInt8(2))
        }

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            hashers.0.combine(bytes: bytes)
            hashers.1.combine(bytes: bytes)
            count += bytes.count
        }

        func finish() -> Form {
            .digest(
                count: count, UInt64(truncatingIfNeeded: hashers.0.finalize()),
                UInt64(truncatingIfNeeded: hashers.1.finalize()))
        }
    }
}
