/// What a test helper needs of a recorder to attach its recording to a failure, whatever the recorder's types.
package protocol RecordedTrace: AnyObject {
    /// The trace of everything recorded so far, as JSON Lines.
    var traceText: String { get }
    /// The trace's header (the stream's name names the attachment).
    var header: TraceHeader { get }
}

extension Recorder: RecordedTrace {}
