import Foundation
import Testing

/// The Makefile's lists of suites that a pass leaves out: `make test`'s
/// OpenCombine pass skips `COMBINE_FREE_SUITES`, `make test-tsan` skips
/// `TSAN_SINGLE_THREADED`. A name that matches no suite would skip nothing
/// (a renamed suite, silently run again), and a suite that reads Combine's
/// API would go untested against OpenCombine.
@Suite struct MakefileSuiteListTests {
    /// The suite names of the Makefile variable `name`: `NAME = (A|B|C)`.
    static func suites(in name: String) throws -> [String] {
        let makefile = try ReleaseFilesTests.read("Makefile")
        let line = try #require(
            makefile.split(separator: "\n").first { $0.hasPrefix("\(name) = (") }, "no \(name) in the Makefile")
        let list = try #require(line.firstMatch(of: /= \(([A-Za-z|]+)\)$/), "\(name) is not (A|B|…): \(line)")
        return list.1.split(separator: "|").map(String.init)
    }

    /// The text of each Swift file of Tests/StreamTraceTests, by path.
    static func testFiles() throws -> [String: String] {
        let folder = AppPackageManifestTests.root.appendingPathComponent("Tests/StreamTraceTests")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        var files: [String: String] = [:]
        for path in paths where path.hasSuffix(".swift") {
            files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// The file that declares suite `name` (`struct NAME`), if one does.
    static func file(declaring name: String, in files: [String: String]) -> (path: String, text: String)? {
        files.first { $0.value.contains("struct \(name) {") }.map { (path: $0.key, text: $0.value) }
    }

    @Test(arguments: ["COMBINE_FREE_SUITES", "TSAN_SINGLE_THREADED"])
    func everySuiteAListSkipsExists(list: String) throws {
        let files = try Self.testFiles()
        let names = try Self.suites(in: list)
        #expect(names.count >= 10)
        for name in names {
            let declared = Self.file(declaring: name, in: files) != nil
            #expect(declared, "\(list) names \(name), which no suite is")
        }
    }

    @Test func theSuitesTheOpenCombinePassSkipsReadNoCombineAPI() throws {
        let files = try Self.testFiles()
        // (A name that matches no suite fails the test above.)
        for name in try Self.suites(in: "COMBINE_FREE_SUITES") {
            guard let file = Self.file(declaring: name, in: files) else { continue }
            for word in ["Combine", "Publisher", "TestScheduler", "Subscriber"] {
                let mentions = file.text.contains(word)
                #expect(!mentions, "\(file.path) (\(name)) mentions \(word)")
            }
        }
    }
}
