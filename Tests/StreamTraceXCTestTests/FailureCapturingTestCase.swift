import XCTest

/// A test case that can assert that a helper fails: ``expectFailures(_:)``
/// runs a block and returns the failures it recorded (message and line)
/// instead of failing the test.
///
/// On Apple platforms this is `XCTExpectFailure`; swift-corelibs-xctest
/// (Linux) has no `XCTExpectFailure`, so there the failures are taken from
/// `recordFailure(withDescription:inFile:atLine:expected:)`.
class FailureCapturingTestCase: XCTestCase {
    struct Failure: Equatable, CustomStringConvertible {
        var message: String
        var file: String
        var line: Int
        var description: String { "\(file):\(line): \(message)" }
    }

    #if canImport(Darwin)
    func expectFailures(_ body: () throws -> Void) -> [Failure] {
        let (options, failures) = Self.collectingOptions()
        XCTExpectFailure("a helper's failure, under test", options: options) { try? body() }
        return failures.list
    }

    func expectFailures(_ body: () async throws -> Void) async -> [Failure] {
        let (options, failures) = Self.collectingOptions()
        XCTExpectFailure("a helper's failure, under test", options: options)
        try? await body()
        return failures.list
    }

    private final class Collected { var list: [Failure] = [] }

    /// Options whose matcher takes every issue, noting it.
    private static func collectingOptions() -> (XCTExpectedFailure.Options, Collected) {
        let collected = Collected()
        let options = XCTExpectedFailure.Options()
        options.issueMatcher = { issue in
            let location = issue.sourceCodeContext.location
            collected.list.append(
                Failure(
                    message: issue.compactDescription, file: location?.fileURL.path ?? "",
                    line: location?.lineNumber ?? 0))
            return true
        }
        return (options, collected)
    }
    #else
    private var captured: [Failure]?

    func expectFailures(_ body: () throws -> Void) -> [Failure] {
        captured = []
        defer { captured = nil }
        try? body()  // A helper that stops the test throws.
        return captured ?? []
    }

    func expectFailures(_ body: () async throws -> Void) async -> [Failure] {
        captured = []
        defer { captured = nil }
        try? await body()
        return captured ?? []
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard captured != nil else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured?.append(Failure(message: description, file: filePath, line: lineNumber))
    }
    #endif
}
