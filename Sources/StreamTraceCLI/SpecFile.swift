import Foundation
import StreamTrace

/// A file of queries: one per line, `#` starts a comment (outside JSON
/// strings), blank lines are skipped.
enum SpecFile {
    static func queries(at path: String) throws(CLIError) -> [Query] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let reason =
                !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                ? "no such file"
                : isDirectory.boolValue ? "is a directory" : "cannot be read"
            throw .usage("cannot read spec file \(path): \(reason)", command: "check")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .usage("spec file \(path) is not UTF-8 text", command: "check")
        }
        var queries: [Query] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = withoutComment(String(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine))
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let leading = line.prefix { $0 == " " || $0 == "\t" }.count
            do {
                queries.append(try Query(trimmed))
            } catch {
                var shifted = error
                shifted.column += leading
                shifted.query = line
                throw CLIError.query(shifted, file: path, line: number + 1)
            }
        }
        return queries
    }

    /// The line up to a `#` that is not inside a JSON string.
    static func withoutComment(_ line: String) -> String {
        var inString = false
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "#" {
                return String(line[..<index])
            }
        }
        return line
    }
}
