// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `--xunit-output FILE`: JUnit XML that CI tools accept, whatever a trace holds.
@Suite struct JUnitReportTests {
    /// xmllint (Debian's libxml2-utils), if installed: `.ci/run` installs
    /// it; without it, the schema tests are skipped with one line.
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let schema = CommandRunner.root.appendingPathComponent("docs/schema/junit.xsd").path

    /// Every kind of suite: passes, failures on hostile values, an
    /// unreadable trace, an unchecked one, and the spec's sections.
    static func checkReport() async throws -> (report: String, folder: TraceFolder, spec: String) {
        let folder = try TraceFolder([
            "ok.jsonl": TraceFolder.finished, "bad.jsonl": TraceFolder.malformed,
            "hostile <&>.jsonl": ReportFormatTests.hostileTrace, "unchecked/x.jsonl": TraceFolder.open,
        ])
        let spec = try CommandRunner.traceFile(
            "[ok.jsonl]\nfinished\n[bad.jsonl]\nfinished\n[hostile*]\nfinished\ncount >= 1\n[nightly/*]\ncount\n",
            name: "\(UUID().uuidString).spec")
        let report = temporaryPath("\(UUID().uuidString).xml")
        let result = try await CommandRunner.run(["check", "--xunit-output", report, "--spec", spec, folder.path])
        #expect(result.status == 3, "\(result)")
        return (try String(contentsOfFile: report, encoding: .utf8), folder, spec)
    }

    /// xmllint's verdict on `report` against the schema.
    static func validate(_ report: String) async throws -> CommandRunner.Result {
        let path = try CommandRunner.traceFile(report, name: "\(UUID().uuidString).xml")
        return try await CommandRunner.run(["--noout", "--schema", schema, path], executable: xmllint!)
    }

    /// One test, so that without xmllint `make test` says so in one line.
    @Test(.enabled(if: xmllint != nil, "xmllint is not installed (apt-get install libxml2-utils); .ci/run installs it"))
    func checkAndDiffReportsAreValidAgainstTheJUnitSchemaWhateverTheTracesHold() async throws {
        let (report, _, _) = try await Self.checkReport()
        let verdict = try await Self.validate(report)
        #expect(verdict.status == 0, "\(verdict)\n\(report)")

        let expected = try TraceFolder([
            "same.jsonl": TraceFolder.finished, "h.jsonl": ReportFormatTests.hostileTrace,
            "gone.jsonl": TraceFolder.open, "bad.jsonl": TraceFolder.malformed,
        ])
        let actual = try TraceFolder([
            "same.jsonl": TraceFolder.finished, "h.jsonl": TraceFolder.failed, "new.jsonl": TraceFolder.open,
            "bad.jsonl": TraceFolder.finished,
        ])
        let path = temporaryPath("\(UUID().uuidString).xml")
        let result = try await CommandRunner.run(["diff", "--xunit-output", path, expected.path, actual.path])
        #expect(result.status == 3, "\(result)")
        let diffReport = try String(contentsOfFile: path, encoding: .utf8)
        let diffVerdict = try await Self.validate(diffReport)
        #expect(diffVerdict.status == 0, "\(diffVerdict)\n\(diffReport)")
        #expect(diffReport.components(separatedBy: "<testcase ").count - 1 == 5, "one testcase per pair")

        // And the schema is as strict as the tools: a suite without package, id, timestamp, hostname fails.
        let broken = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="a" tests="1" failures="0" errors="0" time="0">
            <testcase name="q" classname="a"/></testsuite></testsuites>
            """
        #expect(try await Self.validate(broken).status != 0)
    }

    #if canImport(FoundationXML)
    @Test func aSuitePerTraceACasePerQueryAndTheExplanationInEachFailure() async throws {
        let (report, folder, spec) = try await Self.checkReport()
        let document = try XMLDocument(xmlString: report)
        let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        let names = suites.map { $0.attribute(forName: "name")?.stringValue ?? "" }
        #expect(
            names == [
                folder("bad.jsonl"), folder("hostile <&>.jsonl"), folder("ok.jsonl"), folder("unchecked/x.jsonl"), spec,
            ])
        func attribute(_ name: String, _ suite: Int) -> String? { suites[suite].attribute(forName: name)?.stringValue }
        // The unreadable trace: one error. The hostile one: two failures. The unchecked one: one skipped case.
        #expect([attribute("tests", 0), attribute("errors", 0)] == ["1", "1"])
        #expect([attribute("tests", 1), attribute("failures", 1)] == ["2", "1"])
        #expect([attribute("tests", 3), attribute("skipped", 3)] == ["1", "1"])
        let failure = try #require(try suites[1].nodes(forXPath: "testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "streamFailed")
        let text = try #require(failure.stringValue)
        #expect(text.contains("<b>&amp;</b> \"'` ]]>"), "markup and ]]> come back as text")
        #expect(text.contains("; recent: "), "the whole explanation")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        let section = try #require(try suites[4].nodes(forXPath: "testcase[failure]").first as? XMLElement)
        #expect(section.attribute(forName: "name")?.stringValue == "[nightly/*]")
    }
    #endif
}
#endif
