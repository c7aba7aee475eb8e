/// The one number syntax of every option, spec parameter and rule option
/// (docs/formats.md, "Numbers"): plain decimal, nothing else.
///
/// - a whole number is an optional `-` and decimal digits: `300`, `-5`, `0`
///   (no `+`, no `0x`, no blanks, no `_`);
/// - an unsigned number (a seed) is decimal digits only;
/// - a real number is an optional `-`, digits with an optional fraction, and an
///   optional exponent: `0.5`, `.5`, `2.`, `1e-3`, `-4E2`; never `inf`, `nan` or hex,
///   and never one too large to be finite.
///
/// One syntax everywhere, so a number accepted by one option is accepted by every
/// other and a typo is never read as something else.
public enum NumberText {
    /// The whole number `text` spells, or `nil` when it is not one or does not fit.
    @inlinable
    public static func wholeNumber(_ text: some StringProtocol) -> Int? {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        guard isDigits(body) else { return nil }
        return Int(text)
    }

    /// The unsigned 64-bit number `text` spells (decimal digits only), or `nil`.
    @inlinable
    public static func unsigned(_ text: some StringProtocol) -> UInt64? {
        guard isDigits(Substring(text)) else { return nil }
        return UInt64(text)
    }

    /// The finite real number `text` spells, or `nil` when it is not one.
    @inlinable
    public static func real(_ text: some StringProtocol) -> Double? {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        var mantissa = rest, exponent: Substring? = nil
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = rest[..<e]
            var x = rest[rest.index(after: e)...]
            if x.first == "-" || x.first == "+" { x = x.dropFirst() }
            exponent = x
        }
        if let x = exponent, !isDigits(x) { return nil }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
              parts.allSatisfy({ $0.isEmpty || isDigits($0) }) else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Whether `text` is one or more ASCII decimal digits.
    @inlinable
    static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
