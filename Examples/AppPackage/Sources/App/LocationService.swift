/// A callback API, as many SDKs still have: updates and an end, delivered
/// on whatever thread the service likes.
public final class LocationService: @unchecked Sendable {
    public struct Fix: Codable, Equatable, Sendable {
        public var latitude: Double
        public var longitude: Double
        public init(latitude: Double, longitude: Double) { (self.latitude, self.longitude) = (latitude, longitude) }
    }

    public struct Denied: Error, Equatable, CustomStringConvertible {
        public init() {}
        public var description: String { "location access denied" }
    }

    public var onUpdate: (@Sendable (Fix) -> Void)?
    public var onEnd: (@Sendable (Result<Void, Denied>) -> Void)?

    public init() {}

    /// Reports `fixes`, then ends — or fails when access is `denied`.
    public func start(reporting fixes: [Fix], denied: Bool = false) {
        for fix in fixes { onUpdate?(fix) }
        onEnd?(denied ? .failure(Denied()) : .success(()))
    }
}
