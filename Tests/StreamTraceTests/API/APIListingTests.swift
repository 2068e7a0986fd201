// Reads the symbol graph of this build's modules: Linux only (the listing is
// of the Linux build; the macOS CI job builds the same declarations).
#if os(Linux)
import Foundation
import Testing

/// The checked-in listing of the public API (`docs/api/`) is the build's,
/// and the public surface is documented and on purpose.
///
/// The listing is of the build with Combine's API (on Linux, the
/// `OpenCombine` trait): `make test` checks it in its second pass (`swift
/// test --traits OpenCombine`), and `make api` rewrites it from that build
/// (`STREAMTRACE_RECORD_API=1`, as `STREAMTRACE_RECORD=1` rewrites golden
/// traces).
@Suite(.cpuBound) struct APIListingTests {
    static let record = ProcessInfo.processInfo.environment["STREAMTRACE_RECORD_API"] == "1"

    #if canImport(Combine) || OpenCombine
    static let hasCombine = true
    #else
    static let hasCombine = false
    #endif

    static func listingPath(_ module: String) -> URL {
        AppPackageManifestTests.root.appendingPathComponent("docs/api/\(module).txt")
    }

    static func listings() async throws -> [APIListing] {
        let folder = try await SymbolGraphExtraction.extract(SymbolGraphExtraction.products)
        return try SymbolGraphExtraction.products.map {
            APIListing(module: $0, graph: try SymbolGraph(module: $0, folder: folder))
        }
    }

    @Test(
        .enabled(
            if: hasCombine, "the listing is of the build with Combine's API: make test's --traits OpenCombine pass"))
    func theListingOfEachLibraryProductIsThePublicAPIOfTheBuild() async throws {
        for listing in try await Self.listings() {
            let path = Self.listingPath(listing.module)
            if Self.record {
                try FileManager.default.createDirectory(
                    at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try listing.text.write(to: path, atomically: true, encoding: .utf8)
                print("StreamTrace: wrote \(path.path) (\(listing.count) symbols)")
                continue
            }
            let checkedIn = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
            let old = Set(checkedIn.components(separatedBy: "\n")).subtracting([""])
            let new = Set(listing.text.components(separatedBy: "\n")).subtracting([""])
            let report =
                new.subtracting(old).sorted().map { "+ " + $0 } + old.subtracting(new).sorted().map { "- " + $0 }
            #expect(
                checkedIn == listing.text,
                Comment(
                    rawValue:
                        "docs/api/\(listing.module).txt is not the build's public API; review, then run `make api`:\n"
                        + report.joined(separator: "\n")))
        }
    }

    /// Every public symbol has a doc comment: its own, or the one of the
    /// protocol requirement it implements (which DocC shows). Enum cases too.
    @Test func everyPublicSymbolHasADocComment() async throws {
        let folder = try await SymbolGraphExtraction.extract(SymbolGraphExtraction.products)
        for module in SymbolGraphExtraction.products {
            let graph = try SymbolGraph(module: module, folder: folder)
            let listed = graph.symbols.filter { !$0.isSynthesized && !$0.isExtensionBlock }
            for symbol in listed where !symbol.isDocumented {
                Issue.record(
                    "\(symbol.location ?? module): public \(symbol.path.joined(separator: ".")) has no doc comment")
            }
        }
    }

    /// The public surface stays within 355 symbols, counted as issue 20
    /// counts them (and scripts/count-public-symbols does): public and open
    /// symbols of the three library products and their extension graphs,
    /// without compiler-synthesized symbols and enum cases. Issue 20 cut the
    /// 1.0 surface to 300; issue 35's groups (StreamGroup, GroupEvent, the
    /// group expectations and their glue) raised the cap by what they add;
    /// issue 36 by 23: its inputs by 3 (`TestStream(validating:…)` and the
    /// `String` streams on a clock and on a scheduler), its recorders acting
    /// at frames (4 `AsyncSequence.record` and 2 `Publisher.record`
    /// overloads with `subscription:`/`demand:`) and the clock-running
    /// marble helpers (`expectMarbles`/`assertMarbles` with `advancing:`)
    /// by 8, its 9 marble failure reasons and its 3 marble expectations
    /// with a comparison by 12; issue 37 by the two XCTest waits with a
    /// timeout in seconds (`wait(for:timeout:)`, `fulfillment(of:timeout:)`).
    @Test(.enabled(if: hasCombine, "the count includes Combine's API: make test's --traits OpenCombine pass"))
    func theLibraryProductsHaveAtMost355PublicSymbols() async throws {
        let counts = try await Self.listings().map(\.count)
        #expect(counts.reduce(0, +) <= 355, "public symbols by product: \(counts)")
    }

    /// Swift targets that are not products are not public API: `package` (or
    /// internal) declarations only. A C target (its `include` folder) has no
    /// `package`: what it declares is reached only through the module that
    /// imports it.
    @Test func targetsThatAreNotProductsDeclareNothingPublic() async throws {
        // Sources/ holds the products and their helpers; Tools/ and the bench runner, what is no product.
        let root = AppPackageManifestTests.root
        let folders = ["Sources", "Tools"].map { root.appendingPathComponent($0) }
        let isCTarget = { (folder: URL, target: String) in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(target + "/include").path)
        }
        let targets =
            try folders.flatMap { folder in
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                    !SymbolGraphExtraction.products.contains($0) && !$0.hasPrefix(".") && !isCTarget(folder, $0)
                }
            } + ["StreamTraceBenchmarks"]
        #expect(targets.contains("StreamTraceBrowser") && targets.contains("StreamTraceCLI"))
        let folder = try await SymbolGraphExtraction.extract(targets.sorted())
        for target in targets.sorted() {
            let graph = try SymbolGraph(module: target, folder: folder)
            let declared = graph.symbols.filter { !$0.isSynthesized && !$0.isExtensionBlock }
            #expect(
                declared.isEmpty,
                "\(target) is not a product, yet declares public: \(declared.map { $0.location ?? $0.path.joined(separator: ".") })"
            )
        }
    }
}
#endif
