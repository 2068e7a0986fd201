/// GitHub Actions workflow commands: `::error file=F,line=L,title=T::MESSAGE`. The runner reads a command from one line
/// of output and unescapes `%25`, `%0D` and `%0A` in the message, and also `%3A` and `%2C` in a property, where `:` and
/// `,` would end it: so a value can neither break the line nor forge a property or a second command.
enum WorkflowCommand {
    /// `::error …::message` (or `warning`), with the properties that are given, escaped.
    static func line(
        _ command: String, file: String?, line: Int?, title: String?, message: String
    ) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapedProperty(file)) }
        if let line, line > 0 { properties.append("line=\(line)") }
        if let title { properties.append("title=" + escapedProperty(title)) }
        let joined = properties.isEmpty ? "" : " " + properties.joined(separator: ",")
        return "::\(command)\(joined)::\(escapedData(message))"
    }

    private static let dataEscapes: [Unicode.Scalar: String] = ["%": "%25", "\r": "%0D", "\n": "%0A"]

    /// A message: `%`, CR and LF escaped.
    static func escapedData(_ text: String) -> String {
        text.replacingScalars { dataEscapes[$0] }
    }

    /// A property's value: as a message, and `:` and `,` too.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingScalars { $0 == ":" ? "%3A" : $0 == "," ? "%2C" : nil }
    }
}
