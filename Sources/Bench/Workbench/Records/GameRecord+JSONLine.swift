/// A game record's line of `games.jsonl`, written directly: the same text as
/// ``JSON/text(_:)`` gives (sorted keys, one line, the same numbers and escapes; a test
/// compares them), about ten times faster, since a tournament of cheap agents writes
/// tens of thousands of records a second.
extension GameRecord {
    public var jsonLine: String {
        var w = JSONLineWriter()
        w.key("agents"); w.strings(agents)
        w.key("format"); w.int(format)
        w.key("index"); w.int(index)
        w.key("moves"); w.strings(moves)
        w.key("nodes"); w.ints(nodes)
        w.key("opening"); w.strings(opening)
        w.key("outcome"); w.string(outcome)
        if let pair { w.key("pair"); w.int(pair) }
        if let pairing { w.key("pairing"); w.int(pairing) }
        if let passed { w.key("passed"); w.text += passed ? "true" : "false" }
        w.key("playouts"); w.ints(playouts)
        if let reason { w.key("reason"); w.string(reason) }
        w.key("result"); w.string(result.text)
        if let score = puzzleScore { w.key("score"); w.int(score) }
        w.key("seed"); w.text += String(seed)
        w.key("sides"); w.strings(sides)
        if let start { w.key("start"); w.string(start) }
        if let stderr { w.key("stderr"); w.strings(stderr) }
        if format >= 3 { w.key("termination"); w.string(termination.rawValue) }
        w.key("times"); w.doubles(times)
        w.text += "}"
        return w.text
    }
}

/// Writes one JSON object as `JSONEncoder` does with sorted keys (the caller gives the
/// keys in order) and without escaped slashes.
struct JSONLineWriter {
    var text = "{"

    mutating func key(_ k: String) {
        if text.utf8.count > 1 { text += "," }
        text += "\"" + k + "\":"
    }

    mutating func int(_ n: Int) { text += String(n) }

    /// A double as the encoder writes it: its shortest round-trip form, without a
    /// trailing `.0` for whole numbers.
    mutating func double(_ x: Double) {
        let d = x.description
        text += d.hasSuffix(".0") ? String(d.dropLast(2)) : d
    }

    mutating func string(_ s: String) {
        text += "\""
        var plain = true
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C { plain = false; break }
        if plain {
            text += s
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case "\u{08}": text += "\\b"
                case "\u{0C}": text += "\\f"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        text += "\""
    }

    mutating func strings(_ a: [String]) { list(a) { $0.string($1) } }
    mutating func ints(_ a: [Int]) { list(a) { $0.int($1) } }
    mutating func doubles(_ a: [Double]) { list(a) { $0.double($1) } }

    private mutating func list<T>(_ a: [T], _ item: (inout JSONLineWriter, T) -> Void) {
        text += "["
        for (i, x) in a.enumerated() {
            if i > 0 { text += "," }
            item(&self, x)
        }
        text += "]"
    }
}
