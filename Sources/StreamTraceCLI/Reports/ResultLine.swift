import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A query's result as a line: `PASS  count == 3  3`, or `FAIL` with what was expected and what the trace holds; the
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
        guard result.status == .pass else {
            guard let failure = result.failure, let details = failure.details else {
                try Console.out(
                    .init(indent), .init("FAIL", colour: .red), .init("  \(column)  "), .init(result.summary))
                return
            }
            // Details draw the trace themselves (marbles: expected over actual), under the line.
            try Console.out(.init(indent), .init("FAIL", colour: .red), "  \(column)  \(failure.summary)")
            try Console.out(details.split(separator: "\n").map { indent + "      " + $0 }.joined(separator: "\n"))
            return
        }
        guard !quiet else { return }
        if let place = result.outputPlace { return try print(place, column: column) }
        let text: ArraySlice<UInt8>
        if let output = result.output {
            text = output.bytes
        } else if let partial = result.partialOutput {
            text = partial.textBytes[...]
        } else {
            try Console.out(.init(indent), .init("PASS", colour: .green), "  \(query)")
            return
        }
        let used = indent.count + 6 + TerminalText.width(column) + 2
        if width == nil, text.count >= 1 << 16, !TerminalText.hasUnsafeScalar(validUTF8: text) {
            // A long value off a terminal goes out from the bytes the pass kept, not copied nor
            // decoded: they are valid UTF-8 (the reader validated them), and nothing in them is escaped.
            try Console.out(.init(indent), .init("PASS", colour: .green), .init("  \(column)  "), ending: false)
            return try Console.out(bytes: text)
        }
        try Console.out(
            .init(indent), .init("PASS", colour: .green), .init("  \(column)  "), .init(value(text, after: used)))
    }

    /// A passing result whose value the result holds by its place: written from there a piece at a time, escaped as
    /// ``print(_:quiet:)`` escapes a value it holds (the same bytes); on a terminal, only its start.
    private func print(_ place: ValuePlace, column: String) throws(OutputError) {
        try Console.out(.init(indent), .init("PASS", colour: .green), .init("  \(column)  "), ending: false)
        if let width {
            let used = indent.count + 6 + TerminalText.width(column) + 2
            let room = max(width - used, 8)
            let start = place.prefix(ValueText.prefixLength(columns: room) + 4)
            return try Console.out(.init(value(start[...], after: used)))
        }
        var failure: OutputError?
        let read = place.forEachPiece { piece in
            guard failure == nil else { return }
            do throws(OutputError) {
                if TerminalText.isPrintableASCII(bytes: piece) {
                    try Console.write(bytes: piece)
                } else {
                    try Console.write(bytes: TerminalText.escaped(String(decoding: piece, as: UTF8.self)).utf8)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard read else {
            throw OutputError(code: EIO, file: "a value over 64 KiB (its temporary file could not be read)")
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
