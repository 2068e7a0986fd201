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
        report.warnings.forEach { Console.error($0.description) }
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
                let value = result.value.map { $0 == .null ? "" : $0.jsonText } ?? ""
                let head = palette.green("PASS") + "  \(query)"
                guard !value.isEmpty else {
                    Console.out(head.trimmingTrailingSpaces())
                    continue
                }
                // The value is cut to the terminal's width; off a terminal it
                // is written whole (it can be the whole trace).
                let room = width - 6 - query.count - 2
                if width != Int.max, value.utf8.count > room {
                    Console.out(head + "  " + String(value.prefix(max(room - 1, 8))) + "…")
                } else {
                    Console.out(bytes: Array((head + "  ").utf8) + Array(value.utf8))
                }
            case .fail:
                Console.out(palette.red("FAIL") + "  \(query)  \(result.summary)")
            }
        }
        Console.out("\(report.passedCount) passed, \(report.failedCount) failed")
    }

    /// One JSON document with every result and the totals.
    static func printJSON(_ report: TraceCheckReport, trace: String) {
        let results: [JSONValue] = report.results.map { result in
            var object = JSONObject()
            object.append(key: "query", value: .string(result.query.text))
            object.append(key: "status", value: .string(result.status.rawValue))
            switch result.status {
            case .pass: object.append(key: "value", value: result.value ?? .null)
            case .fail: object.append(key: "message", value: .string(result.message ?? ""))
            }
            object.append(key: "line", value: result.location?.line.map { .number(JSONNumber($0)) } ?? .null)
            object.append(key: "t", value: result.location.map { .number(JSONNumber($0.nanoseconds)) } ?? .null)
            return .object(object)
        }
        let document: JSONValue = [
            "trace": .string(trace), "status": .string(report.status.rawValue), "results": .array(results),
            "passed": .number(JSONNumber(report.passedCount)), "failed": .number(JSONNumber(report.failedCount)),
        ]
        Console.out(document.jsonText)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
