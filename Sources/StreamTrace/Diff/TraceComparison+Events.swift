extension TraceComparison {
    /// How two paired events differ, if they do: kind, payload (`same`:
    /// whether kind and payload agree), or time beyond what ``time``
    /// allows; or an event only one trace has.
    func compare(_ expected: TraceLookahead.Event?, _ actual: TraceLookahead.Event?, same: Bool) -> TraceDifference? {
        let reason: String
        switch (expected, actual) {
        case (nil, nil): return nil
        case (_?, nil): reason = "only in expected"
        case (nil, _?): reason = "only in actual"
        case (let expected?, let actual?):
            if expected.kind != actual.kind {
                reason = "kinds differ"
            } else if !same {
                switch expected.kind {
                case .value: reason = "values differ"
                case .request: reason = "demands differ"
                default: reason = "errors differ"
                }
            } else if !time.agree(expected.nanoseconds, actual.nanoseconds) {
                let difference = TimeFormat.short(actual.nanoseconds &- expected.nanoseconds)
                let allowed =
                    if case .tolerance(let tolerance) = time { " (tolerance \(TimeFormat.exact(tolerance)))" } else {
                        ""
                    }
                reason = "times differ by \(difference.hasPrefix("-") ? difference : "+" + difference)\(allowed)"
            } else {
                return nil
            }
        }
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
