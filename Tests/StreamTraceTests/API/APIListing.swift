#if os(Linux)
import Foundation
import Testing

/// `docs/api/MODULE.txt`: a library product's public API, one declaration a
/// line, sorted, so that every change to the public surface shows in review.
///
/// A line is `PATH: DECLARATION`, then the `where` clause of the extension
/// that declares it (less what its type declares), then its availability
/// where it has one; a conformance is `TYPE conforms to PROTOCOL`. Symbols
/// the compiler synthesizes (`!=` of an `Equatable` type, a protocol's
/// default implementations) are left out: the conformance says they are
/// there. A symbol without a doc comment ends in `// undocumented`. The
/// header gives the count by the method of issue 20.
struct APIListing {
    var module: String
    var lines: [String]
    var count: Int

    init(module: String, graph: SymbolGraph) {
        self.module = module
        let listed = graph.symbols.filter { !$0.isSynthesized && !$0.isExtensionBlock }
        count = Self.counted(graph).count
        var lines = listed.map(Self.line)
        lines += graph.conformances.filter { !Self.implied.contains($0.protocolName) }.map { conformance in
            let constraints = conformance.constraints.filter { !Self.implied.contains(where: $0.hasSuffix) }
            return "\(conformance.type.joined(separator: ".")) conforms to \(conformance.protocolName)"
                + (constraints.isEmpty ? "" : " where " + constraints.joined(separator: ", "))
        }
        self.lines = Array(Set(lines)).sorted()
    }

    /// Conformances every type has unless it opts out, which the graph lists
    /// too: left out, as are `T : Copyable` constraints.
    static let implied: Set<String> = [
        "Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype", "Swift.BitwiseCopyable", "Copyable", "Escapable",
    ]

    /// The symbols issue 20 counts: public and open, neither synthesized by
    /// the compiler nor enum cases (nor extension blocks, which
    /// `--emit-extension-block-symbols` would add).
    static func counted(_ graph: SymbolGraph) -> [SymbolGraph.Symbol] {
        graph.symbols.filter {
            ($0.accessLevel == "public" || $0.accessLevel == "open") && !$0.isSynthesized && !$0.isEnumCase
                && !$0.isExtensionBlock
        }
    }

    static func line(_ symbol: SymbolGraph.Symbol) -> String {
        var line = symbol.path.joined(separator: ".") + ": "
        if symbol.accessLevel == "open" { line += "open " }
        line += symbol.declaration.replacingOccurrences(of: "\n", with: " ")
        if !symbol.extensionConstraints.isEmpty {
            line += " (in extension where " + symbol.extensionConstraints.joined(separator: ", ") + ")"
        }
        if !symbol.availability.isEmpty { line += " @available(" + symbol.availability.joined(separator: ", ") + ")" }
        if !symbol.isDocumented { line += "  // undocumented" }
        return line
    }

    /// The file's text.
    var text: String {
        """
        # \(module): the public API, one declaration a line (Tests/StreamTraceTests/API/APIListing.swift).
        # Generated from the symbol graph of the Linux build with the OpenCombine trait: `make api`.
        # \(count) symbols by issue 20's count: public and open, without compiler-synthesized symbols and enum cases.

        """ + lines.joined(separator: "\n") + "\n"
    }
}

/// Runs `swift-symbolgraph-extract` on this test build's modules.
enum SymbolGraphExtraction {
    /// The library products' modules.
    static let products = ["StreamTrace", "StreamTraceTesting", "StreamTraceXCTest"]

    /// The graphs of `modules`, at `minimumAccessLevel`, in a fresh folder.
    static func extract(_ modules: [String], minimumAccessLevel: String = "public") async throws -> URL {
        let tool = try #require(Toolchain.tool("swift-symbolgraph-extract"), "no swift-symbolgraph-extract")
        let build = Toolchain.buildDirectory
        let triple = build.deletingLastPathComponent().lastPathComponent
        let output = URL(fileURLWithPath: try temporaryDirectory())
        // The C targets' module maps (OpenCombine's helpers, with its trait), as the build passes them.
        let cModules = try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.hasSuffix(".build") }
            .map { build.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
            .filter(FileManager.default.fileExists(atPath:))
        for module in modules {
            let result = try await CommandRunner.run(
                [
                    "-module-name", module, "-target", triple, "-I", build.appendingPathComponent("Modules").path,
                    "-minimum-access-level", minimumAccessLevel, "-output-dir", output.path,
                ] + cModules.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }, executable: tool)
            try #require(result.status == 0, "swift-symbolgraph-extract \(module): \(result)")
        }
        return output
    }
}
#endif
