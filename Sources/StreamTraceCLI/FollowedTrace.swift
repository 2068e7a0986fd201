import StreamTrace

/// `show --follow TRACE`.
enum FollowedTrace {
    static func show(_ path: String, width: Int) throws -> ExitStatus {
        throw CLIError.usage("--follow is not available yet", command: "show")
    }
}
