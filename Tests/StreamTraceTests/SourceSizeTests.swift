import Foundation
import Testing

/// The sources stay readable: one concept per file, no file over 300 lines,
/// no function (or initializer) over 60.
@Suite struct SourceSizeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardizedFileURL

    static func swiftFiles() throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted {
            $0.path < $1.path
        }
    }

    func relative(_ url: URL) -> String { String(url.path.dropFirst(Self.sources.path.count + 1)) }

    @Test func noSourceFileIsOver300Lines() throws {
        for file in try Self.swiftFiles() {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count - 1 <= 300, "\(relative(file)) has \(lines.count - 1) lines")
        }
    }

    @Test func noFunctionIsOver60Lines() throws {
        var checked = 0
        for file in try Self.swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for function in FunctionSpans(text).spans {
                checked += 1
                #expect(
                    function.lines <= 60,
                    "\(relative(file)):\(function.start): \(function.name) has \(function.lines) lines")
            }
        }
        #expect(checked > 300)
    }
}

/// The functions of a Swift file and the lines each spans, from its
/// declaration to its closing brace (braces in strings and comments aside).
struct FunctionSpans {
    struct Span {
        var name: String
        var start: Int
        var lines: Int
    }

    private(set) var spans: [Span] = []

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inMultilineString = false
        // Open functions: their name, first line, and the brace depth inside them.
        var open: [(name: String, start: Int, depth: Int)] = []
        var depth = 0
        var pending: (name: String, start: Int)?
        for (index, line) in lines.enumerated() {
            let code = Self.code(line, inMultilineString: &inMultilineString)
            // A requirement without a body (in a protocol) ends at a blank line.
            if code.allSatisfy(\.isWhitespace) { pending = nil }
            if let name = Self.declaredFunction(code) { pending = (name, index + 1) }
            for character in code {
                if character == "{" {
                    depth += 1
                    if let declared = pending {
                        open.append((declared.name, declared.start, depth))
                        pending = nil
                    }
                } else if character == "}" {
                    pending = nil
                    if let last = open.last, last.depth == depth {
                        spans.append(Span(name: last.name, start: last.start, lines: index + 1 - last.start + 1))
                        open.removeLast()
                    }
                    depth -= 1
                }
            }
        }
    }

    /// The name of a function or initializer declared on this line.
    private static func declaredFunction(_ code: String) -> String? {
        let words = code.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" })
        if let index = words.firstIndex(of: "func"), index + 1 < words.count { return String(words[index + 1]) }
        if words.contains("init") || words.contains(where: { $0.hasPrefix("init?") || $0.hasPrefix("init!") }) {
            return "init"
        }
        return words.contains("deinit") ? "deinit" : nil
    }

    /// The line without its comment and string literals.
    private static func code(_ line: String, inMultilineString: inout Bool) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if inMultilineString {
                if character == "\"", characters.starts(with: ["\"", "\""]) {
                    characters = characters.dropFirst(2)
                    inMultilineString = false
                }
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if character == "\"" {
                if characters.starts(with: ["\"", "\""]) {
                    characters = characters.dropFirst(2)
                    inMultilineString = true
                } else {
                    inString = true
                }
                continue
            }
            if character == "/", characters.first == "/" { break }
            result.append(character)
        }
        return result
    }
}
