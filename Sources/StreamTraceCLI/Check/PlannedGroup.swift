import StreamTrace

/// A directory a `check` run reads as one group (`--group DIR`, a `[group GLOB]` section): every `*.jsonl` below it, in
/// path order, and the names a query's `STREAM:` finds each by (its header's `stream`, else its file name).
struct PlannedGroup: Sendable {
    /// The members' paths, in path order.
    var files: [String]
    /// Each member's header `stream`, when its header could be read.
    var headerStreams: [String?]

    init(files: [String]) {
        self.files = files
        headerStreams = files.map { path in (try? TraceReader(path: path))?.header.stream }
    }

    /// Each member's name in messages: its header's `stream`, else its file name without `.jsonl`.
    var streams: [String] {
        zip(headerStreams, files).map(TraceGroupReader.streamName)
    }

    /// Why `stream` names no member of the group `path`, or `nil` if it names one.
    func unknown(_ stream: String, in path: String) -> String? {
        guard TraceGroupReader.member(named: stream, streams: headerStreams, files: files) == nil else { return nil }
        let names = streams.map { "\"\($0)\"" }.joined(separator: ", ")
        return "no stream \"\(stream)\" in the group \(path); its streams: \(names.isEmpty ? "none" : names)"
    }
}
