import StreamTrace

/// `streamtrace`: dispatches to a command and reports errors.
enum StreamTraceCommand {
    static let version = "1.0.0"

    /// Runs the command line; never throws, never crashes on bad input.
    static func run(_ arguments: [String]) -> ExitStatus {
        do {
            let status = try dispatch(arguments)
            try Console.flush()
            return status
        } catch {
            report(error)
            return ExitStatus(for: error)
        }
    }

    private static func dispatch(_ arguments: [String]) throws -> ExitStatus {
        guard let command = arguments.first else {
            Console.error(Help.overview)
            throw CLIError.usage("missing command", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "check": return try CheckCommand.run(rest)
        case "show": return try ShowCommand.run(rest)
        case "diff": return try DiffCommand.run(rest)
        case "export": return try ExportCommand.run(rest)
        case "help", "--help", "-h":
            // `help` alone, `--help` and `-h` (whatever follows): the overview, which is `help help` too.
            let topic = command == "help" ? rest.first ?? "help" : "help"
            guard let text = Help.text(for: topic) else {
                throw CLIError.usage(
                    "unknown command '\(topic)'; commands: check, show, diff, export, help", command: nil)
            }
            try Console.out(text)
            return .success
        case "--version":
            try Console.out("streamtrace \(version)")
            return .success
        default:
            let hint = command.hasPrefix("-") ? "unknown option '\(command)'" : "unknown command '\(command)'"
            throw CLIError.usage("\(hint); commands: check, show, diff, export, help", command: nil)
        }
    }

    private static func report(_ error: any Error) {
        switch error {
        case let error as CLIError:
            Console.error("streamtrace: error: \(error.message)")
            error.detail.forEach(Console.error)
            Console.error("Run 'streamtrace help\(error.command.map { " " + $0 } ?? "")' for usage.")
        case let error as TraceReadError:
            Console.error(error.description)
        default:
            Console.error("streamtrace: error: \(error)")
        }
    }
}
