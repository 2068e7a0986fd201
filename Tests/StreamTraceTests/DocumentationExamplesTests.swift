// Every code example is compiled and run by a test.
//
// Users copy the examples of README.md, of the DocC articles and of the doc
// comments, so each ```swift block of README.md, of a Markdown file of a
// catalog (Sources/MODULE/MODULE.docc) and of a `///` comment under
// Sources/ must appear in a test file under Tests/ (or an example package's
// Examples/NAME/Tests/, which `make test-operators` and the like run), where it is compiled and
// run with the scaffolding it needs around it and assertions on what its
// comments promise (`// [1, 2, 3]` → `#expect(… == [1, 2, 3])` right after
// it). This suite fails, at the example's line, for an example no test
// holds: adding or changing an example means adding or changing its test.
//
// - An example and a test file are compared as normalized lines: `///` and
//   indentation stripped, each line trimmed, blank lines dropped. The example
//   must be one contiguous run of the test file's lines, except for leading
//   `import` lines, which must be among the file's (imports go at the top).
//   swift-format formats the tests, so an example is written as swift-format
//   writes it (2 spaces before `//`, its line breaks).
// - Doc-comment examples: Tests/StreamTraceTests/Documentation*Tests.swift,
//   by area (Combine ones in Combine/); the StreamTraceTesting and
//   StreamTraceXCTest glue's in those targets' DocumentationTests.swift.
//   README examples: ReadmeSnippetTests.swift (Combine ones in Combine/).
//   Article examples: GettingStartedSnippetTests.swift and the like, in the
//   target whose module the example imports.
// - `<!-- example: Tests/PATH.swift -->` right above a README or article
//   block: the block is that whole file, verbatim.
// - An example that cannot be compiled in a test (a manifest fragment,
//   pseudo-code) is exempted where it stands, with a reason, on the line
//   right above its ```swift:
//     README.md and articles:  <!-- example: not compiled (REASON) -->
//     doc comments:            /// - Note: not compiled (REASON)
import Foundation
import Testing

@Suite(.cpuBound) struct DocumentationExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The repository's Swift files under `folder`, relative to the root.
    static func swiftFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
        let files = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return files.map { folder + "/" + $0 }.sorted()
    }

    /// The test folders of the example packages: Examples/NAME/Tests.
    static func exampleTestFolders() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path))
        return (names ?? []).sorted().map { "Examples/\($0)/Tests" }
    }

    /// Every test file's normalized lines (the example packages' too), but
    /// this suite's own files'.
    static func testFiles() throws -> [(path: String, lines: [String])] {
        let files = swiftFiles(under: "Tests") + exampleTestFolders().flatMap { swiftFiles(under: $0) }
        return try files.filter { !$0.contains("/DocumentationExamples") }.map { path in
            (path, DocumentationExample.normalized(try read(path).components(separatedBy: "\n")))
        }
    }

    static func readmeExamples() throws -> [DocumentationExample] {
        DocumentationExamples.markdown(try read("README.md"), file: "README.md")
    }

    /// The Markdown files of the catalogs: Sources/MODULE/MODULE.docc/….md.
    static func articles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
        let files = (enumerator?.allObjects as? [String] ?? []).filter { $0.contains(".docc/") && $0.hasSuffix(".md") }
        return files.map { "Sources/" + $0 }.sorted()
    }

    static func articleExamples() throws -> [DocumentationExample] {
        try articles().flatMap { DocumentationExamples.markdown(try read($0), file: $0) }
    }

    static func docCommentExamples() throws -> [DocumentationExample] {
        try swiftFiles(under: "Sources").flatMap { DocumentationExamples.docComments(try read($0), file: $0) }
    }

    /// What is wrong with `example`, if anything: no test holds it, or its
    /// marker is malformed.
    static func problem(with example: DocumentationExample, in tests: [(path: String, lines: [String])]) -> String? {
        let shown = example.text.map { "    " + $0 }.joined(separator: "\n")
        switch example.marker {
        case .notCompiled:
            return nil
        case .malformed(let line):
            return "\(example): the marker above this example is malformed: \(line)\n"
                + "Exempt an example with `<!-- example: not compiled (REASON) -->` (README, articles) "
                + "or `/// - Note: not compiled (REASON)` (doc comments), giving the reason."
        case .file(let path):
            let file = tests.first { $0.path == path }
            if file.map({ DocumentationExamples.contains($0.lines, example.normalized) }) == true { return nil }
            return "\(example): the example is marked as \(path), which does not hold it:\n\(shown)"
        case .none:
            if tests.contains(where: { DocumentationExamples.contains($0.lines, example.normalized) }) { return nil }
            return "\(example): no test under Tests/ runs this example; add one that holds it line for line "
                + "(see DocumentationExamplesTests.swift), or exempt it with a reason:\n\(shown)"
        }
    }

    /// Records an issue at the example's line for each example with a problem.
    func check(_ examples: [DocumentationExample]) throws {
        let tests = try Self.testFiles()
        for example in examples {
            guard let problem = Self.problem(with: example, in: tests) else { continue }
            let path = Self.root.appendingPathComponent(example.file).path
            Issue.record(
                Comment(rawValue: problem),
                sourceLocation: SourceLocation(
                    fileID: "StreamTrace/\(example.file)", filePath: path, line: example.line, column: 1))
        }
    }

    @Test func everyReadmeExampleIsRunByATestOrExemptedWithAReason() throws {
        let examples = try Self.readmeExamples()
        #expect(!examples.isEmpty)
        try check(examples)
    }

    @Test func everyArticleExampleIsRunByATestOrExemptedWithAReason() throws {
        #expect(Self.articles().contains("Sources/StreamTrace/StreamTrace.docc/GettingStarted.md"))
        let examples = try Self.articleExamples()
        #expect(!examples.isEmpty)
        try check(examples)
    }

    /// A block marked `<!-- example: Tests/PATH.swift -->` is that file, byte
    /// for byte: what users copy is what `make test` runs.
    @Test func anExampleMarkedAsATestFileIsThatFileVerbatim() throws {
        for example in try Self.readmeExamples() + Self.articleExamples() {
            guard case .file(let path) = example.marker else { continue }
            let file = try Self.read(path)
            let shown = example.text.joined(separator: "\n") + "\n"
            guard shown != file else { continue }
            Issue.record(
                Comment(
                    rawValue: "\(example) differs from \(path), which it is marked as: copy the file into the block"),
                sourceLocation: SourceLocation(
                    fileID: "StreamTrace/\(example.file)",
                    filePath: Self.root.appendingPathComponent(example.file).path,
                    line: example.line, column: 1))
        }
    }

    @Test func everyDocCommentExampleIsRunByATestOrExemptedWithAReason() throws {
        let examples = try Self.docCommentExamples()
        #expect(!examples.isEmpty)
        try check(examples)
    }
}

/// The rules above, on documents made up for the purpose.
@Suite struct DocumentationExampleRulesTests {
    @Test func aDocCommentBlockIsFoundWithoutItsPrefixAndItsLine() throws {
        let source = """
            /// Says hello.
            ///
            /// ```swift
            /// let greeting = hello()
            ///     .uppercased()   // "HI"
            /// ```
            func hello() -> String { "hi" }
            """
        let example = try #require(DocumentationExamples.docComments(source, file: "Hello.swift").first)
        #expect(example.line == 3)
        #expect(example.marker == .none)
        #expect(example.normalized == ["let greeting = hello()", #".uppercased()   // "HI""#])
    }

    @Test func anExampleMustBeAContiguousRunOfATestFilesLines() {
        let example = ["import Foo", "let a = 1", "#expect(a == 1)"]
        let test = ["import Foo", "import Testing", "@Test func a() {", "let a = 1", "#expect(a == 1)", "}"]
        #expect(DocumentationExamples.contains(test, example))
        #expect(!DocumentationExamples.contains(test, ["let a = 1", "let b = 2"]))
        #expect(!DocumentationExamples.contains(["let a = 1", "print(a)", "#expect(a == 1)"], Array(example[1...])))
        #expect(!DocumentationExamples.contains(Array(test[1...]), example))
    }

    @Test func onlySwiftBlocksAreExamplesAndTheMarkerAboveIsRead() {
        let readme = """
            ```sh
            make test
            ```
            <!-- example: not compiled (a manifest fragment) -->
            ```swift
            .testTarget(name: "AppTests")
            ```
            <!-- example: Tests/AppTests/AppTests.swift -->
            ```swift
            import App
            ```
            """
        let examples = DocumentationExamples.markdown(readme, file: "README.md")
        #expect(examples.map(\.line) == [5, 9])
        #expect(
            examples.map(\.marker) == [
                .notCompiled(reason: "a manifest fragment"), .file("Tests/AppTests/AppTests.swift"),
            ])
    }

    @Test func anExemptionWithoutAReasonIsMalformed() {
        #expect(
            DocumentationExamples.readmeMarker("<!-- example: not compiled -->")
                == .malformed("<!-- example: not compiled -->"))
        #expect(
            DocumentationExamples.readmeMarker("<!-- example: not compiled ( ) -->")
                == .malformed("<!-- example: not compiled ( ) -->"))
        #expect(DocumentationExamples.readmeMarker("<!-- example: skip -->") == .malformed("<!-- example: skip -->"))
        #expect(DocumentationExamples.docMarker("- Note: not compiled") == .malformed("- Note: not compiled"))
        #expect(
            DocumentationExamples.docMarker("not compiled (pseudo-code)") == .malformed("not compiled (pseudo-code)"))
        #expect(
            DocumentationExamples.docMarker("- Note: not compiled (pseudo-code)") == .notCompiled(reason: "pseudo-code")
        )
        #expect(DocumentationExamples.docMarker("- Returns: the value") == .none)
    }

    @Test func anExampleNoTestHoldsIsReportedWithItsFileLineAndText() throws {
        let example = DocumentationExample(
            file: "README.md", line: 12, text: ["let a = 1", "  #expect(a == 2)"], marker: .none)
        let tests = [(path: "Tests/A.swift", lines: ["let a = 1", "#expect(a == 1)"])]
        let problem = try #require(DocumentationExamplesTests.problem(with: example, in: tests))
        #expect(problem.hasPrefix("README.md:12: no test under Tests/ runs this example"))
        #expect(problem.hasSuffix("\n    let a = 1\n      #expect(a == 2)"))
        var exempted = example
        exempted.marker = .notCompiled(reason: "pseudo-code")
        #expect(DocumentationExamplesTests.problem(with: exempted, in: tests) == nil)
        var unexplained = example
        unexplained.marker = .malformed("<!-- example: not compiled -->")
        #expect(DocumentationExamplesTests.problem(with: unexplained, in: tests)?.contains("malformed") == true)
    }
}
