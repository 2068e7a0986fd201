// Runs python3 with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

@testable import StreamTrace

/// json.org's JSON_checker suite, a public conformance corpus (pass1–3, a
/// document each JSON reader must take, and fail1–33, each one it must
/// refuse, with CPython's fail34, a control character in a string), read
/// as trace values: the scanner's fast path and the exact
/// parser give every line the same reading. The documents ship with
/// CPython, in `test.test_json`; without a `python3` that has them the
/// suite is skipped.
@Suite(.enabled(if: JSONCheckerCorpus.documents != nil, "needs python3 with CPython's test.test_json"))
struct JSONCheckerCorpusTests {
    @Test func passDocumentsAreReadByBothPathsAlike() throws {
        let documents = try #require(JSONCheckerCorpus.documents)
        #expect(documents.pass.count == 3)
        for document in documents.pass {
            for form in JSONCheckerCorpus.forms(of: document) {
                let line = FastEventLineTests.valueLine(form)
                FastEventLineTests.expectAgreement(line)
                #expect(JSONCheckerCorpus.exactReads(line), "\(form.prefix(60))")
            }
        }
        // pass1 written without white space is plain compact JSON: the fast path takes it.
        let compact = JSONCheckerCorpus.forms(of: documents.pass[0])[1]
        #expect(FastEventLineTests.expectAgreement(FastEventLineTests.valueLine(compact)))
    }

    @Test func failDocumentsAreRefusedByBothPathsAlike() throws {
        let documents = try #require(JSONCheckerCorpus.documents)
        #expect(documents.fail.count == 34)
        for (index, document) in documents.fail.enumerated() {
            // fail1 is a bare string and fail18 nests 20 deep: JSON as RFC 8259 has it takes both, as CPython does.
            let refused = ![1, 18].contains(index + 1)
            for form in JSONCheckerCorpus.forms(of: document) {
                let line = FastEventLineTests.valueLine(form)
                let taken = FastEventLineTests.expectAgreement(line)
                #expect(JSONCheckerCorpus.exactReads(line) != refused, "fail\(index + 1): \(form)")
                if refused { #expect(!taken, "fail\(index + 1): \(form)") }
            }
        }
    }
}

/// The JSON_checker documents, read once from CPython's test package.
enum JSONCheckerCorpus {
    static let documents: (pass: [String], fail: [String])? = {
        let script = """
            import json, test.test_json.test_fail as f, test.test_json.test_pass1 as a, \
            test.test_json.test_pass2 as b, test.test_json.test_pass3 as c
            print(json.dumps({"pass": [a.JSON, b.JSON, c.JSON], "fail": f.JSONDOCS}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String]],
            let pass = object["pass"], let fail = object["fail"]
        else { return nil }
        return (pass, fail)
    }()

    /// A document as one line's value, as written and compacted (``HTMLSafeJSON``: no white space outside strings,
    /// `<`, `>` and `&` as `\u` escapes), its line ends turned into carriage returns: white space outside strings and
    /// a control character inside them, as line ends are.
    static func forms(of document: String) -> [String] {
        var compact: [UInt8] = []
        HTMLSafeJSON.append(Array(document.utf8), to: &compact)
        let forms = [document, String(decoding: compact, as: UTF8.self)]
        return forms.map { $0.replacingOccurrences(of: "\n", with: "\r") }
    }

    /// Whether the exact parser reads the line as an event.
    static func exactReads(_ line: String) -> Bool {
        var content = Array(line.utf8)
        if content.last == 0x0A { content.removeLast() }
        return content.withUnsafeBytes { (try? TraceLineParser(maximumDepth: 512).parseEvent($0)) != nil }
    }
}
#endif
