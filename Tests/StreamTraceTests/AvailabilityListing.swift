import Foundation

/// The symbols an article lists under a heading that names platform
/// versions (`## macOS 15, iOS 18, tvOS 18, watchOS 11`).
struct AvailabilityListing {
    var file: String
    var line: Int
    var heading: String
    /// The heading's versions, canonical.
    var platforms: String
    /// The link as written, without its backticks.
    var link: String

    /// Whether the link names the declaration at `path`: the same path,
    /// or with the extended module in front (`_Concurrency/AsyncSequence/…`),
    /// and with or without a disambiguation (`-(TimeInterval)`).
    func names(_ path: String) -> Bool {
        var link = Substring(link)
        if let cut = link.range(of: ")-") { link = link[..<link.index(after: cut.lowerBound)] }
        return link == path || link.hasSuffix("/" + path)
    }

    static func entries(in text: String, file: String) -> [AvailabilityListing] {
        var entries: [AvailabilityListing] = []
        var heading: (text: String, platforms: String)?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                heading = AvailabilityScanner.platforms("(\(title))").flatMap { $0.isEmpty ? nil : (line, $0) }
                continue
            }
            guard let heading, line.hasPrefix("- ``") else { continue }
            let link = line.dropFirst(4).prefix { $0 != "`" }
            entries.append(
                AvailabilityListing(
                    file: file, line: index + 1, heading: heading.text, platforms: heading.platforms, link: String(link)
                ))
        }
        return entries
    }
}
