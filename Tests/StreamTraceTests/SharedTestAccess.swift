// The fuzz build (Fuzz/run.sh) compiles this file into the module itself.
#if !STREAMTRACE_FUZZ
@testable import StreamTrace
#endif

// Test-only members that the tests and the fuzz targets both use.

extension TraceReader {
    /// The text of the value ``nextHead()`` just returned (it must be a `value` event), validated but not decoded.
    func rawValue() -> RawJSON {
        guard let value = currentValueBytes else {
            preconditionFailure("rawValue() needs the value event nextHead() just returned")
        }
        return RawJSON(validated: Array(value)[...])
    }
}

extension TextLayout {
    /// `text` cut to `columns`, then padded to exactly `columns`, as `show` fits its stream column.
    static func fitted(_ text: some StringProtocol, to columns: Int) -> String {
        padded(truncated(text, to: columns), to: columns)
    }
}
