extension MarbleDiagram {
    /// The value of each event (`nil` for an end): an element's from
    /// `values`, else, where `Element` is `String`, its own character.
    ///
    /// - Throws: ``MarbleSyntaxError`` at the first element without a value.
    package func values<Element>(_ values: [Character: Element], text: String) throws(MarbleSyntaxError) -> [Element?] {
        var resolved: [Element?] = []
        for event in events {
            guard case .element(let name) = event.symbol else {
                resolved.append(nil)
                continue
            }
            guard let value = values[name] ?? (String(name) as? Element) else {
                let names = values.keys.map(String.init).sorted().joined(separator: ", ")
                throw MarbleSyntaxError(
                    diagram: text, column: event.column,
                    message: "'\(name)' has no value (values has \(names.isEmpty ? "none" : names))")
            }
            resolved.append(value)
        }
        return resolved
    }
}
