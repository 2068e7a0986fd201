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

extension QueryParseError {
    /// The query, and a caret under the problem followed by the message.
    var pointer: String {
        let (line, caret) = excerpt
        return line + "\n" + caret + " " + message
    }
}

extension TraceChecker {
    /// Like scanning a file descriptor, over bytes in memory.
    func evaluations(
        scanning bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions(),
        valueLimit: Int? = nil
    ) throws(TraceReadError) -> TraceEvaluations {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TraceReadError) in
                try evaluations(
                    .memory(raw, range: 0..<raw.count), name: name, options: options, valueLimit: valueLimit)
            }
        }
        return try result.get()
    }
}

extension QueryForm {
    /// The expectation type's name: `Last`.
    var typeName: String {
        String(String(describing: type).prefix { $0 != "<" })
    }

    /// The reasons the expectation fails with, in the order the docs list them.
    var reasons: [QueryReason] { type.reasons }
}

extension ValuePlace {
    /// The length of its text, in bytes.
    var count: Int { range.count }
}

/// Tests read a trace's results by iterating its evaluations.
extension TraceEvaluations: Sequence {
    public func makeIterator() -> IndexingIterator<[QueryResult]> {
        results.makeIterator()
    }
}
