extension TraceComparison {
    /// Why two paired events differ, if they do: kind, payload (`same`:
    /// whether kind and payload agree), or time beyond what ``time``
    /// allows; or an event only one trace has.
    func reason(_ expected: TraceLookahead.Event?, _ actual: TraceLookahead.Event?, same: Bool) -> String? {
        switch (expected, actual) {
        case (nil, nil): return nil
        case (_?, nil): return "only in expected"
        case (nil, _?): return "only in actual"
        case (let expected?, let actual?):
            if expected.kind != actual.kind { return "kinds differ" }
            if !same {
                switch expected.kind {
                case .value: return "values differ"
                case .request: return "demands differ"
                default: return "errors differ"
                }
            }
            guard !time.agree(expected.nanoseconds, actual.nanoseconds) else { return nil }
            let difference = TimeFormat.short(actual.nanoseconds &- expected.nanoseconds)
            let allowed =
                if case .tolerance(let tolerance) = time { " (tolerance \(TimeFormat.exact(tolerance)))" } else { "" }
            return "times differ by \(difference.hasPrefix("-") ? difference : "+" + difference)\(allowed)"
        }
    }

    /// The difference of two paired events, for `reason`, with what each
    /// holds as the report shows it (made only for the differences kept).
    func difference(
        _ expected: TraceLookahead.Event?, _ actual: TraceLookahead.Event?, same: Bool, reason: String
    ) -> TraceDifference {
        var (expectedText, actualText) = (expected?.text, actual?.text)
        if let shown = expectedText, let other = actualText, !same, shown == other {
            (expectedText, actualText) = Self.distinguished(shown, other)
        }
        return TraceDifference(
            expectedEvent: expected?.index, actualEvent: actual?.index, reason: reason,
            expected: expected.map { side($0, expectedFile, expectedText) },
            actual: actual.map { side($0, actualFile, actualText) })
    }

    private func side(_ event: TraceLookahead.Event, _ file: String, _ text: String?) -> TraceDifference.Side {
        .init(file: file, line: event.line, text: "\(TimeFormat.offset(event.nanoseconds))  \(text ?? event.text)")
    }

    /// Two texts of different events that read the same: as scalars (`é`
    /// beside `e\u0301`), or, when they are the same to the last scalar
    /// (the events differ past the part shown), saying so.
    static func distinguished(_ expected: String, _ actual: String) -> (String, String) {
        guard !expected.isExactly(actual) else {
            let note = " (they differ past the first \(TraceLookahead.valueColumns) characters)"
            return (expected + note, actual + note)
        }
        return (asciiEscaped(expected), asciiEscaped(actual))
    }

    /// Every scalar outside ASCII as `\u` and hex digits.
    static func asciiEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return result
    }
}
