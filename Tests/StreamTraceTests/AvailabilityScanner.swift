import Foundation

/// A public declaration with an `@available` that names platform versions.
struct AvailableDeclaration {
    var file: String
    var line: Int
    /// DocC's path: `TracedAsyncSequence`, `AsyncSequence/record(name:sink:)`.
    var path: String
    /// The versions in the canonical order: `macOS 15, iOS 18, tvOS 18, watchOS 11`.
    var platforms: String
    /// Set when the scanner could not read the declaration.
    var problem: (file: String, line: Int, message: String)?
}

/// Reads the `@available` declarations of a Swift file formatted by
/// swift-format: a declaration's scope is the nearest line above it that is
/// indented less and opens a type or an extension.
enum AvailabilityScanner {
    static let platformOrder = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst"]
    static let typeKeywords: Set = ["struct", "class", "enum", "protocol", "actor", "extension"]
    static let declarationKeywords: Set = [
        "func", "init", "subscript", "var", "let", "typealias", "case", "struct", "class", "enum", "protocol", "actor",
        "extension",
    ]

    /// The versions an `@available(…)` names, canonical; `nil` for one
    /// that names none (`@available(*, unavailable)`); `""` for a form this
    /// scanner does not read.
    static func platforms(_ attribute: String) -> String? {
        let arguments = attribute.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var versions: [String: String] = [:]
        for argument in arguments where argument != "*" {
            let words = argument.split(separator: " ")
            guard platformOrder.contains(String(words[0])) else { return versions.isEmpty ? nil : "" }
            guard words.count == 2, words[1].first?.isNumber == true else { return "" }
            var version = String(words[1])
            while version.hasSuffix(".0") { version.removeLast(2) }
            versions[String(words[0])] = version
        }
        if versions.isEmpty { return nil }
        return platformOrder.compactMap { name in versions[name].map { "\(name) \($0)" } }.joined(separator: ", ")
    }

    /// Whether canonical `platforms` (`macOS 15, iOS 18`) name a version
    /// above `floor` (the package's `name → "major.minor"`) on any platform.
    static func exceeds(_ platforms: String, _ floor: [String: String]) -> Bool {
        platforms.components(separatedBy: ", ").contains { platform in
            let words = platform.split(separator: " ")
            func numbers(_ version: Substring) -> [Int] {
                let parts = version.split(separator: ".").compactMap { Int($0) }
                return parts + Array(repeating: 0, count: max(0, 3 - parts.count))
            }
            return numbers(Substring(floor[String(words[0])] ?? "0")).lexicographicallyPrecedes(numbers(words[1]))
        }
    }

    static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// The words of a declaration line before its name: attributes
    /// (`@inlinable`), modifiers, the keyword.
    static func keyword(of line: String) -> (keyword: String, modifiers: [String], rest: Substring)? {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        var modifiers: [String] = []
        while let word = rest.split(separator: " ", maxSplits: 1).first.map(String.init) {
            let name = String(word.prefix { $0.isLetter || $0 == "@" || $0 == "_" })
            rest = rest.dropFirst(word.count).drop { $0 == " " }
            if word.hasPrefix("@") || word.contains("(set)") {
                modifiers.append(word)
                continue
            }
            let isModifier = name == "class" && (rest.hasPrefix("func ") || rest.hasPrefix("var "))
            if declarationKeywords.contains(name) && !isModifier {
                if name == "init" || name == "subscript" { rest = Substring(word.dropFirst(name.count)) + " " + rest }
                return (name, modifiers, rest)
            }
            modifiers.append(word)
        }
        return nil
    }

    /// `record(name:clock:sink:)` from `record<C: Clock>(name: String? = nil, clock: C, …)`.
    static func name(keyword: String, rest: Substring) -> String {
        var base = keyword == "init" || keyword == "subscript" ? keyword : ""
        var text = rest
        if base.isEmpty {
            base = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            if base.isEmpty { base = String(text.prefix { !"( ".contains($0) }) }  // an operator
            text = text.dropFirst(base.count)
            if keyword == "extension" { return base.replacingOccurrences(of: ".", with: "/") }
            guard keyword == "func" || keyword == "case" else { return base }
        }
        text = text.drop { $0 == "?" || $0 == "!" || $0 == " " }
        if text.hasPrefix("<") { text = text.dropFirst(balancedLength(text, open: "<", close: ">")) }
        guard text.hasPrefix("(") else { return base + (keyword == "func" ? "()" : "") }
        let parameters = text.dropFirst().prefix(balancedLength(text, open: "(", close: ")") - 2)
        // An operator's parameters have no labels; a subscript's only the ones written twice.
        let isOperator = base.first.map { !$0.isLetter && $0 != "_" } ?? false
        let labels = topLevel(parameters, separator: ",").map { parameter -> String in
            let words = topLevel(parameter, separator: ":").first?.split(separator: " ") ?? []
            let unlabeled = isOperator || keyword == "subscript" && words.count < 2
            return unlabeled ? "_" : words.first.map(String.init) ?? "_"
        }
        return base + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The length of the bracketed run `text` starts with, brackets
    /// included (the whole text if it is not closed).
    static func balancedLength(_ text: Substring, open: Character, close: Character) -> Int {
        var depth = 0
        var previous: Character?
        for (offset, character) in text.enumerated() {
            defer { previous = character }
            if character == open { depth += 1 }
            if character == close, !(close == ">" && previous == "-") { depth -= 1 }
            if depth == 0 { return offset + 1 }
        }
        return text.count
    }

    /// `text` split at `separator` where no bracket or string is open.
    static func topLevel(_ text: Substring, separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var inString = false
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if "([<{".contains(character) { depth += 1 }
                if ")]>}".contains(character) && !(character == ">" && text[..<index].hasSuffix("-")) { depth -= 1 }
                if character == separator, depth == 0 {
                    parts.append(text[start..<index])
                    start = text.index(after: index)
                }
            }
            index = text.index(after: index)
        }
        if !text[start...].trimmingCharacters(in: .whitespaces).isEmpty { parts.append(text[start...]) }
        return parts.map { $0.drop { $0 == " " } }
    }

    /// The declaration that starts at `lines[index]`, with the lines that
    /// follow joined while its parameter list is open.
    static func declaration(at index: Int, in lines: [String]) -> String {
        var text = lines[index].trimmingCharacters(in: .whitespaces)
        var next = index + 1
        while next < lines.count, text.filter({ $0 == "(" }).count > text.filter({ $0 == ")" }).count {
            text += " " + lines[next].trimmingCharacters(in: .whitespaces)
            next += 1
        }
        return text
    }

    /// The scopes (types and extensions) around `lines[index]`, outermost
    /// first.
    static func scopes(of index: Int, in lines: [String]) -> [String] {
        var scopes: [String] = []
        var indent = indentation(lines[index])
        var line = index - 1
        while line >= 0, indent > 0 {
            let text = lines[line]
            if !text.trimmingCharacters(in: .whitespaces).isEmpty, indentation(text) < indent {
                indent = indentation(text)
                if let (keyword, _, rest) = keyword(of: text), typeKeywords.contains(keyword) {
                    scopes.insert(name(keyword: keyword, rest: rest), at: 0)
                }
            }
            line -= 1
        }
        return scopes
    }

    static func declarations(in text: String, file: String) -> [AvailableDeclaration] {
        let lines = text.components(separatedBy: "\n")
        var found: [AvailableDeclaration] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("@available(") else { continue }
            let attribute = String(
                trimmed.prefix(balancedLength(Substring(trimmed.dropFirst(10)), open: "(", close: ")") + 10))
            guard let platforms = platforms(attribute) else { continue }
            var declared = AvailableDeclaration(file: file, line: index + 1, path: "", platforms: platforms)
            guard !platforms.isEmpty else {
                declared.problem = (file, index + 1, "\(attribute): a form of @available this test cannot read")
                found.append(declared)
                continue
            }
            // The declaration: the rest of this line, or the first line below that is not an attribute or a comment.
            var start = index
            var rest = trimmed.dropFirst(attribute.count).trimmingCharacters(in: .whitespaces)
            while rest.isEmpty || rest.hasPrefix("@") || rest.hasPrefix("//") {
                start += 1
                guard start < lines.count else { break }
                rest = lines[start].trimmingCharacters(in: .whitespaces)
            }
            let text = start == index ? rest : declaration(at: start, in: lines)
            guard let (kind, modifiers, remainder) = keyword(of: text) else {
                declared.problem = (file, index + 1, "no declaration follows \(attribute)")
                found.append(declared)
                continue
            }
            let scopes = scopes(of: start, in: lines)
            if kind == "extension" {
                // The extension's members carry its availability: each public one is an entry.
                let extended = name(keyword: kind, rest: remainder)
                let isPublic = modifiers.contains("public")
                var member = start + 1
                while member < lines.count,
                    indentation(lines[member]) > indentation(lines[start])
                        || lines[member].trimmingCharacters(in: .whitespaces).isEmpty
                {
                    defer { member += 1 }
                    guard indentation(lines[member]) == indentation(lines[start]) + 4,
                        let (memberKeyword, memberModifiers, memberRest) = keyword(
                            of: declaration(at: member, in: lines)),
                        isPublic || memberModifiers.contains("public") || memberModifiers.contains("open")
                    else { continue }
                    found.append(
                        AvailableDeclaration(
                            file: file, line: member + 1,
                            path: (scopes + [extended, name(keyword: memberKeyword, rest: memberRest)]).joined(
                                separator: "/"),
                            platforms: platforms))
                }
                continue
            }
            guard modifiers.contains("public") || modifiers.contains("open") else { continue }
            declared.path = (scopes + [name(keyword: kind, rest: remainder)]).joined(separator: "/")
            found.append(declared)
        }
        return found
    }
}
