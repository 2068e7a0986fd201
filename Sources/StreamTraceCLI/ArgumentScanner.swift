/// Splits a command's arguments into options and positionals.
///
/// Options are `--name value`, `--name=value` or flags; `--` ends options;
/// `-` alone is a positional (standard input).
struct ArgumentScanner {
    let command: String
    /// Options that take a value, and flags, by name (with their aliases).
    let valueOptions: Set<String>
    let flags: Set<String>

    struct Parsed {
        var command: String
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        /// Whether any of these flags was given.
        func has(_ names: String...) -> Bool { !flags.isDisjoint(with: names) }

        /// The value of an option that takes one of a few words.
        func choice(_ option: String, default value: String, of choices: [String]) throws(CLIError) -> String {
            let given = values[option] ?? value
            guard choices.contains(given) else {
                throw .usage("\(option) must be \(choices.joined(separator: ", ")); got '\(given)'", command: command)
            }
            return given
        }
    }

    func scan(_ arguments: [String]) throws(CLIError) -> Parsed {
        var parsed = Parsed(command: command)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw .usage("option '\(name)' takes no value", command: command) }
                parsed.flags.insert(name)
            } else if valueOptions.contains(name) {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage("option '\(name)' needs a value", command: command)
                    }
                    parsed.values[name] = arguments[index]
                    index += 1
                }
            } else {
                throw .usage("unknown option '\(name)'", command: command)
            }
        }
        return parsed
    }
}
