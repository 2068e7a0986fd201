import StreamTrace

/// `--xunit-output FILE`: a JUnit XML report in the strictest schema CI tools document (the Ant format of
/// windyroad/JUnit-Schema; `docs/schema/junit.xsd`): a `<testsuite>` per trace, a `<testcase>` per query with a
/// `<failure>`, an `<error>` for an unreadable trace, `<skipped/>` for an unchecked one. ``XMLText`` escapes all text,
/// so the file is well-formed whatever a trace holds. A suite's counts precede its cases, so the cases of the suite in
/// progress are kept until it ends (names and messages, not values).
final class JUnitReport: CaseReport {
    private let file: ReportFile
    private let timestamp: String
    private let hostname: String
    private var suite: String?
    private var suites = 0
    private var cases = ""
    private var counts = (tests: 0, failures: 0, errors: 0, skipped: 0)

    init(path: String) throws(OutputError) {
        file = try ReportFile(path: path)
        // The current UTC time as the schema wants it, without a fraction or zone: `2025-01-31T09:05:00`.
        timestamp = String(ISO8601.now().prefix(19))
        hostname = Self.hostname()
        try file.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
    }

    func begin(suite: String) throws(OutputError) {
        self.suite = suite
        cases = ""
        counts = (0, 0, 0, 0)
    }

    func add(_ item: ReportCase) throws(OutputError) {
        let suite = suite ?? ""
        counts.tests += 1
        cases += "    <testcase name=\(Self.attribute(item.name)) classname=\(Self.attribute(suite))"
        cases += " time=\"\(Self.seconds(item.seconds))\""
        switch item.verdict {
        case .pass:
            cases += "/>\n"
            return
        case .fail(let kind, let message, let explanation):
            counts.failures += 1
            cases += ">\n      <failure message=\(Self.attribute(message)) type=\(Self.attribute(kind))>"
            cases += XMLText.escaped(explanation, inAttribute: false) + "</failure>\n"
        case .error(let kind, let message):
            counts.errors += 1
            cases += ">\n      <error message=\(Self.attribute(message)) type=\(Self.attribute(kind))>"
            cases += XMLText.escaped(message, inAttribute: false) + "</error>\n"
        case .skipped(let reason):
            counts.skipped += 1
            cases += ">\n      <skipped message=\(Self.attribute(reason))/>\n"
        }
        cases += "    </testcase>\n"
    }

    func end(seconds: Double) throws(OutputError) {
        guard let suite else { return }
        let name = Self.attribute(suite)
        var head = "  <testsuite name=\(name) package=\(name) id=\"\(suites)\" timestamp=\"\(timestamp)\""
        head += " hostname=\(Self.attribute(hostname)) tests=\"\(counts.tests)\" failures=\"\(counts.failures)\""
        head += " errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"\(Self.seconds(seconds))\">\n"
        try file.write(head + "    <properties/>\n" + cases + "    <system-out/>\n    <system-err/>\n  </testsuite>\n")
        suites += 1
        self.suite = nil
        cases = ""
    }

    func finish(closingLine: String) throws(OutputError) {
        try end(seconds: 0)
        try file.write("</testsuites>\n")
        try file.close()
    }

    func abandon() {
        try? finish(closingLine: "")
    }

    private static func attribute(_ text: String) -> String {
        "\"" + XMLText.escaped(text, inAttribute: true) + "\""
    }

    /// Seconds with three decimals: `0.004`.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((max(value, 0) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func hostname() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "localhost" : text
    }
}
