import Foundation

/// Writing results: text to stdout, JSON objects with sorted keys, errors to stderr.
enum Output {
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // An Elo of a 100% score is infinite; JSON has no infinity, so it becomes a string.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else {
            return "{}"
        }
        return text
    }

    /// Writes `bench: message` as one line: newlines in echoed user input are escaped.
    static func error(_ message: String) {
        let oneLine = message.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        FileHandle.standardError.write(Data(("bench: " + oneLine + "\n").utf8))
    }

    /// Seconds since an arbitrary start, monotonic.
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// A count with thousands separators: 1,702,512.
    static func grouped(_ n: UInt64) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return out
    }

    static func fixed(_ x: Double, _ places: Int) -> String { String(format: "%.\(places)f", x) }
}
