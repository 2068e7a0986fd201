#if os(Linux)
import Foundation

/// The public symbols of the package's library products, as the compiler's
/// symbol graph gives them: what `swift package dump-symbol-graph
/// --minimum-access-level public` writes, extracted here from the modules of
/// this test build with the same tool (`swift-symbolgraph-extract`), which
/// takes under a second where dumping rebuilds the package.
struct SymbolGraph {
    /// One symbol, of the module or of one of its extension graphs
    /// (`StreamTrace@_Concurrency` for `AsyncSequence`, `@OpenCombine`).
    struct Symbol {
        var kind: String
        var precise: String
        var path: [String]
        var declaration: String
        var accessLevel: String
        /// Its own doc comment's first line, or the module a doc comment
        /// was inherited from (a protocol requirement's), or neither.
        var hasOwnDocComment: Bool
        var inheritedDocModule: String?
        var availability: [String]
        /// The `where` clause of the extension that declares it, without
        /// the constraints its type declares itself.
        var extensionConstraints: [String]
        /// Where it is declared: `Sources/…:LINE`.
        var location: String?

        var isSynthesized: Bool { precise.contains("::SYNTHESIZED::") }
        /// Whether DocC shows a doc comment for it: its own, or the one of
        /// the protocol requirement it implements (`Clock.now`, …).
        var isDocumented: Bool { hasOwnDocComment || inheritedDocModule != nil }
        var isEnumCase: Bool { kind == "swift.enum.case" }
        var isExtensionBlock: Bool { kind == "swift.extension" }
    }

    struct Conformance: Hashable {
        var type: [String]
        var protocolName: String
        var constraints: [String]
    }

    var symbols: [Symbol] = []
    var conformances: [Conformance] = []

    /// The graphs of `module` in `folder`: `MODULE.symbols.json` and
    /// `MODULE@*.symbols.json`.
    init(module: String, folder: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0 == "\(module).symbols.json" || ($0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json"))
        }
        for file in files.sorted() {
            try add(Data(contentsOf: folder.appendingPathComponent(file)))
        }
    }

    private mutating func add(_ data: Data) throws {
        let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let raw = graph["symbols"] as? [[String: Any]] ?? []
        let byID = Dictionary(raw.map { (($0["identifier"] as? [String: Any])?["precise"] as? String ?? "", $0) }) {
            first, _ in first
        }
        let relationships = graph["relationships"] as? [[String: Any]] ?? []
        var parents: [String: String] = [:]
        for relation in relationships where relation["kind"] as? String == "memberOf" {
            if let source = relation["source"] as? String, let target = relation["target"] as? String {
                parents[source] = target
            }
        }
        for entry in raw {
            let precise = (entry["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            let parentConstraints = parents[precise].flatMap { byID[$0] }.map(Self.genericConstraints) ?? []
            symbols.append(Self.symbol(entry, precise: precise, parentConstraints: Set(parentConstraints)))
        }
        for relation in relationships where relation["kind"] as? String == "conformsTo" {
            guard let source = relation["source"] as? String, let type = byID[source] else { continue }
            let target = relation["target"] as? String ?? ""
            let name =
                relation["targetFallback"] as? String ?? byID[target].map { Self.path(of: $0).joined(separator: ".") }
                ?? target
            let constraints = (relation["swiftConstraints"] as? [[String: Any]] ?? []).map(Self.constraint)
            conformances.append(Conformance(type: Self.path(of: type), protocolName: name, constraints: constraints))
        }
    }

    private static func symbol(_ entry: [String: Any], precise: String, parentConstraints: Set<String>) -> Symbol {
        let fragments = entry["declarationFragments"] as? [[String: Any]] ?? []
        let doc = entry["docComment"] as? [String: Any]
        let own = doc?["uri"] != nil && !((doc?["lines"] as? [[String: Any]]) ?? []).isEmpty
        let extensionInfo = entry["swiftExtension"] as? [String: Any]
        let constraints = (extensionInfo?["constraints"] as? [[String: Any]] ?? []).map(constraint).filter {
            !parentConstraints.contains($0)
        }
        let location = entry["location"] as? [String: Any]
        let uri = location?["uri"] as? String
        let line = ((location?["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 }
        return Symbol(
            kind: (entry["kind"] as? [String: Any])?["identifier"] as? String ?? "",
            precise: precise, path: path(of: entry),
            declaration: fragments.map { $0["spelling"] as? String ?? "" }.joined(),
            accessLevel: entry["accessLevel"] as? String ?? "",
            hasOwnDocComment: own, inheritedDocModule: own ? nil : doc?["module"] as? String,
            availability: availability(entry), extensionConstraints: constraints,
            location: uri.map { relative($0) + (line.map { ":\($0)" } ?? "") })
    }

    static func path(of entry: [String: Any]) -> [String] { entry["pathComponents"] as? [String] ?? [] }

    /// A symbol's or type's generic constraints, as text.
    static func genericConstraints(_ entry: [String: Any]) -> [String] {
        ((entry["swiftGenerics"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []).map(constraint)
    }

    /// `Failure : Error`, `C.Duration == Duration`.
    static func constraint(_ entry: [String: Any]) -> String {
        let relation = entry["kind"] as? String == "sameType" ? "==" : ":"
        return "\(entry["lhs"] as? String ?? "") \(relation) \(entry["rhs"] as? String ?? "")"
    }

    /// `macOS 15.0`, `iOS deprecated`, … in a fixed order of platforms.
    static func availability(_ entry: [String: Any]) -> [String] {
        let order = ["*", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "Swift"]
        let items = (entry["availability"] as? [[String: Any]] ?? []).map { item -> (String, String) in
            let domain = item["domain"] as? String ?? "*"
            var parts: [String] = []
            if let introduced = item["introduced"] as? [String: Any] { parts.append(version(introduced)) }
            if item["isUnconditionallyDeprecated"] as? Bool == true || item["deprecated"] != nil {
                parts.append("deprecated")
            }
            if item["isUnconditionallyUnavailable"] as? Bool == true || item["obsoleted"] != nil {
                parts.append("unavailable")
            }
            return (domain, ([domain] + parts).joined(separator: " "))
        }
        return items.sorted {
            (order.firstIndex(of: $0.0) ?? order.count, $0.0) < (order.firstIndex(of: $1.0) ?? order.count, $1.0)
        }
        .map(\.1)
    }

    private static func version(_ item: [String: Any]) -> String {
        ["major", "minor", "patch"].compactMap { item[$0] as? Int }.map(String.init).joined(separator: ".")
    }

    /// A `file://` URI as a path from the package's root.
    private static func relative(_ uri: String) -> String {
        let path = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        let root = AppPackageManifestTests.root.standardizedFileURL.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
#endif
