/// Queries over a group read from a folder: those without a stream read the merged events (``TraceGroupReader``), one
/// cursor for all; those written `STREAM: QUERY` (``Query/stream``) read that member's trace alone, the queries naming
/// one stream sharing its cursor, in order. The results come back in the queries' order, their locations naming the
/// member file.
extension TraceChecker {
    /// Reads the group of the traces at `paths` (in path order), named `name` in its header.
    package func evaluations(ofGroup paths: [String], named name: String, valueLimit: Int? = nil)
        throws(TraceReadError) -> TraceEvaluations
    {
        let group = try TraceGroupReader(paths: paths)
        let merged = queries.indices.filter { queries[$0].stream == nil }
        let evaluations = try TraceChecker(queries: merged.map { queries[$0] })
            .evaluations(of: group, named: name, valueLimit: valueLimit)
        var results: [QueryResult?] = Array(repeating: nil, count: queries.count)
        for (index, result) in zip(merged, evaluations.results) { results[index] = result }
        var streams: [String] = []
        for query in queries { if let stream = query.stream, !streams.contains(stream) { streams.append(stream) } }
        for stream in streams {
            let indices = queries.indices.filter { queries[$0].stream == stream }
            let headers = group.readers.map(\.header.stream)
            guard let member = TraceGroupReader.member(named: stream, streams: headers, files: paths) else {
                throw TraceReadError(
                    kind: .unreadable, file: name, line: 0, column: 0,
                    message: "no stream \"\(stream)\" in the group: its streams are "
                        + group.streams.joined(separator: ", "))
            }
            let reader = try TraceReader(path: paths[member])
            let own = try TraceChecker(queries: indices.map { queries[$0] }).evaluations(
                of: reader, valueLimit: valueLimit)
            for (index, result) in zip(indices, own.results) {
                results[index] = result.located { _ in reader.file }
            }
        }
        return TraceEvaluations(
            header: evaluations.header, status: evaluations.status, warnings: evaluations.warnings,
            results: results.compactMap { $0 })
    }
}
