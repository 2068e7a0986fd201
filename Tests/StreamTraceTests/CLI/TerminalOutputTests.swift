// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// What the commands print on a real terminal (a pseudo-terminal of a
/// given width): lines fit, nothing traps, colour only where asked.
@Suite struct TerminalOutputTests {
    static let wide = """
        {"streamtrace":1,"stream":"日本語のストリーム名前がとても長いです","clock":"virtual"}
        {"t":0,"event":"value","value":"日本語日本語日本語日本語日本語日本語日本語日本語日本語日本語"}
        {"t":1000,"event":"value","value":"👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽"}
        {"t":2000,"event":"finished"}

        """

    /// The columns a line takes on the terminal, colour codes aside.
    func width(_ line: String) -> Int {
        TerminalText.width(
            line.replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(of: "\u{1B}[31m", with: "")
                .replacingOccurrences(of: "\u{1B}[0m", with: ""))
    }

    @Test func aPassingQueryLongerThanTheTerminalIsShownWithoutTrapping() async throws {
        let query = #"next contains {"query": "s"}"#
        let result = try await TerminalRunner.run(["check", CommandRunner.sample("search.jsonl"), query], columns: 20)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "\u{1B}[32mPASS\u{1B}[0m  \(query)  {\"query…", "\(result)")
        #expect(result.lines.last == "1 passed, 0 failed")
    }

    @Test(arguments: [1, 2, 10, 39, 80])
    func everyLineOfShowFitsTheTerminal(columns: Int) async throws {
        let trace = try CommandRunner.traceFile(Self.wide)
        let result = try await TerminalRunner.run(["show", trace], columns: columns)
        #expect(result.status == 0, "\(result)")
        // Eleven lines and the diagram, then its legend: one line for what `*` means where one or two
        // columns crowd the events, else a line for each value unless two fit on one, and `|: finished`.
        let legendLines = [1: 1, 2: 2, 10: 3, 39: 3, 80: 2][columns]!
        #expect(result.lines.count == 12 + legendLines, "\(result)")
        for line in result.lines { #expect(width(line) <= columns, "\(line) at \(columns) columns") }
    }

    @Test func wideCharactersAreCutByColumnsNotCharacters() async throws {
        let trace = try CommandRunner.traceFile(Self.wide)
        let result = try await TerminalRunner.run(["show", trace], columns: 50)
        #expect(result.lines.first == "stream:    日本語のストリーム名前がとても長いです", "\(result)")
        let narrow = try await TerminalRunner.run(["show", trace], columns: 30)
        #expect(narrow.lines.first == "stream:    日本語のストリーム…", "\(narrow)")
        let row = try #require(result.lines.first { $0.contains("日本語日本") })
        #expect(row == "      +0ns        +0ns  value      \"日本語日本語…", "\(result)")
        #expect(width(row) == 49)
        let emoji = try #require(result.lines.first { $0.contains("+1us") })
        #expect(width(emoji) <= 50)
    }

    @Test func showAcceptsAnyWidthFromOneToTenThousand() async throws {
        let trace = try CommandRunner.traceFile(Self.wide)
        for width in ["1", "10000"] {
            let result = try await CommandRunner.run(["show", "--width", width, trace])
            #expect(result.status == 0, "\(result)")
            for line in result.lines { #expect(self.width(line) <= Int(width)!, "\(line)") }
        }
        let zero = try await CommandRunner.run(["show", "--width", "0", trace])
        #expect(zero.status == 2)
        #expect(zero.stderr.hasPrefix("streamtrace: error: --width must be a whole number from 1 to 10000; got '0'\n"))
    }

    @Test func colourIsOnByDefaultOnATerminalAndOffWithNoColor() async throws {
        let arguments = ["check", CommandRunner.sample("search.jsonl"), "count", "single"]
        let coloured = try await TerminalRunner.run(arguments, columns: 80)
        #expect(coloured.lines.first == "\u{1B}[32mPASS\u{1B}[0m  count   3")
        #expect(coloured.lines.dropFirst().first?.hasPrefix("\u{1B}[31mFAIL\u{1B}[0m  single") == true)
        let plain = try await TerminalRunner.run(arguments, columns: 80, environment: ["NO_COLOR": "1"])
        #expect(plain.lines.first == "PASS  count   3")
        #expect(!plain.output.contains("\u{1B}"))
    }
}
#endif
