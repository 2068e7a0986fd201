#if os(macOS) || os(Linux)
import Foundation

/// A shell example of a document: a fenced block, what the line right above
/// it says about it, and, for a `console` block, its commands with the
/// output each shows. See TranscriptTests for the rules.
struct Transcript: CustomStringConvertible {
    /// What the line right above the block says.
    enum Marker: Equatable {
        case none
        /// `<!-- transcript: not run (REASON) -->`.
        case notRun(reason: String)
        /// `<!-- file: PATH -->`: the block is that file of the examples'
        /// folder (a spec or a trace the commands read), verbatim.
        case file(String)
        case malformed(String)
    }

    /// A `$ command` line (with its `\` continuation lines) and the output
    /// lines below it, up to the next command.
    struct Command {
        var line: Int
        var text: String
        var output: [String]
        /// The output's lines in the document (1-based, `line + 1`…).
        var outputLines: Range<Int>
    }

    /// The document, relative to the repository's root.
    var file: String
    /// The 1-based line of the opening fence.
    var line: Int
    /// The fence's info string: `console`, `sh`, `text`, `swift`, … or empty.
    var language: String
    var body: [String]
    var marker: Marker

    var description: String { "\(file):\(line)" }

    static let shellLanguages: Set<String> = ["sh", "bash", "shell", "zsh"]

    /// The commands of a `console` block: `$ ` starts one; a line ending in
    /// `\` continues it.
    var commands: [Command] {
        var commands: [Command] = []
        var index = 0
        while index < body.count {
            guard body[index].hasPrefix("$ ") else {
                if var last = commands.popLast() {
                    last.output.append(body[index])
                    last.outputLines = last.outputLines.lowerBound..<(line + index + 2)
                    commands.append(last)
                }
                index += 1
                continue
            }
            let start = index
            var text = String(body[index].dropFirst(2))
            while text.hasSuffix("\\"), index + 1 < body.count {
                index += 1
                text += "\n" + body[index]
            }
            let first = line + index + 2
            commands.append(Command(line: line + start + 1, text: text, output: [], outputLines: first..<first))
            index += 1
        }
        return commands
    }

    /// The fenced blocks of a Markdown file.
    static func blocks(in text: String, file: String) -> [Transcript] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Transcript] = []
        var index = 0
        while index < lines.count {
            let opening = lines[index].trimmingCharacters(in: .whitespaces)
            guard opening.hasPrefix("```") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            let above = index > 0 ? lines[index - 1] : ""
            blocks.append(
                Transcript(
                    file: file, line: index + 1, language: String(opening.dropFirst(3)),
                    body: Array(lines[(index + 1)..<min(end, lines.count)]), marker: marker(above)))
            index = end + 1
        }
        return blocks
    }

    /// `<!-- transcript: not run (REASON) -->` or `<!-- file: PATH -->`.
    static func marker(_ line: String) -> Marker {
        let line = line.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("<!-- file:") {
            guard line.hasSuffix("-->") else { return .malformed(line) }
            let path = line.dropFirst("<!-- file:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
            return path.isEmpty ? .malformed(line) : .file(path)
        }
        guard line.hasPrefix("<!-- transcript:") else { return .none }
        let value = line.dropFirst("<!-- transcript:".count).dropLast(line.hasSuffix("-->") ? 3 : 0)
            .trimmingCharacters(in: .whitespaces)
        guard line.hasSuffix("-->"), value.hasPrefix("not run") else { return .malformed(line) }
        let rest = value.dropFirst("not run".count).trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return .malformed(line) }
        let reason = rest.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? .malformed(line) : .notRun(reason: reason)
    }
}
#endif
