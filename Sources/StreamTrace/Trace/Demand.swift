/// How many more elements a subscriber asked for.
public enum Demand: Sendable, Hashable, CustomStringConvertible {
    /// As many as the stream will produce.
    case unlimited
    /// At most this many more (at least 1).
    case max(Int)

    public var description: String {
        switch self {
        case .unlimited: "unlimited"
        case .max(let n): String(n)
        }
    }
}
