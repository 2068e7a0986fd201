enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `name`'s value as a path, non-UTF-8 bytes kept (``CommandLineArguments/path(bytes:)``); `nil` if unset or empty.
    static func path(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return CommandLineArguments.path(cString: value)
    }
}
