/// Where a test helper was called, as Swift Testing and XCTest each need it to put a failure on the caller's line.
/// Helpers take it as four defaulted parameters (`fileID: String = #fileID`, `filePath: StaticString = #filePath`,
/// `line: UInt = #line`, `column: UInt = #column`), so that one helper serves both frameworks.
package struct TestLocation: Sendable {
    package var fileID: String
    package var filePath: StaticString
    package var line: UInt
    package var column: UInt

    package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
