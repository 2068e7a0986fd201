import StreamTrace

/// `export --format otlp`: OTLP/JSON Lines, a span a line (``OTLPTrace``), for a collector's `otlpjsonfile` receiver.
/// The traces of a folder share a trace id under the folder's span, written before its traces' spans.
struct OTLPExport {
    /// Unix nanoseconds of `at` 0 for traces without `started`: `--epoch`.
    let epoch: Int64?
    /// The resource's `service.name`: `--service`, else `streamtrace`.
    let service: String

    /// The options, checked before any trace is read.
    init(_ parsed: ArgumentScanner.Parsed) throws(CLIError) {
        epoch = try parsed.values["--epoch"].map { text throws(CLIError) in
            guard let epoch = ISO8601.nanoseconds(text, offsets: true), epoch >= 0 else {
                throw .usage(
                    "--epoch must be an RFC 3339 time from 1970 on, such as 2026-05-01T12:00:00Z; got '\(text)'",
                    command: "export")
            }
            return epoch
        }
        service = parsed.values["--service"] ?? "streamtrace"
        guard !service.isEmpty else { throw .usage("--service must name a service; got ''", command: "export") }
    }

    /// Reads every trace once (checking it, planning its spans), then writes each trace's spans as it reads it again.
    func write(_ arguments: [String]) throws {
        var seen = Set<String>()
        let entries = try TracePaths.entries(arguments).filter { seen.insert($0.path).inserted }
        let now = ISO8601.now()
        let origin = epoch ?? ISO8601.nanoseconds(now) ?? 0
        // A reader of each trace, for each pass. A regular file is opened anew for each, so that a folder of thousands of
        // traces needs no more descriptors than one (macOS allows 256 by default); standard input, a FIFO or a process
        // substitution is a TraceInput kept for both passes, copied to a temporary file as the first reads it.
        var readers: [() throws -> TraceReader] = []
        var streams: [OTLPStream] = []
        for entry in entries {
            let kept = try TraceInput.isRegularFile(entry.path) ? nil : TraceInput(entry.path, passes: 2)
            let reader = { () throws -> TraceReader in
                if let kept { return try kept.reader() }
                return try TraceInput(entry.path).reader()
            }
            let stream = try OTLPStream(reading: reader(), folder: entry.folder, epoch: origin)
            for warning in stream.warnings { Console.error(warning.description) }
            readers.append(reader)
            streams.append(stream)
        }
        let timed = streams.count(where: \.usesEpoch)
        if epoch == nil, timed > 0 {
            Console.error(
                "streamtrace: note: \(timed) trace\(timed == 1 ? " has" : "s have") no \"started\" (a virtual clock's):"
                    + " timed from the export's start, \(now); --epoch TIME fixes it")
        }
        let trace = OTLPTrace(service: service, version: StreamTraceCommand.version)
        var folders: [String: [OTLPStream]] = [:]
        for (entry, stream) in zip(entries, streams) {
            if let folder = entry.folder { folders[folder, default: []].append(stream) }
        }
        for (index, entry) in entries.enumerated() {
            if let folder = entry.folder, let members = folders.removeValue(forKey: folder) {
                var out = JSONOutput()
                trace.writeSpan(of: OTLPFolder(path: folder, streams: members), into: &out)
                try Console.write(bytes: out.bytes)
            }
            try trace.writeSpans(of: streams[index], reading: readers[index]()) { try Console.write(bytes: $0) }
        }
    }
}
