import Foundation
import XCTest

/// The README shows ReadmeExampleTests.swift verbatim: the example users
/// copy is the one `make test` runs.
final class ReadmeSyncTests: XCTestCase {
    func testTheReadmeShowsTheXCTestExampleAsRun() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let readme = try String(contentsOf: tests.appendingPathComponent("../../README.md"), encoding: .utf8)
        let example = try String(contentsOf: tests.appendingPathComponent("ReadmeExampleTests.swift"), encoding: .utf8)
        let marker = "<!-- example: Tests/StreamTraceXCTestTests/ReadmeExampleTests.swift -->\n```swift\n"
        let start = try XCTUnwrap(readme.range(of: marker)).upperBound
        let end = try XCTUnwrap(readme.range(of: "```\n", range: start..<readme.endIndex)).lowerBound
        XCTAssertEqual(String(readme[start..<end]), example)
    }
}
