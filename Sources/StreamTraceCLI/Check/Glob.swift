/// A spec section's pattern: `*` any characters but `/`, `**` any characters, `?` one character, anything else itself.
/// A trace belongs to a section when the pattern matches its path (as given or found) or its file name:
/// `[search-*.jsonl]` matches `traces/search-1.jsonl`, `[traces/*/login.jsonl]` matches `traces/ios/login.jsonl`.
struct Glob: Equatable, Sendable {
    let pattern: String
    private let tokens: [Token]

    private enum Token: Equatable, Sendable {
        case scalar(Unicode.Scalar)
        case any
        /// `*`: not across a `/`.
        case star
        case globstar
    }

    init(_ pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        for scalar in pattern.unicodeScalars {
            switch scalar {
            // Two stars or more are one globstar.
            case "*" where tokens.last == .star || tokens.last == .globstar: tokens[tokens.count - 1] = .globstar
            case "*": tokens.append(.star)
            case "?": tokens.append(.any)
            default: tokens.append(.scalar(scalar))
            }
        }
        self.tokens = tokens
    }

    /// Whether the pattern matches `path`, or the last component of `path`.
    func matches(path: String) -> Bool {
        let scalars = Array(path.unicodeScalars)
        if matches(scalars[...]) { return true }
        guard let slash = scalars.lastIndex(of: "/") else { return false }
        return matches(scalars[(slash + 1)...])
    }

    /// Whether the whole of `text` matches: dynamic programming over the tokens, one row of text positions at a time.
    private func matches(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        let text = Array(text)
        // reachable[j]: the tokens so far can match text[..<j].
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case .scalar(let scalar):
                for j in 0..<text.count where reachable[j] && text[j] == scalar { next[j + 1] = true }
            case .any:
                for j in 0..<text.count where reachable[j] { next[j + 1] = true }
            case .star, .globstar:
                // Any run of characters (no `/` for a single star) after a reachable position.
                var open = false
                for j in 0...text.count {
                    if reachable[j] { open = true }
                    next[j] = open
                    if j < text.count, token == .star, text[j] == "/" { open = false }
                }
            }
            reachable = next
        }
        return reachable[text.count]
    }
}
