import Foundation

/// Numbers as the tables print them.
package enum Format {
    /// `x` with `places` decimals.
    package static func fixed(_ x: Double, _ places: Int) -> String { String(format: "%.\(places)f", x) }

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
