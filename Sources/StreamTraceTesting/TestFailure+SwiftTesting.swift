import StreamTrace
import StreamTraceTestSupport
import Testing

extension TestFailure {
    /// Records the failure as a Swift Testing issue at `location` (or at the failure's own), with the recording
    /// attached as a `.jsonl` trace; nothing if it was recorded already. XCTest tests use StreamTraceXCTest's
    /// `XCTestCase` methods instead, which shadow these helpers in a test case.
    func record(at location: TestLocation) {
        if wasRecorded { return }
        let source = (self.location ?? location).sourceLocation
        Issue.record(Comment(rawValue: message), sourceLocation: source)
        for recording in recordings {
            Attachment.record(Array(recording.text.utf8), named: recording.fileName, sourceLocation: source)
        }
    }

    /// Stops the test after a failure was recorded, without recording a second one: the test stays failed.
    static func stop(at location: TestLocation) throws -> Never {
        #if compiler(>=6.2)
        try Test.cancel(Comment(rawValue: stopReason), sourceLocation: location.sourceLocation)
        #else
        throw StoppedTest()
        #endif
    }

    /// Thrown to stop a test where `Test.cancel` is missing (before 6.2): the framework reports it too.
    struct StoppedTest: Error, CustomStringConvertible {
        var description: String { TestFailure.stopReason }
    }
}

extension TestLocation {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
