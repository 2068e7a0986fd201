#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Code that must not compile, compiled against the built library: the
/// compiler's own error is the behaviour under test.
@Suite struct CompileCheckTests {
    /// Type-checks `source` against the package's built modules; the
    /// compiler's exit status and diagnostics.
    func typecheck(_ source: String) async throws -> (status: Int32, diagnostics: String) {
        let file = temporaryPath("compile-check-\(UUID().uuidString).swift")
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let products = CommandRunner.binary.deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules").path
        let result = try await CommandRunner.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules] + cModuleMaps(in: products) + [file],
            executable: "/usr/bin/env")
        return (result.status, result.stdout + result.stderr)
    }

    /// The module maps of the build's C targets (OpenCombine's helpers when
    /// built with its trait), which a Swift module importing them needs.
    func cModuleMaps(in products: URL) -> [String] {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
        return targets.sorted().flatMap { target -> [String] in
            let map = products.appendingPathComponent(target).appendingPathComponent("module.modulemap").path
            guard target.hasSuffix(".build"), FileManager.default.fileExists(atPath: map) else { return [] }
            return ["-Xcc", "-fmodule-map-file=\(map)"]
        }
    }

    @Test func theLibraryOnlySuspendsABlockingWaitIsXCTestsGlue() async throws {
        let (status, diagnostics) = try await typecheck(
            """
            import StreamTrace
            func waitsInSynchronousCode(_ recorder: Recorder<Int, Never>) throws {
                _ = try recorder.next().wait(timeout: .seconds(1))
            }
            """)
        #expect(status != 0)
        #expect(diagnostics.contains("'wait' is inaccessible due to 'package' protection level"), "\(diagnostics)")
    }

    @Test func xctestsBlockingWaitInAnAsyncTestIsAnErrorThatNamesFulfillment() async throws {
        let (status, diagnostics) = try await typecheck(
            """
            import StreamTrace
            import StreamTraceXCTest
            import XCTest
            final class AsyncTests: XCTestCase {
                func testWaits() async throws {
                    let recorder = Recorder<Int, Never>()
                    try wait(for: recorder.finished, timeout: .seconds(1))
                }
            }
            """)
        #expect(status != 0)
        #expect(
            diagnostics.contains("wait(for:timeout:) blocks its thread; in async tests use fulfillment(of:timeout:)"),
            "\(diagnostics)")
    }

    @Test func theSameWaitsInASynchronousTestAndInAsyncCodeCompile() async throws {
        let (status, diagnostics) = try await typecheck(
            """
            import StreamTrace
            import StreamTraceXCTest
            import XCTest
            final class SynchronousTests: XCTestCase {
                func testWaits() throws {
                    let recorder = Recorder<Int, Never>()
                    recorder.receive(1)
                    XCTAssertEqual(try wait(for: recorder.next(), timeout: .seconds(1)), 1)
                }
            }
            func awaitsInAsyncCode(_ recorder: Recorder<Int, Never>) async throws {
                _ = try await recorder.next().value(timeout: .seconds(1))
            }
            """)
        #expect(status == 0, "\(diagnostics)")
    }
}
#endif
