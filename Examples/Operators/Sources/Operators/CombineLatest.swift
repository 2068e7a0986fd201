#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

extension Publisher {
    /// `transform` of the latest values of both publishers, each time
    /// either sends one once both have; finished when both have finished,
    /// failed as soon as either fails.
    public func combineLatest<Other: Publisher, Result>(
        _ other: Other, _ transform: @escaping (Output, Other.Output) -> Result
    ) -> AnyPublisher<Result, Failure> where Other.Failure == Failure {
        typealias Sides = AnyPublisher<Side<Output, Other.Output>, Failure>
        let sides: [Sides] = [map { .left($0) }.eraseToAnyPublisher(), other.map { .right($0) }.eraseToAnyPublisher()]
        // Both sides merged: flatMap ends when both have, fails when either does.
        return Publishers.Sequence<[Sides], Failure>(sequence: sides).flatMap { $0 }
            .scan((Output?.none, Other.Output?.none)) { latest, side in
                switch side {
                case .left(let value): (value, latest.1)
                case .right(let value): (latest.0, value)
                }
            }
            .compactMap { latest in latest.0.flatMap { first in latest.1.map { transform(first, $0) } } }
            .eraseToAnyPublisher()
    }
}

/// A value from one side or the other.
private enum Side<Left, Right> {
    case left(Left)
    case right(Right)
}
