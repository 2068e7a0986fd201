// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `make install` puts a streamtrace that needs no Swift toolchain:
/// `make test-install` installs it and runs this with its path.
@Suite struct InstalledBinaryTests {
    static let installed = ProcessInfo.processInfo.environment["STREAMTRACE_INSTALLED"]

    @Test(.enabled(if: installed != nil, "make test-install runs it, with the installed binary"))
    func theInstalledBinaryChecksASampleWithNothingOfSwiftOnTheLibraryPath() async throws {
        let binary = try #require(Self.installed)
        // env -i: no LD_LIBRARY_PATH, no PATH, nothing of the toolchain.
        let result = try await CommandRunner.run(
            ["-i", binary, "check", "--spec", CommandRunner.sample("ci.spec"), CommandRunner.root.path + "/samples"],
            executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.last == "8 passed, 0 failed, 9 unchecked", "\(result)")
        let needed = try await CommandRunner.run(["-d", binary], executable: "/usr/bin/readelf")
        let libraries = needed.lines.filter { $0.contains("(NEEDED)") }
        #expect(!libraries.isEmpty, "\(needed)")
        for library in libraries {
            for swift in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "ICU"] {
                #expect(!library.contains(swift), "\(library)")
            }
        }
        let size = try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int ?? 0
        #expect(size < 20_000_000, "the installed binary weighs \(size) bytes")
    }

    @Test(.enabled(if: installed != nil, "make test-install runs it, with the installed binary"))
    func theInstalledBinaryWritesThePageCompiledIntoIt() async throws {
        let binary = try #require(Self.installed)
        let result = try await CommandRunner.run(
            ["-i", binary, "show", "--format", "html", CommandRunner.sample("search.jsonl")],
            executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result.stderr)")
        // The page is timeline.html around the data, with nothing beside the binary.
        _ = try ShowPageCommandTests.dataBlock(of: result.stdout)
    }
}
#endif
