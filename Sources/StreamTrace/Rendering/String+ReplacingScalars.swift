extension String {
    /// The text with each scalar for which `replacement` gives text replaced by it: how a JUnit report, a GitHub
    /// workflow command and a failure message each escape what they must.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var replaced = ""
        replaced.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = replacement(scalar) {
                replaced += text
            } else {
                replaced.unicodeScalars.append(scalar)
            }
        }
        return replaced
    }
}
