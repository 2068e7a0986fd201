import Foundation
import XCTest

/// The README's XCTest example is a test of ReadmeExampleTests.swift, as
/// written (indentation aside): the example users copy is one `make test`
/// runs under XCTest.
final class ReadmeSyncTests: XCTestCase {
    func testTheReadmesXCTestExampleIsATestOfTheXCTestExampleFile() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let readme = try String(contentsOf: tests.appendingPathComponent("../../README.md"), encoding: .utf8)
        let example = try String(contentsOf: tests.appendingPathComponent("ReadmeExampleTests.swift"), encoding: .utf8)
        let link = "[its README example](Tests/StreamTraceXCTestTests/ReadmeExampleTests.swift):\n\n```swift\n"
        let start = try XCTUnwrap(readme.range(of: link)).upperBound
        let end = try XCTUnwrap(readme.range(of: "```\n", range: start..<readme.endIndex)).lowerBound
        let shown = readme[start..<end].split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        XCTAssertTrue(shown.hasPrefix("    func test"), shown)
        XCTAssertTrue(example.contains(shown + "\n"), "the README's XCTest example is not in ReadmeExampleTests.swift")
    }
}
