// The availability the documentation lists is the availability the code
// declares.
//
// Package.swift declares macOS 13, iOS 16, tvOS 16 and watchOS 9. A public
// API that needs more carries `@available(macOS 15.0, iOS 18.0, …, *)`, and
// the module's catalog (Sources/MODULE/MODULE.docc) lists it in an article,
// under a heading that names the same versions:
//
//     ## macOS 15, iOS 18, tvOS 18, watchOS 11
//
//     - ``_Concurrency/AsyncSequence/record(name:sink:)``
//     - ``TracedAsyncSequence``
//
// This suite reads every public declaration under Sources/MODULE with an
// `@available` above the package's platforms and fails, at the declaration, for one the catalog does
// not list under its versions, and, at the article's line, for a listed
// symbol that no longer has them. (A type's members share its availability:
// the type is listed, not each member. The links themselves are checked by
// `make docs`, which builds with warnings as errors.)
//
// The catalogs' Info.plist give every symbol without an `@available` the
// package's versions (symbol graphs built on Linux carry no Apple
// deployment target); they are checked against Package.swift too.
import Foundation
import Testing

@Suite(.cpuBound) struct DocumentationAvailabilityTests {
    static let modules = ["StreamTrace", "StreamTraceTesting", "StreamTraceXCTest"]

    static func read(_ path: String) throws -> String { try DocumentationExamplesTests.read(path) }

    /// The catalog's Markdown files, relative to the root.
    static func articles(of module: String) -> [String] {
        let folder = "Sources/\(module)/\(module).docc"
        let enumerator = FileManager.default.enumerator(
            atPath: DocumentationExamplesTests.root.appendingPathComponent(folder).path)
        let files = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
        return files.map { folder + "/" + $0 }.sorted()
    }

    static func record(_ problem: String, file: String, line: Int) {
        Issue.record(
            Comment(rawValue: problem),
            sourceLocation: SourceLocation(
                fileID: "StreamTrace/\(file)",
                filePath: DocumentationExamplesTests.root.appendingPathComponent(file).path,
                line: line, column: 1))
    }

    @Test(arguments: modules)
    func everyAPIThatNeedsNewerPlatformsIsListedWithItsVersions(module: String) throws {
        let declared = try DocumentationExamplesTests.swiftFiles(under: "Sources/\(module)").flatMap {
            AvailabilityScanner.declarations(in: try Self.read($0), file: $0)
        }
        let listed = try Self.articles(of: module).flatMap {
            AvailabilityListing.entries(in: try Self.read($0), file: $0)
        }
        for problem in declared.compactMap(\.problem) {
            Self.record(problem.message, file: problem.file, line: problem.line)
        }
        let floor = try Self.packagePlatforms()
        for declaration in declared
        where declaration.problem == nil && AvailabilityScanner.exceeds(declaration.platforms, floor) {
            let match = listed.first { $0.names(declaration.path) }
            if let match, match.platforms == declaration.platforms { continue }
            let heading = "## " + declaration.platforms
            let problem =
                match.map { "listed under \"\($0.heading)\" (\($0.file):\($0.line)), but declared for \"\(heading)\"" }
                ?? "not listed in Sources/\(module)/\(module).docc: add ``\(declaration.path)`` to the list under \"\(heading)\""
            Self.record(
                "\(declaration.path) is public and needs \(declaration.platforms); it is \(problem)",
                file: declaration.file, line: declaration.line)
        }
        for entry in listed where !declared.contains(where: { entry.names($0.path) && entry.platforms == $0.platforms })
        {
            Self.record(
                "\(entry.link) is listed under \"\(entry.heading)\", but no public declaration of \(module) with "
                    + "@available(\(entry.platforms), *) has that name: remove it, or correct the heading",
                file: entry.file, line: entry.line)
        }
    }

    @Test func theAvailabilityArticleListsTheAsyncSequenceAPI() throws {
        let entries = AvailabilityListing.entries(
            in: try Self.read("Sources/StreamTrace/StreamTrace.docc/Availability.md"), file: "Availability.md")
        #expect(entries.contains { $0.names("AsyncSequence/record(name:clock:sink:)") })
        #expect(entries.contains { $0.names("TracedAsyncSequence") })
    }

    /// Package.swift's `platforms`, as `name → "major.minor"`.
    static func packagePlatforms() throws -> [String: String] {
        let manifest = try read("Package.swift")
        let line = try #require(manifest.components(separatedBy: "\n").first { $0.contains("platforms:") })
        var platforms: [String: String] = [:]
        for name in ["macOS", "iOS", "tvOS", "watchOS", "visionOS"] {
            guard let range = line.range(of: ".\(name)(.v") else { continue }
            let version = line[range.upperBound...].prefix { $0.isNumber || $0 == "_" }.split(separator: "_")
            platforms[name] = version.count == 1 ? "\(version[0]).0" : version.joined(separator: ".")
        }
        return platforms
    }

    @Test(arguments: modules)
    func theCatalogsDefaultAvailabilityIsThePackagesPlatforms(module: String) throws {
        let platforms = try Self.packagePlatforms()
        #expect(platforms["macOS"] != nil && platforms["iOS"] != nil)
        let path = "Sources/\(module)/\(module).docc/Info.plist"
        let data = try Data(contentsOf: DocumentationExamplesTests.root.appendingPathComponent(path))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let defaults = try #require(plist["CDAppleDefaultAvailability"] as? [String: [[String: Any]]])
        #expect(Array(defaults.keys) == [module])
        var versions: [String: String] = [:]
        var hidden: [String] = []
        for platform in defaults[module] ?? [] {
            let name = try #require(platform["name"] as? String)
            if platform["unavailable"] as? Bool == true {
                hidden.append(name)
            } else {
                versions[name] = platform["version"] as? String
            }
        }
        #expect(versions == platforms)
        #expect(hidden.sorted() == ["Mac Catalyst", "iPadOS"])
    }

    @Test func theAvailabilityArticleNamesThePackagesPlatforms() throws {
        let article = try Self.read("Sources/StreamTrace/StreamTrace.docc/Availability.md")
        for (name, version) in try Self.packagePlatforms() {
            #expect(article.contains("\(name) \(version.hasSuffix(".0") ? String(version.dropLast(2)) : version)"))
        }
    }
}

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

/// The symbols an article lists under a heading that names platform
/// versions (`## macOS 15, iOS 18, tvOS 18, watchOS 11`).
struct AvailabilityListing {
    var file: String
    var line: Int
    var heading: String
    /// The heading's versions, canonical.
    var platforms: String
    /// The link as written, without its backticks.
    var link: String

    /// Whether the link names the declaration at `path`: the same path,
    /// or with the extended module in front (`_Concurrency/AsyncSequence/…`),
    /// and with or without a disambiguation (`-(TimeInterval)`).
    func names(_ path: String) -> Bool {
        var link = Substring(link)
        if let cut = link.range(of: ")-") { link = link[..<link.index(after: cut.lowerBound)] }
        return link == path || link.hasSuffix("/" + path)
    }

    static func entries(in text: String, file: String) -> [AvailabilityListing] {
        var entries: [AvailabilityListing] = []
        var heading: (text: String, platforms: String)?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                heading = AvailabilityScanner.platforms("(\(title))").flatMap { $0.isEmpty ? nil : (line, $0) }
                continue
            }
            guard let heading, line.hasPrefix("- ``") else { continue }
            let link = line.dropFirst(4).prefix { $0 != "`" }
            entries.append(
                AvailabilityListing(
                    file: file, line: index + 1, heading: heading.text, platforms: heading.platforms, link: String(link)
                ))
        }
        return entries
    }
}

/// The scanner and the listing on sources made up for the purpose.
@Suite(.cpuBound) struct AvailabilityScannerTests {
    @Test func versionsAreReadInACanonicalOrder() {
        #expect(
            AvailabilityScanner.platforms("@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, *)")
                == "macOS 15, iOS 18, tvOS 18, watchOS 11")
        #expect(AvailabilityScanner.platforms("@available(macOS 13.3, *)") == "macOS 13.3")
        #expect(AvailabilityScanner.platforms("@available(*, unavailable)") == nil)
        #expect(AvailabilityScanner.platforms("@available(*, deprecated, renamed: \"x\")") == nil)
        #expect(AvailabilityScanner.platforms("@available(macOS, introduced: 15)") == "")
        let floor = ["macOS": "13.0", "iOS": "16.0"]
        #expect(AvailabilityScanner.exceeds("macOS 15, iOS 18", floor))
        #expect(AvailabilityScanner.exceeds("macOS 13.1", floor))
        #expect(AvailabilityScanner.exceeds("visionOS 1", floor))
        #expect(!AvailabilityScanner.exceeds("macOS 13, iOS 16", floor))
        #expect(!AvailabilityScanner.exceeds("macOS 12", floor))
    }

    @Test func declarationsAreNamedAsDocCNamesThem() {
        let source = """
            extension AsyncSequence where Self: Sendable {
                /// Records.
                @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
                @inlinable
                public func record<C: Clock>(
                    name: String? = nil, clock: C, sink: (any TraceSink)? = nil
                ) -> Recorder<Element, Failure> where C.Duration == Duration {
                    fatalError()
                }

                @available(macOS 15.0, *)
                func notPublic() {}
            }

            @available(macOS 15.0, iOS 18.0, *)
            public struct Traced<Base: AsyncSequence>: AsyncSequence {
                public struct Iterator {
                    @available(macOS 16.0, *)
                    public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? { nil }
                    @available(macOS 16.0, *) public init(_ base: Base, count: Int) {}
                    @available(macOS 16.0, *)
                    public subscript(index: Int) -> Int { 0 }
                    @available(macOS 16.0, *)
                    public static func == (lhs: Self, rhs: Self) -> Bool { true }
                }
            }

            @available(macOS 15.0, *)
            extension Recorder.Window {
                public var last: Int { 0 }
                var hidden: Int { 0 }
            }
            """
        let found = AvailabilityScanner.declarations(in: source, file: "A.swift")
        #expect(
            found.map(\.path) == [
                "AsyncSequence/record(name:clock:sink:)", "Traced", "Traced/Iterator/next(isolation:)",
                "Traced/Iterator/init(_:count:)", "Traced/Iterator/subscript(_:)", "Traced/Iterator/==(_:_:)",
                "Recorder/Window/last",
            ])
        #expect(found.map(\.line) == [3, 15, 18, 20, 21, 23, 30])
        #expect(found[0].platforms == "macOS 15, iOS 18, tvOS 18, watchOS 11")
        #expect(found[1].platforms == "macOS 15, iOS 18")
        #expect(found.allSatisfy { $0.problem == nil })
    }

    @Test func aListedSymbolIsMatchedWithOrWithoutItsModuleAndDisambiguation() {
        let article = """
            # Availability

            ## Overview

            - ``Recorder``

            ## macOS 15, iOS 18, tvOS 18, watchOS 11

            - ``_Concurrency/AsyncSequence/record(name:sink:)``
            - ``RecorderExpectation/wait(timeout:)-(TimeInterval)``, blocking
            """
        let entries = AvailabilityListing.entries(in: article, file: "Availability.md")
        #expect(entries.map(\.line) == [9, 10])
        #expect(entries.allSatisfy { $0.platforms == "macOS 15, iOS 18, tvOS 18, watchOS 11" })
        #expect(entries[0].names("AsyncSequence/record(name:sink:)"))
        #expect(!entries[0].names("Sequence/record(name:sink:)"))
        #expect(entries[1].names("RecorderExpectation/wait(timeout:)"))
    }
}
