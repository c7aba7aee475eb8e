import Foundation

/// Numbers as the tables print them.
package enum Format {
    /// `x` with `places` decimals; never "-0.0" (a value that rounds to zero prints unsigned).
    package static func fixed(_ x: Double, _ places: Int) -> String {
        let text = String(format: "%.\(places)f", x)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy { $0 == "0" || $0 == "." } ? String(text.dropFirst()) : text
    }

    /// A number as typed on a command line: `5`, `0.05`, `-2.5`.
    package static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }

    /// A count with thousands separators: 1,702,512.
    package static func grouped(_ n: UInt64) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return out
    }
}
