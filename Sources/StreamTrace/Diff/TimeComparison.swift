/// How a comparison of two traces treats event times.
public enum TimeComparison: Sendable, Hashable, CustomStringConvertible {
    /// Times must be equal to the nanosecond.
    case exact
    /// Times are not compared: only kinds, values, demands and errors.
    case ignored
    /// Times may differ by at most this much.
    case tolerance(Duration)

    /// A tolerance as a number and a unit (`ns`, `us`, `ms`, `s`, `m`): `5ms`, `1.5s`; `nil` if `text` is not one.
    package static func tolerance(parsing text: String) -> TimeComparison? {
        guard case .duration(let duration) = TimeFormat.parseDuration(text) else { return nil }
        return .tolerance(duration)
    }

    func agree(_ expected: Int64, _ actual: Int64) -> Bool {
        switch self {
        case .exact: return expected == actual
        case .ignored: return true
        case .tolerance(let tolerance):
            let (difference, overflow) = expected.subtractingReportingOverflow(actual)
            return !overflow && difference.magnitude <= TimeFormat.nanoseconds(tolerance).magnitude
        }
    }

    public var description: String {
        switch self {
        case .exact: "exact times"
        case .ignored: "times ignored"
        case .tolerance(let tolerance): "times within \(TimeFormat.exact(tolerance))"
        }
    }
}
