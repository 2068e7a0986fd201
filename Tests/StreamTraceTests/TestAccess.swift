@testable import StreamTrace

// What tests read of the library beyond its public API (a recorder's: Recorder+TestAccess.swift).

extension MemoryTraceSink {
    /// The lines written, without their newlines.
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

extension TestClock {
    /// The order the clock runs its tasks' jobs in.
    var schedule: Schedule { core.schedule }
}

extension TraceAlignment {
    init(basis: Basis, offsets: [Int64], origin: String?) {
        self.init(headers: [])
        (self.basis, self.offsets, self.origin) = (basis, offsets, origin)
    }
}

extension TraceReader {
    /// The text of the value ``nextHead()`` just returned (it must be a `value` event), validated but not decoded.
    func rawValue() -> RawJSON {
        guard let value = currentValueBytes else {
            preconditionFailure("rawValue() needs the value event nextHead() just returned")
        }
        return RawJSON(validated: Array(value)[...])
    }
}

extension FastJSONValidator {
    init(base: UnsafeRawPointer, maximumDepth: Int) {
        self.init(base: base, maximumNesting: Self.nesting(maximumDepth: maximumDepth))
    }
}

extension CompactBytes {
    /// The bytes, if they were kept whole.
    var bytes: [UInt8]? {
        if case .bytes(let bytes) = form { return bytes }
        return nil
    }
}
