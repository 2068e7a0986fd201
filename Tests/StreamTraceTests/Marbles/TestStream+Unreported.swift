@testable import StreamTrace

extension TestStream {
    /// A stream whose syntax error is not reported at its creation, as when
    /// no test framework runs: the expectations report it.
    init(
        unreported diagram: String, values: [Character: Element] = [:], clock: TestClock, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.init(diagram, values: values, error: nil, frame: .milliseconds(1), core: clock.core, at: location)
    }
}
