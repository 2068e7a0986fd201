import StreamTrace

/// A recording to keep beside a failure: the trace's text and the name of the file it is saved as
/// (`swift test --attachments-path DIR`, Xcode's test report).
package struct TraceAttachment: Sendable {
    package var text: String
    package var fileName: String

    package init(_ recorder: any RecordedTrace) {
        self.init(header: recorder.header, text: recorder.traceText)
    }

    /// A trace named after its stream (or `recording`), with `suffix` before the extension.
    package init(header: TraceHeader, text: String, suffix: String = "") {
        self.text = text
        let stream = header.stream.map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" } } ?? ""
        fileName = (stream.isEmpty ? "recording" : stream) + suffix + ".jsonl"
    }
}
