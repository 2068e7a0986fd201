/// A sink as the recording path writes to it, sorted once when the recorder or writer is made: a ``FileTraceSink``
/// is called directly and a bounded line is built in its buffer; any other sink goes through ``TraceSink``. The
/// references are unowned: the owner (a recorder's storage, a writer) keeps the sink alive, so that writing an event
/// costs no retain or release.
@usableFromInline
struct SinkTarget {
    @usableFromInline let file: Unmanaged<FileTraceSink>?
    @usableFromInline unowned(unsafe) let other: (any TraceSink)?

    /// The target of `sink`, which the caller keeps alive while it is used.
    @usableFromInline
    init(_ sink: any TraceSink) {
        let file = sink as? FileTraceSink
        self.file = file.map(Unmanaged.passUnretained)
        other = file == nil ? sink : nil
    }

    /// Writes `event` as one line, using `line` as the buffer when the line is not built in place.
    @inlinable
    func write<Value, Failure>(
        _ event: RecordedEvent<Value, Failure>, encoder: TraceLineEncoder<Value, Failure>, line: inout JSONOutput
    ) {
        if let file, encoder.hasFixedLine(event.event) {
            file._withUnsafeGuaranteedRef { file in
                file.appendLine(capacity: FixedLine.capacity, isTerminal: event.event.isTerminal) { start in
                    var fixed = FixedLine(start)
                    encoder.encodeFixed(event, into: &fixed)
                    return fixed.count
                }
            }
        } else {
            writeBuilt(event, encoder: encoder, line: &line)
        }
    }

    /// ``write(_:encoder:line:)`` for a line built in `line` first.
    @inlinable @inline(never)
    func writeBuilt<Value, Failure>(
        _ event: RecordedEvent<Value, Failure>, encoder: TraceLineEncoder<Value, Failure>, line: inout JSONOutput
    ) {
        if let file {
            line.removeAll()
            encoder.encode(event, into: &line)
            line.buffer.withUnsafeBytes { bytes in
                file._withUnsafeGuaranteedRef { $0.write(line: bytes, isTerminal: event.event.isTerminal) }
            }
        } else if let other {
            encoder.write(event, to: other, line: &line)
        }
    }
}
