import Foundation
import StreamTrace
import Testing
import XCTest

/// How the helpers fail a test, in whichever framework runs it: a Swift
/// Testing issue when a Swift Testing test is running, else an XCTest
/// failure — so a helper called from the "other" framework can never pass
/// silently. The failure is recorded once, at the caller's line, with a
/// message that starts with what was expected.
package enum TestFailure {
    /// Whether a Swift Testing test is running on this task.
    package static var inSwiftTesting: Bool { Test.current != nil }

    /// Records a failure with `message` at `location`; with a `recording`,
    /// attaches its trace (JSON Lines), so that CI keeps what explains it.
    package static func record(_ message: String, at location: TestLocation, recording: TraceAttachment? = nil) {
        if inSwiftTesting {
            let source = SourceLocation(
                fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
                column: Int(location.column))
            Issue.record(Comment(rawValue: message), sourceLocation: source)
            if let recording {
                Attachment.record(Array(recording.text.utf8), named: recording.fileName, sourceLocation: source)
            }
        } else {
            XCTFail(message, file: location.filePath, line: location.line)
            if let recording { recording.attachToXCTest() }
        }
    }

    /// Stops the test after a failure was recorded, without recording a
    /// second one: Swift Testing cancels the test (it stays failed), XCTest
    /// skips the rest of it.
    package static func stop(at location: TestLocation) throws -> Never {
        let reason = "stopped: the expectation above failed"
        if inSwiftTesting {
            #if compiler(>=6.2)
            try Test.cancel(
                Comment(rawValue: reason),
                sourceLocation: SourceLocation(
                    fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
                    column: Int(location.column)))
            #else
            throw StoppedTest()
            #endif
        }
        throw XCTSkip(reason, file: location.filePath, line: location.line)
    }

    /// Thrown to stop a Swift Testing test where `Test.cancel` is missing
    /// (toolchains before 6.2): the framework reports it too.
    struct StoppedTest: Error, CustomStringConvertible {
        var description: String { "stopped: the expectation above failed" }
    }
}

/// A recording to keep beside a failure: the trace's text and the name of
/// the file it is saved as (`swift test --attachments-path DIR`, Xcode's
/// test report).
package struct TraceAttachment: Sendable {
    package var text: String
    package var fileName: String

    /// The trace of `recorder`, named after its stream (or `recording`).
    package init<Input, Failure: Error>(_ recorder: Recorder<Input, Failure>) {
        text = recorder.traceText
        let stream = recorder.header.stream.map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" } } ?? ""
        fileName = (stream.isEmpty ? "recording" : stream) + ".jsonl"
    }

    /// Attaches the trace to the running XCTest, where XCTest can (Apple
    /// platforms; swift-corelibs-xctest has no attachments).
    func attachToXCTest() {
        #if canImport(Darwin)
        let attachment = XCTAttachment(data: Data(text.utf8), uniformTypeIdentifier: "public.json")
        attachment.name = fileName
        attachment.lifetime = .keepAlways
        XCTContext.runActivity(named: "StreamTrace recording \(fileName)") { $0.add(attachment) }
        #endif
    }
}
