// Reads the ELF objects of this build: Linux only (Mach-O keeps its link
// options elsewhere; the macOS CI job builds the same sources).
#if os(Linux)
import Foundation
import Testing

/// What each library product links, read from the compiled objects' autolink
/// entries (the `-l` options the compiler records for every module a file
/// imports, which the linker then applies): the library links no test
/// framework, each glue module links its own framework only, and the module
/// they share neither.
@Suite struct GlueLinkageTests {
    /// The libraries every object of `target` asks the linker for.
    static func linkedLibraries(of target: String) async throws -> Set<String> {
        let folder = Toolchain.buildDirectory.appendingPathComponent("\(target).build")
        // The objects of the target's current sources (SwiftPM lists them in `sources`): an
        // incremental build leaves the object of a source file that has gone beside them.
        let sources = try String(contentsOf: folder.appendingPathComponent("sources"), encoding: .utf8)
        let objects = sources.split(whereSeparator: \.isNewline)
            .map { URL(fileURLWithPath: String($0)).lastPathComponent + ".o" }
        #expect(!objects.isEmpty, "no objects in \(folder.path)")
        let extract = try #require(Toolchain.tool("swift-autolink-extract"), "no swift-autolink-extract")
        let result = try await CommandRunner.run(
            objects.map { folder.appendingPathComponent($0).path }, executable: extract)
        #expect(result.status == 0, "\(result)")
        return Set(result.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    @Test func theLibraryLinksNoTestFramework() async throws {
        let libraries = try await Self.linkedLibraries(of: "StreamTrace")
        #expect(libraries.contains("-lswiftCore"))
        #expect(!libraries.contains("-lXCTest"))
        #expect(!libraries.contains("-lTesting"))
    }

    @Test func swiftTestingGlueLinksTestingAndNotXCTest() async throws {
        let libraries = try await Self.linkedLibraries(of: "StreamTraceTesting")
        #expect(libraries.contains("-lTesting"))
        #expect(!libraries.contains("-lXCTest"))
    }

    @Test func xctestGlueLinksXCTestAndNotTesting() async throws {
        let libraries = try await Self.linkedLibraries(of: "StreamTraceXCTest")
        #expect(libraries.contains("-lXCTest"))
        #expect(!libraries.contains("-lTesting"))
    }

    @Test func theSharedGlueLinksNeitherFramework() async throws {
        let libraries = try await Self.linkedLibraries(of: "StreamTraceTestSupport")
        #expect(libraries.contains("-lswiftCore"))
        #expect(!libraries.contains("-lXCTest"))
        #expect(!libraries.contains("-lTesting"))
    }
}
#endif
