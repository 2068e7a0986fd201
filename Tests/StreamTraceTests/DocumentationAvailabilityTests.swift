// The availability the documentation lists is the availability the code
// declares.
//
// Package.swift declares macOS 13, iOS 16, tvOS 16 and watchOS 9. A public
// API that needs more carries `@available(macOS 15.0, iOS 18.0, …, *)`, and
// the module's catalog (Sources/MODULE/MODULE.docc) lists it in an article,
// under a heading that names the same versions:
//
//     ## macOS 15, iOS 18, tvOS 18, watchOS 11
//
//     - ``_Concurrency/AsyncSequence/record(name:sink:)``
//     - ``TracedAsyncSequence``
//
// This suite reads every public declaration under Sources/MODULE with an
// `@available` above the package's platforms and fails, at the declaration, for one the catalog does
// not list under its versions, and, at the article's line, for a listed
// symbol that no longer has them. (A type's members share its availability:
// the type is listed, not each member. The links themselves are checked by
// `make docs`, which builds with warnings as errors.)
//
// The catalogs' Info.plist give every symbol without an `@available` the
// package's versions (symbol graphs built on Linux carry no Apple
// deployment target); they are checked against Package.swift too.
import Foundation
import Testing

@Suite(.cpuBound) struct DocumentationAvailabilityTests {
    static let modules = ["StreamTrace", "StreamTraceTesting", "StreamTraceXCTest"]

    static func read(_ path: String) throws -> String { try DocumentationExamplesTests.read(path) }

    /// The catalog's Markdown files, relative to the root.
    static func articles(of module: String) -> [String] {
        let folder = "Sources/\(module)/\(module).docc"
        let enumerator = FileManager.default.enumerator(
            atPath: DocumentationExamplesTests.root.appendingPathComponent(folder).path)
        let files = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
        return files.map { folder + "/" + $0 }.sorted()
    }

    static func record(_ problem: String, file: String, line: Int) {
        Issue.record(
            Comment(rawValue: problem),
            sourceLocation: SourceLocation(
                fileID: "StreamTrace/\(file)",
                filePath: DocumentationExamplesTests.root.appendingPathComponent(file).path,
                line: line, column: 1))
    }

    @Test(arguments: modules)
    func everyAPIThatNeedsNewerPlatformsIsListedWithItsVersions(module: String) throws {
        let declared = try DocumentationExamplesTests.swiftFiles(under: "Sources/\(module)").flatMap {
            AvailabilityScanner.declarations(in: try Self.read($0), file: $0)
        }
        let listed = try Self.articles(of: module).flatMap {
            AvailabilityListing.entries(in: try Self.read($0), file: $0)
        }
        for problem in declared.compactMap(\.problem) {
            Self.record(problem.message, file: problem.file, line: problem.line)
        }
        let floor = try Self.packagePlatforms()
        for declaration in declared
        where declaration.problem == nil && AvailabilityScanner.exceeds(declaration.platforms, floor) {
            let match = listed.first { $0.names(declaration.path) }
            if let match, match.platforms == declaration.platforms { continue }
            let heading = "## " + declaration.platforms
            let problem =
                match.map { "listed under \"\($0.heading)\" (\($0.file):\($0.line)), but declared for \"\(heading)\"" }
                ?? "not listed in Sources/\(module)/\(module).docc: add ``\(declaration.path)`` to the list under \"\(heading)\""
            Self.record(
                "\(declaration.path) is public and needs \(declaration.platforms); it is \(problem)",
                file: declaration.file, line: declaration.line)
        }
        for entry in listed where !declared.contains(where: { entry.names($0.path) && entry.platforms == $0.platforms })
        {
            Self.record(
                "\(entry.link) is listed under \"\(entry.heading)\", but no public declaration of \(module) with "
                    + "@available(\(entry.platforms), *) has that name: remove it, or correct the heading",
                file: entry.file, line: entry.line)
        }
    }

    @Test func theAvailabilityArticleListsTheAsyncSequenceAPI() throws {
        let entries = AvailabilityListing.entries(
            in: try Self.read("Sources/StreamTrace/StreamTrace.docc/Availability.md"), file: "Availability.md")
        #expect(entries.contains { $0.names("AsyncSequence/record(name:clock:sink:)") })
        #expect(entries.contains { $0.names("TracedAsyncSequence") })
    }

    /// Package.swift's `platforms`, as `name → "major.minor"`.
    static func packagePlatforms() throws -> [String: String] {
        let manifest = try read("Package.swift")
        let line = try #require(manifest.components(separatedBy: "\n").first { $0.contains("platforms:") })
        var platforms: [String: String] = [:]
        for name in ["macOS", "iOS", "tvOS", "watchOS", "visionOS"] {
            guard let range = line.range(of: ".\(name)(.v") else { continue }
            let version = line[range.upperBound...].prefix { $0.isNumber || $0 == "_" }.split(separator: "_")
            platforms[name] = version.count == 1 ? "\(version[0]).0" : version.joined(separator: ".")
        }
        return platforms
    }

    @Test(arguments: modules)
    func theCatalogsDefaultAvailabilityIsThePackagesPlatforms(module: String) throws {
        let platforms = try Self.packagePlatforms()
        #expect(platforms["macOS"] != nil && platforms["iOS"] != nil)
        let path = "Sources/\(module)/\(module).docc/Info.plist"
        let data = try Data(contentsOf: DocumentationExamplesTests.root.appendingPathComponent(path))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let defaults = try #require(plist["CDAppleDefaultAvailability"] as? [String: [[String: Any]]])
        #expect(Array(defaults.keys) == [module])
        var versions: [String: String] = [:]
        var hidden: [String] = []
        for platform in defaults[module] ?? [] {
            let name = try #require(platform["name"] as? String)
            if platform["unavailable"] as? Bool == true {
                hidden.append(name)
            } else {
                versions[name] = platform["version"] as? String
            }
        }
        #expect(versions == platforms)
        #expect(hidden.sorted() == ["Mac Catalyst", "iPadOS"])
    }

    @Test func theAvailabilityArticleNamesThePackagesPlatforms() throws {
        let article = try Self.read("Sources/StreamTrace/StreamTrace.docc/Availability.md")
        for (name, version) in try Self.packagePlatforms() {
            #expect(article.contains("\(name) \(version.hasSuffix(".0") ? String(version.dropLast(2)) : version)"))
        }
    }
}
