/// Splits a command's arguments into options (`--name value`, `--name=value`, flags; `--` ends them) and positionals
/// (`-` alone is one: standard input). A value option keeps its last value unless repeatable (`-e QUERY -e QUERY`).
struct ArgumentScanner {
    let command: String
    /// Options that take a value, and flags, by name (with their aliases).
    let valueOptions: Set<String>
    let flags: Set<String>
    /// The value options that may be given several times, each value kept.
    var repeatable: Set<String> = []

    struct Parsed {
        var command: String
        var values: [String: String] = [:]
        /// Every value of each repeatable option, in order.
        var lists: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        func has(_ names: String...) -> Bool { !flags.isDisjoint(with: names) }

        /// With `--help` or `-h`, prints the command's help: `true`.
        func printsHelp() throws(OutputError) -> Bool {
            guard has("--help", "-h"), let text = Help.text(for: command) else { return false }
            try Console.out(text)
            return true
        }

        /// The value of an option that takes one of a few words.
        func choice(_ option: String, default value: String, of choices: [String]) throws(CLIError) -> String {
            let given = values[option] ?? value
            guard choices.contains(given) else {
                throw .usage("\(option) must be \(choices.joined(separator: ", ")); got '\(given)'", command: command)
            }
            return given
        }

        /// The value of an option that takes a whole number in `range` (up to `Int.max`: at least its lower bound); `nil`
        /// if it is not given.
        func number(_ option: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
            guard let text = values[option] else { return nil }
            guard let value = Int(text), range.contains(value) else {
                let (low, high) = (range.lowerBound, range.upperBound)
                let bounds = high == .max ? "of at least \(low)" : "from \(low) to \(high)"
                throw .usage("\(option) must be a whole number \(bounds); got '\(text)'", command: command)
            }
            return value
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
                inlineValue = CommandLineArguments.value(of: argument, afterEquals: equals)
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw .usage("option '\(name)' takes no value", command: command) }
                parsed.flags.insert(name)
            } else if valueOptions.contains(name) || repeatable.contains(name) {
                var value = inlineValue
                if value == nil {
                    guard index < arguments.count else {
                        throw .usage("option '\(name)' needs a value", command: command)
                    }
                    value = arguments[index]
                    index += 1
                }
                if repeatable.contains(name) {
                    parsed.lists[name, default: []].append(value!)
                } else {
                    parsed.values[name] = value
                }
            } else {
                throw .usage("unknown option '\(name)'", command: command)
            }
        }
        return parsed
    }
}
