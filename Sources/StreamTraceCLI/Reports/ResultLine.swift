import StreamTrace

/// A query's result as a line: `PASS count == 3 3`, or `FAIL` with what was expected and what the trace holds; the
/// query column as wide as the widest query (at most 32), a value cut to a terminal's width (off one, whole).
struct ResultLine {
    let indent: String
    let queryWidth: Int
    /// The terminal's width, or no limit off a terminal.
    let width: Int?

    init(queries: [Query], indent: String = "") {
        self.indent = indent
        queryWidth = min(queries.map { TerminalText.width(TerminalText.escaped($0.text)) }.max() ?? 0, 32)
        width = Console.isTerminal ? Console.width : nil
    }

    /// Prints the result (a pass only when not `quiet`).
    func print(_ result: QueryResult, quiet: Bool) throws(OutputError) {
        let query = TerminalText.escaped(result.query.text)
        let column = TextLayout.padded(query, to: queryWidth)
        if let failure = result.failure {
            // Details draw the trace themselves (marbles: expected over actual), under the line.
            let details = failure.details
            try Console.out(
                .init(indent), .init("FAIL", colour: .red), .init("  \(column)  "),
                .init(details == nil ? failure.explanation : failure.summary))
            if let details {
                try Console.out(details.split(separator: "\n").map { indent + "      " + $0 }.joined(separator: "\n"))
            }
            return
        }
        guard !quiet else { return }
        guard result.outputPlace != nil || result.output != nil || result.partialOutput != nil else {
            return try Console.out(.init(indent), .init("PASS", colour: .green), "  \(query)")
        }
        try Console.out(.init(indent), .init("PASS", colour: .green), .init("  \(column)  "), ending: false)
        let used = indent.count + 6 + TerminalText.width(column) + 2
        if let place = result.outputPlace { return try print(place, after: used) }
        let text = result.output?.bytes ?? result.partialOutput?.textBytes[...] ?? []
        if width == nil, text.count >= 1 << 16, !TerminalText.hasUnsafeScalar(validUTF8: text) {
            // A long value off a terminal goes out from the bytes the pass kept, not copied nor
            // decoded: they are valid UTF-8 (the reader validated them), and nothing in them is escaped.
            return try Console.out(bytes: text)
        }
        try Console.out(.init(value(text, after: used)))
    }

    /// The rest of the line of a passing result whose value the result holds by its place: written from there a piece
    /// at a time, escaped as ``print(_:quiet:)`` escapes a value it holds (the same bytes); on a terminal, only its
    /// start.
    private func print(_ place: ValuePlace, after used: Int) throws(OutputError) {
        if let width {
            let start = place.prefix(ValueText.prefixLength(columns: max(width - used, 8)) + 4)
            return try Console.out(.init(value(start[...], after: used)))
        }
        try Console.forEachPiece(of: place) { piece throws(OutputError) in
            if TerminalText.isPrintableASCII(bytes: piece) {
                try Console.write(bytes: piece)
            } else {
                try Console.write(bytes: TerminalText.escaped(String(decoding: piece, as: UTF8.self)).utf8)
            }
        }
        try Console.write(bytes: CollectionOfOne(0x0A))
    }

    /// The value, cut to what is left of a terminal's line (never to fewer than 8 columns); off a terminal, whole, or
    /// as far as the pass kept it (1 MiB of a longer one, ending in `…`).
    private func value(_ text: ArraySlice<UInt8>, after used: Int) -> String {
        guard let width else { return String(decoding: text, as: UTF8.self) }
        let room = max(width - used, 8)
        return TextLayout.truncated(TerminalText.escaped(ValueText.prefix(text, columns: room)), to: room)
    }
}
