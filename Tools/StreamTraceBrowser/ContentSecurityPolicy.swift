import Foundation
import StreamTrace

/// The page's Content-Security-Policy: no network at all, and only the
/// template's own inline `<script>` and `<style>` run (by SHA-256 hash), so
/// even a bug in the data escaping could not run injected code.
///
/// The hashes live in `timeline.html` as literal text; `make timeline-csp`
/// recomputes them after an edit, and a unit test fails while they are
/// stale (without it, a CI machine with no Chromium would ship a page whose
/// script the browser refuses to run).
package enum ContentSecurityPolicy {
    /// The page's template in the package, which SwiftPM compiles into
    /// `streamtrace` (`.embedInCode`).
    package static let templatePath = "Sources/StreamTraceCLI/Timeline/timeline.html"

    package struct TemplateError: Error, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// The policy the template's inline code needs.
    package static func expected(for template: [UInt8]) throws -> String {
        let scripts = try elements("script", in: template).filter { $0.attributes.isEmpty }
        let styles = try elements("style", in: template).filter { $0.attributes.isEmpty }
        guard !scripts.isEmpty, !styles.isEmpty else {
            throw TemplateError(description: "timeline.html: no inline <script> or <style>")
        }
        let scriptHashes = scripts.map { "'sha256-\(base64(SHA256.hash($0.body)))'" }.joined(separator: " ")
        let styleHashes = styles.map { "'sha256-\(base64(SHA256.hash($0.body)))'" }.joined(separator: " ")
        return
            "default-src 'none'; script-src \(scriptHashes); style-src \(styleHashes); base-uri 'none'; form-action 'none'"
    }

    /// The `content` of the template's CSP meta tag.
    package static func current(in template: [UInt8]) throws -> String {
        let text = String(decoding: template, as: UTF8.self)
        let marker = #"<meta http-equiv="Content-Security-Policy" content=""#
        guard let start = text.range(of: marker), let end = text[start.upperBound...].firstIndex(of: "\"") else {
            throw TemplateError(description: "timeline.html: no Content-Security-Policy meta tag")
        }
        return String(text[start.upperBound..<end])
    }

    /// The template with its CSP meta tag set to `expected(for:)`.
    package static func updated(_ template: [UInt8]) throws -> [UInt8] {
        let text = String(decoding: template, as: UTF8.self)
        let old = try current(in: template)
        let marker = #"<meta http-equiv="Content-Security-Policy" content=""#
        return Array(
            text.replacingOccurrences(of: marker + old + "\"", with: marker + (try expected(for: template)) + "\"").utf8
        )
    }

    struct Element {
        var attributes: String
        var body: [UInt8]
    }

    /// `<name …>body</name>` elements, found by plain text search (the template is ours).
    static func elements(_ name: String, in template: [UInt8]) throws -> [Element] {
        let open = Array("<\(name)".utf8)
        let close = Array("</\(name)>".utf8)
        var found: [Element] = []
        var index = template.startIndex
        while let start = template[index...].firstRange(of: open) {
            guard let tagEnd = template[start.upperBound...].firstIndex(of: UInt8(ascii: ">")),
                let end = template[tagEnd...].firstRange(of: close)
            else { throw TemplateError(description: "timeline.html: unclosed <\(name)>") }
            let attributes = String(decoding: template[start.upperBound..<tagEnd], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            found.append(Element(attributes: attributes, body: Array(template[(tagEnd + 1)..<end.lowerBound])))
            index = end.upperBound
        }
        return found
    }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
