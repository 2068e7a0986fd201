import Foundation
import Testing

/// The README's "Use StreamTrace in your package" manifest is the one
/// Examples/AppPackage builds with (`make test-app-package`), but for how it
/// names StreamTrace: by URL in the README, by path in the example.
@Suite struct AppPackageManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n")
    }

    /// The README block right below the marker that names the example's manifest.
    static func readmeManifest() throws -> [String] {
        let readme = try lines("README.md")
        let marker = try #require(readme.firstIndex { $0.contains("Examples/AppPackage/Package.swift") })
        #expect(readme[marker + 1] == "```swift")
        let end = try #require(readme[(marker + 2)...].firstIndex(of: "```"))
        return Array(readme[(marker + 2)..<end])
    }

    /// Examples/AppPackage/Package.swift from `dependencies:` to the line
    /// before `swiftLanguageModes`, one level less indented.
    static func exampleManifest() throws -> [String] {
        let manifest = try lines("Examples/AppPackage/Package.swift")
        let start = try #require(manifest.firstIndex(of: "    dependencies: ["))
        let end = try #require(manifest.firstIndex { $0.hasPrefix("    swiftLanguageModes") })
        return manifest[start..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
    }

    @Test func theReadmeShowsTheManifestTheExamplePackageBuildsWith() throws {
        let readme = try Self.readmeManifest()
        let example = try Self.exampleManifest()
        try #require(readme.count == example.count)
        let differing = readme.indices.filter { readme[$0] != example[$0] }
        #expect(
            differing.map { readme[$0] } == [
                #"    .package(url: "https://github.com/your-org/StreamTrace.git", from: "1.0.0", traits: ["OpenCombine"]),"#
            ])
        #expect(
            differing.map { example[$0] } == [
                #"    .package(name: "StreamTrace", path: "../..", traits: ["OpenCombine"]),"#
            ])
    }
}
