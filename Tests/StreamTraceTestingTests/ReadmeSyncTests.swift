import Foundation
import Testing

/// The README shows ReadmeExampleTests.swift verbatim: the example users
/// copy is the one `make test` runs.
@Test func theReadmeShowsTheSwiftTestingExampleAsRun() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let readme = try String(contentsOf: tests.appendingPathComponent("../../README.md"), encoding: .utf8)
    let example = try String(contentsOf: tests.appendingPathComponent("ReadmeExampleTests.swift"), encoding: .utf8)
    let marker = "<!-- example: Tests/StreamTraceTestingTests/ReadmeExampleTests.swift -->\n```swift\n"
    let start = try #require(readme.range(of: marker)).upperBound
    let end = try #require(readme.range(of: "```\n", range: start..<readme.endIndex)).lowerBound
    #expect(String(readme[start..<end]) == example)
}
