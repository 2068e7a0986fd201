import Foundation
import Testing

/// The README shows the message of Examples/Operators' deliberately failing
/// marble test as that test pins it (the example package, run by `make
/// test-operators`, checks that the message is real).
@Suite struct ReadmeMarbleFailureTests {
    @Test func theReadmesMarbleFailureIsTheOneTheExamplePins() throws {
        let readme = try DocumentationExamplesTests.read("README.md").components(separatedBy: "\n")
        let prefix = "<!-- marble failure: "
        let marker = try #require(readme.firstIndex { $0.hasPrefix(prefix) })
        let path = String(readme[marker].dropFirst(prefix.count).dropLast(" -->".count))
        #expect(readme[marker + 1] == "```text")
        let end = try #require(readme[(marker + 2)...].firstIndex(of: "```"))
        let shown = Array(readme[(marker + 2)..<end])
        let file = try DocumentationExamplesTests.read(path).components(separatedBy: "\n")
        // The pinned message: a multi-line string literal, its closing delimiter's indentation stripped.
        let start = try #require(
            file.firstIndex { $0.trimmingCharacters(in: .whitespaces) == shown[0] }, "\(path) does not pin \(shown[0])")
        let close = try #require(file[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == #"""""# })
        let indentation = file[close].prefix { $0 == " " }.count
        #expect(file[start - 1].trimmingCharacters(in: .whitespaces) == #"""""#)
        #expect(file[start..<close].map { String($0.dropFirst(indentation)) } == shown)
    }
}
