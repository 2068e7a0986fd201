// Shared by the libFuzzer targets: what `show` and `diff` promise on any
// trace, checked the way the command uses the library.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FuzzChecks {
    /// The command's limits (16 MiB lines, depth 512), read in chunks of
    /// a size the input picks so that lines cross chunk borders anywhere.
    static func options(_ input: inout FuzzBytes) -> TraceReaderOptions {
        TraceReaderOptions(chunkSize: [1 << 20, 4096, 61][input.below(3)])
    }

    static func reader(_ bytes: [UInt8], _ options: TraceReaderOptions, name: String = "fuzz") -> TraceReader? {
        try? TraceReader(bytes: bytes, name: name, options: options)
    }

    /// The trace as `show --format json` writes it: the header and every
    /// event re-encoded, one per line; `nil` if it cannot be read.
    static func normalized(_ bytes: [UInt8], _ options: TraceReaderOptions) -> [UInt8]? {
        guard let reader = reader(bytes, options) else { return nil }
        let encoder = TraceLineEncoder<JSONValue, TraceFailure>()
        var line = JSONOutput()
        encoder.encode(reader.header, into: &line)
        var output = line.bytes + [0x0A]
        do {
            while let event = try reader.next() {
                line.removeAll()
                encoder.encode(event, into: &line)
                output += line.bytes + [0x0A]
            }
        } catch {
            return nil
        }
        return output
    }

    /// Every event of a trace that can be read whole, without line numbers.
    static func events(_ bytes: [UInt8], _ options: TraceReaderOptions) -> (TraceHeader, [TraceEvent], TraceStatus)? {
        guard let reader = reader(bytes, options) else { return nil }
        var events: [TraceEvent] = []
        do {
            while var event = try reader.next() {
                event.line = nil
                events.append(event)
            }
        } catch {
            return nil
        }
        return (reader.header, events, reader.status)
    }

    /// Lines a terminal receives: `Console` escapes each; none may hold a
    /// character a terminal acts on.
    static func requireSafe(_ text: String, _ what: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let escaped = TerminalText.escaped(line)
            require(!escaped.unicodeScalars.contains(where: TerminalText.isUnsafe), "\(what): an unsafe scalar")
        }
    }

    /// Laid-out lines (already escaped): each fits `width` and is safe.
    static func requireFitting(_ lines: [String], width: Int, _ what: String) {
        for line in lines {
            require(TerminalText.width(line) <= width, "\(what): a line wider than \(width): \(line)")
            require(!line.unicodeScalars.contains(where: TerminalText.isUnsafe), "\(what): an unsafe scalar in \(line)")
        }
    }

    /// With `STREAMTRACE_FUZZ_DUMP=DIR`, writes `bytes` to DIR/NAME: run
    /// a target on one input (`fuzz-diff FILE`) to get the traces it built,
    /// for a regression test through the command.
    static func dump(_ name: String, _ bytes: [UInt8]) {
        guard let directory = getenv("STREAMTRACE_FUZZ_DUMP") else { return }
        guard let file = fopen(String(cString: directory) + "/" + name, "wb") else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
