import Foundation
import Testing

/// What a user who depends on a version finds: the license, and a changelog
/// whose newest entry is the version the README tells them to depend on.
@Suite struct ReleaseFilesTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: AppPackageManifestTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theLicenseIsApache2() throws {
        let license = try Self.read("LICENSE")
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("END OF TERMS AND CONDITIONS"))
    }

    @Test func theChangelogsFirstEntryIsTheVersionTheReadmeDependsOn() throws {
        let readme = try Self.read("README.md")
        let dependency = try #require(readme.firstMatch(of: /\.package\(url: "[^"]+", from: "([0-9.]+)"/))
        let changelog = try Self.read("CHANGELOG.md").components(separatedBy: "\n")
        let first = try #require(changelog.first { $0.hasPrefix("## ") })
        #expect(first.dropFirst(3).split(separator: " ").first.map(String.init) == String(dependency.1))
    }
}
