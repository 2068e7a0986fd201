extension String {
    /// The text with each scalar for which `replacement` gives text
    /// replaced by it, the others kept: how a JUnit report, a GitHub
    /// workflow command and a failure message each escape what they must.
    ///
    /// ```swift
    /// let escaped = "50%\n".replacingScalars { $0 == "%" ? "%25" : $0 == "\n" ? "%0A" : nil }  // "50%25%0A"
    /// ```
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
