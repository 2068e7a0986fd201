import Foundation
import Testing

/// docs/marbles.md follows the README's rule for examples (DocumentationExamplesTests): each ```swift block is in a
/// test file, line for line, or exempted with a reason. Its section for swift-async-algorithms' users is held by
/// Examples/Operators, whose tests use AsyncAlgorithms (`make test-operators` runs them).
@Suite(.cpuBound) struct MarblesGuideExamplesTests {
    static let path = "docs/marbles.md"

    @Test func everyExampleOfTheMarblesGuideIsRunByATestOrExemptedWithAReason() throws {
        let examples = DocumentationExamples.markdown(try DocumentationExamplesTests.read(Self.path), file: Self.path)
        #expect(examples.count >= 10)
        try DocumentationExamplesTests().check(examples)
    }

    /// The section's table maps every symbol and feature of the validation DSL, each the first cell of a row.
    @Test func theValidationDSLSectionMapsEachOfItsSymbols() throws {
        let text = try DocumentationExamplesTests.read(Self.path)
        let section = try #require(
            text.components(separatedBy: "\n## ").first {
                $0.hasPrefix("Coming from swift-async-algorithms' validation DSL")
            })
        let firstCells = section.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }.map {
            $0.dropFirst(2).components(separatedBy: " | ")[0]
        }
        let symbols = [
            "`-`", #"`\|`"#, "`^`", "`;`", "`,`", "`[ab]`", "`'foo'`", "` `", "themes", "`validate {", "`$0.inputs[0]`",
            "`.steps(n)`", "the driver", "`validate(expectedFailures:)`",
        ]
        for symbol in symbols {
            #expect(firstCells.contains { $0.hasPrefix(symbol) }, "no row for \(symbol)")
        }
    }
}
