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

    @Test(arguments: [1, 2, 10, 39, 40, 80])
    func everyLineOfShowFitsTheTerminalOrFortyColumns(columns: Int) async throws {
        let trace = try CommandRunner.traceFile(Self.wide)
        let result = try await TerminalRunner.run(["show", trace], columns: columns)
        #expect(result.status == 0, "\(result)")
        // Eleven lines and the diagram, then its legend: a line for each value unless two fit on one, and
        // `|: finished` (below 40 columns, show lays out 40).
        let legendLines = [40: 3, 80: 2][max(columns, 40)]!
        #expect(result.lines.count == 12 + legendLines, "\(result)")
        for line in result.lines { #expect(width(line) <= max(columns, 40), "\(line) at \(columns) columns") }
        if columns < 40 {
            let forty = try await CommandRunner.run(["show", "--width", "40", trace])
            #expect(result.lines == forty.lines, "\(result)")
        }
    }

    /// `show` of samples/search.jsonl as it begins: never cut below 40 columns.
    static let searchHeader = [
        "stream:    search results", "clock:     continuous", "started:   2026-11-22T10:00:00.123Z",
        "status:    finished", "elements:  3", "duration:  500ms", "",
        "         t          Δt  event      value", "      +0ns        +0ns  subscribe",
        "    +120us      +120us  request    dema…",
    ]

    @Test func belowFortyColumnsShowLaysOutFortyColumnsAndKeepsItsHeaderAndStatus() async throws {
        let sample = CommandRunner.sample("search.jsonl")
        let terminal = try await TerminalRunner.run(["show", sample], columns: 1)
        #expect(Array(terminal.lines.prefix(10)) == Self.searchHeader, "\(terminal)")
        let forty = try await CommandRunner.run(["show", "--width", "40", sample])
        #expect(Array(forty.lines.prefix(10)) == Self.searchHeader, "\(forty)")
        #expect(terminal.lines == forty.lines)
        let piped = try await CommandRunner.run(["show", sample], environment: ["COLUMNS": "1"])
        let one = try await CommandRunner.run(["show", "--width", "1", sample])
        #expect([piped.lines, one.lines] == [forty.lines, forty.lines])
        let merged = try await CommandRunner.run(["show", "--width", "1", sample, CommandRunner.sample("open.jsonl")])
        #expect(merged.lines.first == "streams:   2, not aligned: each stream …", "\(merged)")
        let followed = try await CommandRunner.run(["show", "--follow", "--width", "1", sample])
        #expect(followed.lines.contains("status:    finished"), "\(followed)")
        for result in [merged, followed] {
            #expect(result.status == 0, "\(result)")
            #expect(result.lines.map(width).max() == 40, "\(result)")
        }
    }

    @Test func wideCharactersAreCutByColumnsNotCharacters() async throws {
        let trace = try CommandRunner.traceFile(Self.wide)
        let result = try await TerminalRunner.run(["show", trace], columns: 50)
        #expect(result.lines.first == "stream:    日本語のストリーム名前がとても長いです", "\(result)")
        // 41 columns: the wide character that would take the 40th and 41st goes.
        let narrow = try await TerminalRunner.run(["show", trace], columns: 41)
        #expect(narrow.lines.first == "stream:    日本語のストリーム名前がとて…", "\(narrow)")
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
            for line in result.lines { #expect(self.width(line) <= max(Int(width)!, 40), "\(line)") }
        }
        let zero = try await CommandRunner.run(["show", "--width", "0", trace])
        #expect(zero.status == 2)
        #expect(zero.stderr.hasPrefix("streamtrace: error: --width must be a whole number from 1 to 10000; got '0'\n"))
    }

    /// Whether `check` colours PASS: with this environment and `--color`
    /// option, on a terminal or in a pipe.
    struct ColourCase: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var option: String?
        var terminal: Bool
        var coloured: Bool
        var testDescription: String {
            "\(environment) \(option ?? "") \(terminal ? "terminal" : "pipe") -> \(coloured ? "colour" : "plain")"
        }
    }

    static let colourCases = [
        ColourCase(environment: [:], option: nil, terminal: true, coloured: true),
        ColourCase(environment: [:], option: nil, terminal: false, coloured: false),
        ColourCase(environment: ["TERM": "dumb"], option: nil, terminal: true, coloured: false),
        ColourCase(environment: ["TERM": "xterm-256color"], option: nil, terminal: true, coloured: true),
        ColourCase(environment: ["NO_COLOR": "1"], option: nil, terminal: true, coloured: false),
        ColourCase(environment: ["NO_COLOR": ""], option: nil, terminal: true, coloured: true),
        ColourCase(environment: ["CLICOLOR_FORCE": "1"], option: nil, terminal: false, coloured: true),
        ColourCase(environment: ["CLICOLOR_FORCE": ""], option: nil, terminal: false, coloured: true),
        ColourCase(
            environment: ["CLICOLOR_FORCE": "yes", "NO_COLOR": "1", "TERM": "dumb"], option: nil, terminal: false,
            coloured: true),
        ColourCase(environment: ["CLICOLOR_FORCE": "0"], option: nil, terminal: false, coloured: false),
        ColourCase(environment: ["CLICOLOR_FORCE": "0"], option: nil, terminal: true, coloured: true),
        ColourCase(environment: ["CLICOLOR_FORCE": "0", "TERM": "dumb"], option: nil, terminal: true, coloured: false),
        ColourCase(environment: ["CLICOLOR_FORCE": "1"], option: "never", terminal: true, coloured: false),
        ColourCase(environment: ["NO_COLOR": "1", "TERM": "dumb"], option: "always", terminal: false, coloured: true),
        ColourCase(environment: ["TERM": "dumb"], option: "auto", terminal: true, coloured: false),
    ]

    @Test(arguments: colourCases)
    func colourFollowsTheOptionThenCliColorForceThenNoColorAndTermThenTheTerminal(_ test: ColourCase) async throws {
        let arguments =
            ["check"] + (test.option.map { ["--color", $0] } ?? []) + [
                CommandRunner.sample("search.jsonl"), "count",
            ]
        let output =
            test.terminal
            ? try await TerminalRunner.run(arguments, columns: 80, environment: test.environment).output
            : try await CommandRunner.run(arguments, environment: test.environment).stdout
        let pass = test.coloured ? "\u{1B}[32mPASS\u{1B}[0m" : "PASS"
        #expect(output == "\(pass)  count  3\n1 passed, 0 failed\n")
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
