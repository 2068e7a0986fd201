import Foundation
import StreamTrace

// A test helper for the crash-safety test: writes a trace until it is
// killed, and after each flush prints how many events are in the file.
//
//   StreamTraceCrashWriter PATH   (built with the tests; not a product)

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: StreamTraceCrashWriter PATH\n".utf8))
    exit(2)
}

struct Payload: Encodable {
    var index: Int
    var text: String
}

do {
    let sink = try FileTraceSink(path: CommandLine.arguments[1], bufferSize: 4096)
    let writer = TraceWriter<Payload, Never>(name: "crash", sink: sink)
    writer.write(.subscribe)
    var written = 1
    while true {
        writer.write(.value(Payload(index: written, text: String(repeating: "é", count: written % 300))))
        written += 1
        if written % 5 == 0 {
            sink.flush()
            let line = Array("\(written)\n".utf8)
            _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        }
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
