import Foundation
import Testing

/// One engine decides: an expectation's file holds the only code that
/// decides it, for tests, waits and `check` alike. These rules are read
/// from the sources.
@Suite struct EngineRulesTests {
    static let library = SourceSizeTests.sources.appendingPathComponent("StreamTrace")

    /// The library's Swift files outside `folders`, by path from
    /// Sources/StreamTrace, with their text.
    static func files(outside folders: [String]) throws -> [(path: String, text: String)] {
        try SourceSizeTests.swiftFiles().compactMap { url in
            let path = String(url.path.dropFirst(SourceSizeTests.sources.path.count + 1))
            guard !folders.contains(where: { path.hasPrefix("StreamTrace/\($0)/") }) else { return nil }
            return (path, try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// The lines of `text` that hold `pattern` (comments aside), as `PATH:LINE`.
    static func lines(of file: (path: String, text: String), matching pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            let line = String($1)
            let code = line.components(separatedBy: "//").first ?? line
            let range = NSRange(code.startIndex..., in: code)
            return regex.firstMatch(in: code, range: range) == nil ? nil : "\(file.path):\($0 + 1): \(line)"
        }
    }

    @Test func onlyExpectationsAndMarblesBuildARecordingError() throws {
        let found = try Self.files(outside: ["Expectations", "Marbles"]).flatMap {
            Self.lines(of: $0, matching: #"RecordingError\(|\.failure\(\s*\.[a-zA-Z]+,|reason: \.[a-zA-Z]+,"#)
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func nothingDowncastsToAnExpectationType() throws {
        // The expectation types: the structs of Expectations/ and Marbles/ (`package struct NextWhere<`),
        // and the protocols expectations conform to, wherever declared (`package protocol RunExpectation`).
        func declared(_ pattern: String, in files: [(path: String, text: String)]) throws -> [String] {
            let regex = try NSRegularExpression(pattern: pattern)
            return files.flatMap { file in
                regex.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)).map {
                    String(file.text[Range($0.range(at: 1), in: file.text)!])
                }
            }
        }
        let library = try Self.files(outside: [])
        let expectations =
            try declared(
                #"package struct (\w+)<"#,
                in: library.filter {
                    $0.path.hasPrefix("StreamTrace/Expectations/") || $0.path.hasPrefix("StreamTrace/Marbles/")
                }) + declared(#"(?:package )?protocol (\w+Expectation)\b"#, in: library)
        let names = (expectations + ["StreamExpectations"]).joined(separator: "|")
        let found = try Self.files(outside: []).flatMap {
            Self.lines(of: $0, matching: #"(as[?!]?|\bis)\s+(any\s+)?(StreamExpectations\.)?(\#(names))\b"#)
        }
        #expect(expectations.contains("NextWhere") && expectations.contains("InvertibleTraceExpectation"))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func queryArgumentsAreTyped() throws {
        let found = try Self.files(outside: []).filter { $0.path.hasPrefix("StreamTrace/Query/") }.flatMap {
            Self.lines(of: $0, matching: #"any Sendable"#)
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The speed tricks stay in the hot paths a benchmark row measures (the
    /// reader, the writer, the recorder, JSON): none where expectations are
    /// decided, queried, drawn, or where the clocks run. (Diff keeps one, its
    /// events' unretained rare part: docs/performance.md says why.)
    @Test func noSpeedTricksWhereExpectationsAreDecidedDrawnOrClocked() throws {
        let fenced = ["Checker", "Expectations", "Query", "Rendering", "Marbles", "VirtualTime", "Time"]
        let found = try Self.files(outside: []).filter { file in
            fenced.contains { file.path.hasPrefix("StreamTrace/\($0)/") }
        }.flatMap { Self.lines(of: $0, matching: #"@exclusivity\(unchecked\)|@inline\(__always\)|Unmanaged"#) }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
