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

    @Test func theContentSecurityPolicyHashesTheTemplatesOwnScriptAndStyle() throws {
        let template = Array(try Self.read(ContentSecurityPolicy.templatePath).utf8)
        let expected = try ContentSecurityPolicy.expected(for: template)
        #expect(
            try ContentSecurityPolicy.current(in: template) == expected,
            "timeline.html changed: run `make timeline-csp` to update its Content-Security-Policy")
        #expect(expected.hasPrefix("default-src 'none'; script-src 'sha256-"))
    }

    /// The page `streamtrace` writes is timeline.html as SwiftPM compiled it
    /// in, and the policy its meta tag carries still hashes its own inline
    /// script and style (the data block is JSON that no policy runs).
    @Test func thePageTheBinaryWritesSatisfiesItsOwnPolicy() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let sample = samplesDirectory.appendingPathComponent("search.jsonl").path
        let page = try Array(Data(contentsOf: scratch.page("search.html", paths: [sample])))
        let parts = try Self.read(ContentSecurityPolicy.templatePath).components(separatedBy: "@@STREAMTRACE_DATA@@")
        #expect(page.starts(with: Array(parts[0].utf8)))
        #expect(page.reversed().starts(with: Array(parts[1].utf8).reversed()))
        #expect(try ContentSecurityPolicy.current(in: page) == ContentSecurityPolicy.expected(for: page))
    }

    @Test func theTemplateHasOneDataPlaceholder() throws {
        let html = try Self.read(ContentSecurityPolicy.templatePath)
        #expect(html.components(separatedBy: "@@STREAMTRACE_DATA@@").count == 2)
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
