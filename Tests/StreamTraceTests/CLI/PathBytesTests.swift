// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Every path the command takes keeps its bytes, as trace paths do: a name
/// that is not UTF-8 (here `é` in Latin-1, the byte 0xE9) opens or creates
/// the file it names, not one with U+FFFD or `\xE9` in its name.
@Suite struct PathBytesTests {
    let trace = CommandRunner.sample("search.jsonl")

    /// Runs `script` in bash with `$0` the binary, `$1` a new directory and
    /// `$2` the sample trace; `printf` turns `\xe9` into the byte.
    func bash(_ script: String, in directory: String) async throws -> CommandRunner.Result {
        try await CommandRunner.run(
            ["-c", script, CommandRunner.binary.path, directory, trace], executable: "/bin/bash")
    }

    @Test func specAndReportPathsThatAreNotUTF8NameTheirFiles() async throws {
        let directory = try temporaryDirectory()
        try RawFile.write(Array("count\nfinished\n".utf8), to: RawFile.path(directory, "q\u{E9}.spec"))
        let separate = try await bash(
            #""$0" check --spec "$(printf "$1/q\xe9.spec")" --xunit-output "$(printf "$1/r\xe9.xml")" "$2""#,
            in: directory)
        #expect(
            separate.lines == [trace, "  PASS  count     3", "  PASS  finished", "2 passed, 0 failed"], "\(separate)")
        let inline = try await bash(
            #""$0" check --spec="$(printf "$1/q\xe9.spec")" --xunit-output="$(printf "$1/i\xe9.xml")" "$2""#,
            in: directory)
        #expect(inline.lines == separate.lines, "\(inline)")
        let diff = try await bash(#""$0" diff --xunit-output="$(printf "$1/d\xe9.xml")" "$2" "$2""#, in: directory)
        #expect(diff.lines == ["traces match: 6 events, exact times"], "\(diff)")
        for report in ["r\u{E9}.xml", "i\u{E9}.xml", "d\u{E9}.xml"] {
            let xml = String(decoding: try RawFile.read(RawFile.path(directory, report)), as: UTF8.self)
            #expect(xml.hasPrefix("<?xml"), "\(report): \(xml)")
            #expect(xml.contains("<testcase name=\"\(report.hasPrefix("d") ? trace : "count")\""), "\(report): \(xml)")
        }
        #expect(
            try RawFile.names(in: directory).sorted() == ["d\u{E9}.xml", "i\u{E9}.xml", "q\u{E9}.spec", "r\u{E9}.xml"])
    }

    @Test func aMissingSpecThatIsNotUTF8IsNamedByItsShownBytes() async throws {
        let directory = try temporaryDirectory()
        let missing = try await bash(#""$0" check --spec="$(printf "$1/nope\xff.spec")" "$2""#, in: directory)
        #expect(missing.status == 2, "\(missing)")
        #expect(
            missing.stderr.hasPrefix(
                "streamtrace: error: cannot read spec file \(directory)/nope\\xFF.spec: no such file\n"),
            "\(missing)")
    }

    @Test func aStepSummaryPathThatIsNotUTF8NamesItsFile() async throws {
        let directory = try temporaryDirectory()
        let result = try await bash(
            #"GITHUB_STEP_SUMMARY="$(printf "$1/s\xe9.md")" "$0" check --format github -e count "$2""#, in: directory)
        #expect(result.status == 0, "\(result)")
        let summary = String(decoding: try RawFile.read(RawFile.path(directory, "s\u{E9}.md")), as: UTF8.self)
        #expect(summary.hasPrefix("\n### streamtrace check\n"), "\(summary)")
        #expect(try RawFile.names(in: directory) == ["s\u{E9}.md"])
    }

    @Test func aTemporaryDirectoryThatIsNotUTF8HoldsTheCopyOfStandardInput() async throws {
        let directory = try temporaryDirectory()
        let temporary = RawFile.path(directory, "t\u{E9}")
        #expect(temporary.withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o700) } == 0)
        // show reads a trace twice: standard input is copied to TMPDIR first, then removed.
        let result = try await bash(#"TMPDIR="$(printf "$1/t\xe9")" "$0" show --width 80 - < "$2""#, in: directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "stream:    search results", "\(result)")
        #expect(try RawFile.names(in: directory) == ["t\u{E9}"])
        #expect(try RawFile.names(in: temporary).isEmpty)
    }
}

/// Files named by bytes, as the C library names them: `name`'s scalars
/// below 256 are its bytes (Latin-1), so `"q\u{E9}"` is `q` and 0xE9.
enum RawFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `directory/name` as a C string of bytes.
    static func path(_ directory: String, _ name: String) -> [CChar] {
        (Array(directory.utf8) + [UInt8(ascii: "/")] + name.unicodeScalars.map { UInt8($0.value) } + [0])
            .map { CChar(bitPattern: $0) }
    }

    static func write(_ bytes: [UInt8], to path: [CChar]) throws {
        let fd = path.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        guard fd >= 0 else { throw Failure(description: "cannot create \(path)") }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, $0.count) }
    }

    static func read(_ path: [CChar]) throws -> [UInt8] {
        let fd = path.withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY) }
        guard fd >= 0 else { throw Failure(description: "no file \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = chunk.withUnsafeMutableBytes({ Foundation.read(fd, $0.baseAddress!, $0.count) }),
            count > 0
        {
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// The names in a directory (by bytes, shown as Latin-1), `.` and `..` aside.
    static func names(in directory: [CChar]) throws -> [String] {
        guard let stream = directory.withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else {
            throw Failure(description: "cannot list \(directory)")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            let name = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    static func names(in directory: String) throws -> [String] {
        try names(in: Array(directory.utf8CString))
    }
}
#endif
