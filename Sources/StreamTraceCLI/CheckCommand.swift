import Foundation
import StreamTrace

/// `streamtrace check [options] TRACE QUERY...`
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "check", valueOptions: ["--spec", "--format", "--color"], flags: ["--quiet", "-q", "--help", "-h"]
        ).scan(arguments)
        if parsed.has("--help", "-h") {
            Console.out(Help.check)
            return .success
        }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json"])
        let color = try parsed.choice("--color", default: "auto", of: ["auto", "always", "never"])
        let quiet = parsed.has("--quiet", "-q")
        guard let tracePath = parsed.positionals.first else {
            throw CLIError.usage("missing TRACE: the path of a trace, or - for standard input", command: "check")
        }
        var queries: [Query] = []
        for (number, text) in parsed.positionals.dropFirst().enumerated() {
            do {
                queries.append(try Query(text))
            } catch {
                throw CLIError.query(error, number: number + 1)
            }
        }
        if let spec = parsed.values["--spec"] { queries += try SpecFile.queries(at: spec) }
        guard !queries.isEmpty else {
            throw CLIError.usage("no queries: give at least one QUERY, or --spec FILE", command: "check")
        }

        let report = try TraceChecker(queries: queries).check(TraceReader(path: tracePath))
        for warning in report.warnings { Console.error(warning.description) }
        switch format {
        case "json": printJSON(report, trace: tracePath == "-" ? "<stdin>" : tracePath)
        default: printText(report, quiet: quiet, palette: Palette(mode: color))
        }
        return report.failedCount == 0 ? .success : .failures
    }

    /// One line per query: PASS or FAIL, the query, then the value or the
    /// reason; then `N passed, N failed`.
    static func printText(_ report: TraceCheckReport, quiet: Bool, palette: Palette) {
        let queryWidth = min(report.results.map(\.query.text.count).max() ?? 0, 32)
        let width = Console.isTerminal ? Console.width : Int.max
        for result in report.results {
            let query = result.query.text + String(repeating: " ", count: max(0, queryWidth - result.query.text.count))
            switch result.status {
            case .pass:
                guard !quiet else { continue }
                guard let output = result.output, !output.bytes.elementsEqual("null".utf8) else {
                    Console.out(palette.green("PASS") + "  \(result.query.text)")
                    continue
                }
                let head = palette.green("PASS") + "  \(query)"
                // The value is cut to the terminal's width; off a terminal it
                // is written whole (it can be the whole trace).
                let room = width - 6 - query.count - 2
                if width != Int.max, output.bytes.count > room {
                    let start = String(decoding: output.bytes.prefix(4 * room), as: UTF8.self)
                    Console.out(head + "  " + TextLayout.truncated(start, to: max(room, 9)))
                } else {
                    Console.out(bytes: Array((head + "  ").utf8) + output.bytes)
                }
            case .fail:
                Console.out(palette.red("FAIL") + "  \(query)  \(result.summary)")
            }
        }
        Console.out("\(report.passedCount) passed, \(report.failedCount) failed")
    }

    /// One JSON document with every result and the totals. Values are
    /// written as the trace holds them, without being decoded.
    static func printJSON(_ report: TraceCheckReport, trace: String) {
        var document = JSONOutput()
        document.append("{\"trace\":")
        document.write(string: trace)
        document.append(",\"status\":")
        document.write(string: report.status.rawValue)
        document.append(",\"results\":[")
        for (index, result) in report.results.enumerated() {
            if index > 0 { document.append(",") }
            document.append("{\"query\":")
            document.write(string: result.query.text)
            document.append(",\"status\":")
            document.write(string: result.status.rawValue)
            switch result.status {
            case .pass:
                document.append(",\"value\":")
                document.append(raw: result.output?.bytes ?? ArraySlice("null".utf8))
            case .fail:
                document.append(",\"message\":")
                document.write(string: result.failure?.message ?? "")
                document.append(",\"timeline\":")
                document.write(string: result.failure?.timeline?.line ?? "")
            }
            document.append(",\"line\":")
            if let line = result.location?.line { document.write(int: Int64(line)) } else { document.append("null") }
            document.append(",\"t\":")
            if let location = result.location {
                document.write(int: location.nanoseconds)
            } else {
                document.append("null")
            }
            document.append("}")
        }
        document.append("],\"passed\":")
        document.write(int: Int64(report.passedCount))
        document.append(",\"failed\":")
        document.write(int: Int64(report.failedCount))
        document.append("}")
        Console.out(bytes: document.bytes)
    }
}
