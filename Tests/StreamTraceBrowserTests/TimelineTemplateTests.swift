// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import StreamTraceBrowser
import Testing

/// The page's template, without a browser: these run everywhere.
@Suite struct TimelineTemplateTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageDirectory.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theCompiledInTemplateIsTimelineHTMLByteForByte() throws {
        let html = try Self.read(TimelineTemplateSource.templatePath)
        let source = try Self.read(TimelineTemplateSource.sourcePath)
        #expect(
            source == TimelineTemplateSource.swiftSource(for: html),
            "timeline.html changed: run `make timeline-template` to regenerate TimelineTemplate.swift")
    }

    @Test func theContentSecurityPolicyHashesTheTemplatesOwnScriptAndStyle() throws {
        let template = Array(try Self.read(TimelineTemplateSource.templatePath).utf8)
        let expected = try ContentSecurityPolicy.expected(for: template)
        #expect(
            try ContentSecurityPolicy.current(in: template) == expected,
            "timeline.html changed: run `make timeline-template` to update its Content-Security-Policy")
        #expect(expected.hasPrefix("default-src 'none'; script-src 'sha256-"))
    }

    @Test func theTemplateHasOneDataPlaceholder() throws {
        let html = try Self.read(TimelineTemplateSource.templatePath)
        #expect(html.components(separatedBy: "@@STREAMTRACE_DATA@@").count == 2)
    }

    @Test func aRawStringDelimiterLongEnoughForWhatTheTemplateHolds() {
        #expect(TimelineTemplateSource.swiftSource(for: "a").contains("html = #\"\"\"\na\n\"\"\"#\n"))
        #expect(TimelineTemplateSource.swiftSource(for: "x = \\#(y)").contains("html = ##\"\"\""))
        #expect(TimelineTemplateSource.swiftSource(for: "\"\"\"#\n\\##").contains("html = ###\"\"\""))
    }

    @Test func sha256MatchesTheStandardsTestVectors() {
        func hex(_ s: String) -> String { SHA256.hash(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
#endif
