/// Where a failure belongs in the test's source when that is not the expectation's line, and whether a test framework
/// was told already: a ``TestStream`` whose diagram did not parse fails its clock's marble expectations at the line
/// that created it, once for the test.
package struct FailureOrigin: Sendable, Equatable {
    package var location: TestLocation
    /// Takes the report: `true` the first time, when the helper records the failure; `false` once it was recorded.
    package var claim: @Sendable () -> Bool

    package init(location: TestLocation, claim: @escaping @Sendable () -> Bool) {
        self.location = location
        self.claim = claim
    }

    /// Alike when they name the same place.
    package static func == (lhs: FailureOrigin, rhs: FailureOrigin) -> Bool {
        lhs.location.fileID == rhs.location.fileID && lhs.location.line == rhs.location.line
            && lhs.location.column == rhs.location.column
    }
}
