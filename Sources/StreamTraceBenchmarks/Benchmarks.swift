import Foundation
import StreamTrace

/// The benchmark suite. Every StreamTrace number is printed beside a
/// baseline measured in the same run, as a ratio.
struct Benchmarks {
    let directory: String
    let megabytes: Int
    let events: Int
    /// Which sections to run: recorder, writer, reader, cli, ci (all by default).
    let sections: Set<String>
    /// The binary `make install` installs, for the ci section.
    var installed: String? = nil

    struct SmallItem: Encodable {
        var id: Int
        var name: String
        var score: Double
    }

    func run() -> String {
        var rows: [String] = []
        rows.append("| benchmark | StreamTrace | baseline | ratio |")
        rows.append("|---|---|---|---|")
        if sections.contains("recorder") { rows += recorderRows() }
        if sections.contains("writer") { rows += writerRows() }
        if sections.contains("reader") { rows += readerRows() }
        if sections.contains("cli") { rows += cliRows() }
        if sections.contains("ci") {
            let dynamic = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("streamtrace").path
            rows += CIBench(directory: directory, installed: installed, dynamic: dynamic).rows()
        }
        return rows.joined(separator: "\n")
    }

    // MARK: Recorder

    func recorderRows() -> [String] {
        let count = events
        // Hand-fed: a bare subscriber appends to an array behind a lock.
        let bare = Measure.best(of: 3) {
            let lock = NSLock()
            var received: [Int] = []
            for i in 0..<count {
                lock.lock()
                received.append(i)
                lock.unlock()
            }
            blackHole(received.count)
        }
        let recorded = Measure.best(of: 3) {
            let recorder = Recorder<Int, Never>()
            for i in 0..<count { recorder.receive(i) }
            recorder.receive(completion: .finished)
            blackHole(recorder.consumedCount)
        }
        // The same AsyncSequence, consumed bare and through record().
        let sequence = CountingSequence(count: count)
        // A bare consumer keeps the elements, as any recording must.
        let bareAsync = Measure.best(of: 3) {
            Measure.blocking {
                var received: [Int] = []
                for await i in sequence { received.append(i) }
                blackHole(received.count)
            }
        }
        let recordedAsync = Measure.best(of: 3) {
            Measure.blocking {
                let recorder = sequence.record()
                _ = try? await recorder.finished.value(timeout: .seconds(600))
            }
        }
        func perEvent(_ seconds: Double) -> Double { seconds / Double(count) * 1e9 }
        return [
            row(
                "recorder, hand-fed Int (ns/event; overhead over bare)", perEvent(recorded), perEvent(bare),
                extra: String(format: "+%.1f ns", perEvent(recorded) - perEvent(bare)), unit: "ns"),
            row(
                "AsyncSequence.record() Int (ns/event; overhead over bare for-await)", perEvent(recordedAsync),
                perEvent(bareAsync), extra: String(format: "+%.1f ns", perEvent(recordedAsync) - perEvent(bareAsync)),
                unit: "ns"),
        ]
    }

    // MARK: Writer

    func writerRows() -> [String] {
        let count = events
        let path = directory + "/writer.jsonl"
        func write<T>(_ make: @escaping (Int) -> T) -> (seconds: Double, bytes: Int) {
            var bytes = 0
            let seconds = Measure.best(of: 3) {
                let sink = try! FileTraceSink(path: path)
                let recorder = Recorder<T, Never>(sink: sink)
                for i in 0..<count { recorder.receive(make(i)) }
                recorder.receive(completion: .finished)
                sink.close()
            }
            bytes = Int((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
            return (seconds, bytes)
        }
        // Baseline: the same number of bytes written as ready-made lines.
        func baseline(bytes: Int) -> Double {
            let line = Array(repeating: UInt8(ascii: "x"), count: max(1, bytes / count - 1)) + [0x0A]
            return Measure.best(of: 3) {
                let sink = try! FileTraceSink(path: path)
                line.withUnsafeBytes { raw in
                    let body = UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 1)])
                    for _ in 0..<count { sink.write(line: body, isTerminal: false) }
                }
                sink.close()
            }
        }
        var rows: [String] = []
        for (name, result) in [
            ("Int", write { $0 }),
            ("String", write { "item-\($0)" }),
            ("Encodable struct", write { SmallItem(id: $0, name: "name", score: Double($0) / 4) }),
        ] {
            let base = baseline(bytes: result.bytes)
            let eventsPerSecond = Double(count) / result.seconds
            let mbPerSecond = Double(result.bytes) / result.seconds / 1e6
            rows.append(
                "| writer, \(name) (events/s, MB/s; baseline: same bytes as ready-made lines) | "
                    + String(format: "%.2fM ev/s, %.0f MB/s", eventsPerSecond / 1e6, mbPerSecond) + " | "
                    + String(format: "%.0f MB/s", Double(result.bytes) / base / 1e6) + " | "
                    + String(format: "%.2f×", base / result.seconds) + " |")
        }
        try? FileManager.default.removeItem(atPath: path)
        return rows
    }

    // MARK: Reader

    func readerRows() -> [String] {
        let path = directory + "/bench-\(megabytes)MB.jsonl"
        let size = TraceGenerator.ensure(path: path, megabytes: megabytes)
        let mb = Double(size) / 1e6
        let me = CommandLine.arguments[0]
        let scan = Measure.spawn([me, "--scan", path])
        let read = Measure.spawn([me, "--read", path])
        let wc = Measure.spawn(["/usr/bin/env", "wc", "-l", path])
        let jq = Measure.spawn(["/usr/bin/env", "jq", "empty", path])
        let name = String(format: "%.0f MB trace", mb)
        func rate(_ result: Measure.ChildResult) -> String { String(format: "%.0f MB/s", mb / result.seconds) }
        func ratio(_ base: Measure.ChildResult, _ ours: Measure.ChildResult) -> String {
            let value = base.seconds / ours.seconds
            return String(format: value < 1 ? "%.3f×" : "%.1f×", value)
        }
        var rows = [
            "| reader, \(name), every line checked, values built on demand: vs `wc -l` | \(rate(scan)) | \(rate(wc)) | \(ratio(wc, scan)) |"
        ]
        if jq.status == 0 {
            rows.append(
                "| reader, \(name), every line checked, values built on demand: vs `jq empty` | \(rate(scan)) | \(rate(jq)) | \(ratio(jq, scan)) |"
            )
            rows.append(
                "| reader, \(name), every value built: vs `jq empty` | \(rate(read)) | \(rate(jq)) | \(ratio(jq, read)) |"
            )
        } else {
            rows.append("| reader vs jq | – | jq not installed (apt-get install jq) | – |")
        }
        rows.append(
            "| reader, peak memory, checking / building values (baseline: `jq empty`) | "
                + "\(Measure.megabytes(scan)) / \(Measure.megabytes(read)) | \(Measure.megabytes(jq)) | – |")
        return rows
    }

    // MARK: CLI

    /// `streamtrace check` on the big trace against jq doing the same job
    /// (reading the whole trace, as check does), and start-up on a tiny trace.
    func cliRows() -> [String] {
        let path = directory + "/bench-\(megabytes)MB.jsonl"
        let size = TraceGenerator.ensure(path: path, megabytes: megabytes)
        let mb = Double(size) / 1e6
        let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "streamtrace"
        ).path
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            return ["| streamtrace check | – | build the streamtrace product first | – |"]
        }
        let wc = Measure.spawn(["/usr/bin/env", "wc", "-l", path])
        let jobs: [(query: String, jq: String)] = [
            ("finished", #"reduce (inputs | select(.event == "finished")) as $e (false; true)"#),
            ("count", #"reduce (inputs | select(.event == "value")) as $e (0; . + 1)"#),
            (
                "prefix 3",
                #"reduce (inputs | select(.event == "value") | .value) as $v ([]; if length < 3 then . + [$v] else . end)"#
            ),
            ("elements", #"[inputs | select(.event == "value") | .value]"#),
        ]
        var rows: [String] = []
        for job in jobs {
            let ours = Measure.spawn([cli, "check", path, job.query])
            let jq = Measure.spawn(["/usr/bin/env", "jq", "-n", job.jq, path])
            let status = ours.status == 0 ? "" : " (exit \(ours.status)!)"
            rows.append(
                "| `streamtrace check` \(job.query), \(String(format: "%.0f", mb)) MB: MB/s and peak memory vs jq | "
                    + String(format: "%.0f MB/s, ", mb / ours.seconds) + Measure.megabytes(ours) + status + " | "
                    + (jq.status == 0
                        ? String(format: "%.0f MB/s, ", mb / jq.seconds) + Measure.megabytes(jq) : "jq not installed")
                    + " | " + String(format: "%.1f×", jq.seconds / ours.seconds) + " |")
        }
        rows.append(
            "| `wc -l` on the same trace (the floor) | – | " + String(format: "%.0f MB/s", mb / wc.seconds) + " | – |")
        let tiny = directory + "/tiny.jsonl"
        try? "{\"streamtrace\":1}\n{\"t\":0,\"event\":\"finished\"}\n".write(
            toFile: tiny, atomically: true, encoding: .utf8)
        let startup = Measure.fastest(of: 20, [cli, "check", tiny, "finished"])
        let wcStartup = Measure.fastest(of: 20, ["/usr/bin/env", "wc", "-l", tiny])
        rows.append(
            "| `streamtrace check` start-up on a 2-line trace (fastest of 20) vs `wc -l` | "
                + String(format: "%.1f ms", startup.seconds * 1000) + " | "
                + String(format: "%.1f ms", wcStartup.seconds * 1000)
                + " | " + String(format: "%.1f×", startup.seconds / wcStartup.seconds) + " |")
        return rows
    }

    /// Child mode: reads a whole trace and prints how many events it holds;
    /// with `decode`, builds every value too.
    static func readTrace(_ path: String, decode: Bool) -> Int32 {
        do {
            let reader = try TraceReader(path: path)
            var values = 0
            if decode {
                while let event = try reader.next() {
                    if case .value = event.event { values += 1 }
                }
            } else {
                while let head = try reader.nextHead() {
                    if head.kind == .value { values += 1 }
                }
            }
            print("\(reader.eventCount) events, \(values) values, \(reader.status)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 3
        }
    }

    func row(_ name: String, _ value: Double, _ baseline: Double, extra: String, unit: String) -> String {
        "| \(name) | " + String(format: "%.1f %@", value, unit) + " | " + String(format: "%.1f %@", baseline, unit)
            + " | \(extra) |"
    }
}

@inline(never) func blackHole<T>(_ value: T) {}

/// An AsyncSequence of 0..<count that never suspends.
struct CountingSequence: AsyncSequence, Sendable {
    let count: Int
    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 0
        let count: Int
        mutating func next() async -> Int? {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}
