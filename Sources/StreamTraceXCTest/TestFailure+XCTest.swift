import Foundation
import StreamTraceTestSupport
import XCTest

extension TestFailure {
    /// Records the failure once with `XCTFail` at `file`:`line` (or at the failure's own location), attaching the
    /// recording on Apple platforms; nothing if it was recorded already.
    func record(file: StaticString, line: UInt) {
        if wasRecorded { return }
        XCTFail(message, file: location?.filePath ?? file, line: location?.line ?? line)
        attach(keepingOnSuccess: true)
    }

    /// Records the failure once in `testCase` at `file`:`line` worded as XCTest's own waits word theirs: the message as
    /// it is (`Asynchronous wait failed: …`), without the `failed - ` that `XCTFail` puts before an assertion's.
    func record(asWaitOf testCase: XCTestCase, file: StaticString, line: UInt) {
        #if canImport(Darwin)
        let location = XCTSourceCodeLocation(filePath: String(describing: file), lineNumber: Int(line))
        testCase.record(
            XCTIssue(
                type: .assertionFailure, compactDescription: message, detailedDescription: nil,
                sourceCodeContext: XCTSourceCodeContext(location: location), associatedError: nil, attachments: []))
        #else
        testCase.recordFailure(
            withDescription: message, inFile: String(describing: file), atLine: Int(line), expected: true)
        #endif
        attach(keepingOnSuccess: true)
    }

    /// Attaches the recording to the running test on Apple platforms (swift-corelibs-xctest takes no attachments);
    /// unless `keepingOnSuccess`, XCTest keeps it only if the test fails.
    func attach(keepingOnSuccess: Bool) {
        #if canImport(Darwin)
        for recording in recordings {
            let attachment = XCTAttachment(data: Data(recording.text.utf8), uniformTypeIdentifier: "public.json")
            attachment.name = recording.fileName
            attachment.lifetime = keepingOnSuccess ? .keepAlways : .deleteOnSuccess
            XCTContext.runActivity(named: "StreamTrace recording \(recording.fileName)") { $0.add(attachment) }
        }
        #endif
    }
}
