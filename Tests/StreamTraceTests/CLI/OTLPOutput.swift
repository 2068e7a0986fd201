// Runs the built binaries: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// What `export --format otlp` wrote, run through the binary: each line's
/// `TracesData` parsed, its one span taken out (with the line's resource
/// and scope checked), in order.
struct OTLPOutput {
    /// 2026-05-01T12:00:00Z, the `--epoch` of most tests, in Unix nanoseconds.
    static let epoch: Int64 = 1_777_636_800_000_000_000
    static let epochText = "2026-05-01T12:00:00Z"

    let result: CommandRunner.Result
    let spans: [[String: Any]]

    /// Runs `export --format otlp ARGUMENTS` and requires exit status 0.
    init(_ arguments: [String], stdin: String? = nil, service: String = "streamtrace") async throws {
        result = try await CommandRunner.run(["export", "--format", "otlp"] + arguments, stdin: stdin)
        try #require(result.status == 0, "\(result)")
        var spans: [[String: Any]] = []
        for line in result.lines {
            let data = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resources = try #require(data["resourceSpans"] as? [[String: Any]])
            try #require(resources.count == 1)
            let resource = try #require(resources[0]["resource"] as? [String: Any])
            #expect(Self.attributes(resource) == ["service.name": service])
            let scopes = try #require(resources[0]["scopeSpans"] as? [[String: Any]])
            try #require(scopes.count == 1)
            let scope = try #require(scopes[0]["scope"] as? [String: String])
            #expect(scope == ["name": "streamtrace", "version": "1.0.0"])
            let lineSpans = try #require(scopes[0]["spans"] as? [[String: Any]])
            try #require(lineSpans.count == 1, "one span a line")
            spans.append(lineSpans[0])
        }
        self.spans = spans
    }

    /// A span's or an event's attributes: strings as they are, `intValue`s
    /// as `int N` (N the decimal string written), booleans as `bool true`.
    static func attributes(_ object: [String: Any]) -> [String: String] {
        var attributes: [String: String] = [:]
        for attribute in object["attributes"] as? [[String: Any]] ?? [] {
            guard let key = attribute["key"] as? String, let value = attribute["value"] as? [String: Any] else {
                continue
            }
            if let string = value["stringValue"] as? String { attributes[key] = string }
            if let int = value["intValue"] as? String { attributes[key] = "int " + int }
            if let bool = value["boolValue"] as? Bool { attributes[key] = "bool \(bool)" }
        }
        return attributes
    }

    /// A span's events: each one's name, time after `origin`, and attributes.
    static func events(_ span: [String: Any], from origin: Int64 = epoch) -> [(
        name: String, time: Int64, attributes: [String: String]
    )] {
        (span["events"] as? [[String: Any]] ?? []).map { event in
            (
                event["name"] as? String ?? "", (Int64(event["timeUnixNano"] as? String ?? "") ?? -1) - origin,
                attributes(event)
            )
        }
    }

    /// A span's start and end after `origin`, in nanoseconds.
    static func times(_ span: [String: Any], from origin: Int64 = epoch) -> [Int64] {
        ["startTimeUnixNano", "endTimeUnixNano"].map { (Int64(span[$0] as? String ?? "") ?? -1) - origin }
    }

    /// The lowercase hex of the first `count` bytes of the SHA-256 of `parts` joined by 0 bytes.
    static func id(_ parts: [String], count: Int) -> String {
        SHA256.hash(Array(parts.joined(separator: "\0").utf8)).prefix(count).map { String(format: "%02x", $0) }
            .joined()
    }
}
#endif
