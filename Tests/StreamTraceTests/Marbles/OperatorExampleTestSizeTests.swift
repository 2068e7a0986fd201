import Testing

/// Examples/Operators tests each operator with marbles in at most ten lines
/// a test (issue 22): counted from `@Test` to the closing brace.
@Suite struct OperatorExampleTestSizeTests {
    static let files = [
        "Examples/Operators/Tests/OperatorsTests/DebounceTests.swift",
        "Examples/Operators/Tests/OperatorsTests/CombineLatestTests.swift",
    ]

    /// Each test of `lines`: its name and its number of lines.
    static func tests(_ lines: [String]) -> [(String, Int)] {
        lines.indices.filter { lines[$0].trimmingPrefix(while: { $0 == " " }).hasPrefix("@Test") }.map { start in
            let indentation = lines[start].prefix { $0 == " " }
            let end = lines[start...].firstIndex { $0 == indentation + "}" } ?? lines.count
            let name = lines[start].split(separator: "func ").last?.prefix { $0 != "(" } ?? ""
            return (String(name), end - start + 1)
        }
    }

    @Test(arguments: files)
    func everyTestTakesAtMostTenLinesAndUsesMarbles(path: String) throws {
        let lines = try DocumentationExamplesTests.read(path).components(separatedBy: "\n")
        let tests = Self.tests(lines)
        #expect(tests.count >= 2, "\(path)")
        for (name, count) in tests {
            #expect(count <= 10, "\(path): \(name) takes \(count) lines")
        }
        #expect(lines.filter { $0.contains("expectMarbles(") }.count >= tests.count, "\(path)")
        #expect(lines.filter { $0.contains("TestStream") }.count >= tests.count, "\(path)")
    }

    @Test func aTestOfElevenLinesIsCounted() {
        let lines = ["    @Test func long() {"] + Array(repeating: "        x()", count: 9) + ["    }"]
        #expect(Self.tests(lines).map(\.1) == [11])
        #expect(Self.tests(lines).map(\.0) == ["long"])
    }
}
