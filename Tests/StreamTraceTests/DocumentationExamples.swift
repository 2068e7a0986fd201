import Foundation

/// A ```swift block of the README, of a DocC article or of a `///` doc
/// comment, and what the document says about it. See DocumentationExamplesTests for the rules.
struct DocumentationExample: CustomStringConvertible {
    /// What the line right above the block says.
    enum Marker: Equatable {
        /// Nothing: the block is in some test file.
        case none
        /// `<!-- example: PATH -->`: the block is that whole test file.
        case file(String)
        /// `<!-- example: not compiled (REASON) -->` or `/// - Note: not compiled (REASON)`.
        case notCompiled(reason: String)
        /// A marker that is neither, or an exemption without a reason.
        case malformed(String)
    }

    /// The document, relative to the repository's root.
    var file: String
    /// The 1-based line of the opening ```swift.
    var line: Int
    /// The block as written (doc comments without their `///`).
    var text: [String]
    var marker: Marker

    /// Each line trimmed; blank lines dropped.
    var normalized: [String] { DocumentationExample.normalized(text) }

    var description: String { "\(file):\(line)" }

    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// Finds the examples of a document, and the test file that holds one.
enum DocumentationExamples {
    /// The ```swift blocks of a Markdown file, with the HTML comment above
    /// each.
    static func markdown(_ text: String, file: String) -> [DocumentationExample] {
        blocks(in: text.components(separatedBy: "\n"), file: file, content: { $0 }, marker: readmeMarker)
    }

    /// The ```swift blocks of the `///` comments of a Swift file, with the
    /// `- Note: not compiled (…)` line above each.
    static func docComments(_ text: String, file: String) -> [DocumentationExample] {
        blocks(in: text.components(separatedBy: "\n"), file: file, content: docContent, marker: docMarker)
    }

    /// The text of a `///` line without its prefix, or `nil` for any other line.
    static func docContent(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("///") else { return nil }
        let content = trimmed.dropFirst(3)
        return String(content.hasPrefix(" ") ? content.dropFirst() : content)
    }

    private static func blocks(
        in lines: [String], file: String, content: (String) -> String?,
        marker: (String?) -> DocumentationExample.Marker
    ) -> [DocumentationExample] {
        var examples: [DocumentationExample] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let opening = content(lines[index])?.trimmingCharacters(in: .whitespaces), opening.hasPrefix("```")
            else { continue }
            var end = index + 1
            var body: [String] = []
            while end < lines.count, let line = content(lines[end]),
                !line.trimmingCharacters(in: .whitespaces).hasPrefix("```")
            {
                body.append(line)
                end += 1
            }
            if opening == "```swift" {
                let above = index > 0 ? content(lines[index - 1]) : nil
                examples.append(.init(file: file, line: index + 1, text: body, marker: marker(above)))
            }
            index = end
        }
        return examples
    }

    /// `<!-- example: PATH -->` or `<!-- example: not compiled (REASON) -->`.
    static func readmeMarker(_ line: String?) -> DocumentationExample.Marker {
        guard let line = line?.trimmingCharacters(in: .whitespaces), line.hasPrefix("<!-- example:") else {
            return .none
        }
        guard line.hasSuffix("-->") else { return .malformed(line) }
        let value = line.dropFirst("<!-- example:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("not compiled") { return exemption(value, line: line) }
        return value.hasPrefix("Tests/") && value.hasSuffix(".swift") ? .file(value) : .malformed(line)
    }

    /// `- Note: not compiled (REASON)`.
    static func docMarker(_ line: String?) -> DocumentationExample.Marker {
        guard let line = line?.trimmingCharacters(in: .whitespaces), line.contains("not compiled") else {
            return .none
        }
        guard line.hasPrefix("- Note: not compiled") else { return .malformed(line) }
        return exemption(String(line.dropFirst("- Note: ".count)), line: line)
    }

    /// `not compiled (REASON)` with a reason that is not blank.
    private static func exemption(_ value: String, line: String) -> DocumentationExample.Marker {
        let rest = value.dropFirst("not compiled".count).trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return .malformed(line) }
        let reason = rest.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? .malformed(line) : .notCompiled(reason: reason)
    }

    /// Whether `example` is in `file` (normalized lines): its leading
    /// `import` lines anywhere (a test file has them at the top), the rest
    /// as one contiguous run.
    static func contains(_ file: [String], _ example: [String]) -> Bool {
        let imports = example.prefix { $0.hasPrefix("import ") }
        let body = Array(example.dropFirst(imports.count))
        guard imports.allSatisfy(file.contains) else { return false }
        guard !body.isEmpty else { return true }
        guard body.count <= file.count else { return false }
        return (0...(file.count - body.count)).contains { start in
            file[start..<(start + body.count)].elementsEqual(body)
        }
    }
}
