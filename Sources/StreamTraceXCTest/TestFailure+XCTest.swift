import Foundation
import StreamTraceTestSupport
import XCTest

extension TestFailure {
    /// Records the failure once with `XCTFail` at `file`:`line` (or at the failure's own location), attaching the
    /// recording on Apple platforms; nothing if it was recorded already.
    func record(file: StaticString, line: UInt) {
        if wasRecorded { return }
        XCTFail(message, file: location?.filePath ?? file, line: location?.line ?? line)
        #if canImport(Darwin)
        for recording in recordings {
            let attachment = XCTAttachment(data: Data(recording.text.utf8), uniformTypeIdentifier: "public.json")
            attachment.name = recording.fileName
            attachment.lifetime = .keepAlways
            XCTContext.runActivity(named: "StreamTrace recording \(recording.fileName)") { $0.add(attachment) }
        }
        #endif
    }
}
