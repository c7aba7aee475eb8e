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
        if let passed { w.key("passed"); w.raw(passed ? "true" : "false") }
        w.key("playouts"); w.ints(playouts)
        if let reason { w.key("reason"); w.string(reason) }
        w.key("result"); w.string(result.text)
        if let score = puzzleScore { w.key("score"); w.int(score) }
        w.key("seed"); w.unsigned(seed)
        w.key("sides"); w.strings(sides)
        if let start { w.key("start"); w.string(start) }
        if let stderr { w.key("stderr"); w.strings(stderr) }
        if format >= 3 { w.key("termination"); w.string(termination.rawValue) }
        w.key("times"); w.doubles(times)
        w.close()
        return w.text
    }
}

/// Writes one JSON object as `JSONEncoder` does with sorted keys (the caller gives the
/// keys in order) and without escaped slashes, into a byte buffer.
struct JSONLineWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    init() { bytes.reserveCapacity(2048) }

    /// The object so far, as text (the caller closes it with ``close()``).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func close() { bytes.append(UInt8(ascii: "}")) }

    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func key(_ k: StaticString) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func int(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(n.magnitude)
    }

    mutating func unsigned(_ n: UInt64) { unsigned(UInt(n)) }

    mutating func unsigned(_ n: UInt) {
        // Most numbers here have a digit or two (node counts, indices); a seed has
        // twenty. The digits from the right into a small buffer, by constant divisions
        // (a multiply each), then copied at once.
        if n < 10 { bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n)); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = digits.count, v = n
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    /// A double as the encoder writes it: its shortest round-trip form, without a
    /// trailing `.0` for whole numbers.
    mutating func double(_ x: Double) {
        // Move times are whole microseconds (``Match`` rounds them so): such a value is
        // written from its count of microseconds, the text `description` gives (a
        // decimal with at most 15 digits is the only one of its length that reads back
        // as the double nearest to it), without formatting a double a move.
        if x.sign == .plus, x < 1e9, case let micros = (x * 1e6).rounded(), micros / 1e6 == x {
            microseconds(UInt(micros))
            return
        }
        let d = x.description.utf8
        if d.count > 2, d.suffix(2).elementsEqual(".0".utf8) { bytes.append(contentsOf: d.dropLast(2)) } else { bytes.append(contentsOf: d) }
    }

    /// `n` millionths as `description` writes them, less a trailing `.0`: `0`, `2`,
    /// `0.000123`, `1.5`; under 10^-4 in its exponent form, `1e-06`, `1.2e-05`.
    private mutating func microseconds(_ n: UInt) {
        if n == 0 { bytes.append(UInt8(ascii: "0")); return }
        if n < 100 {
            // 1e-06 ... 9.9e-05: the digits of n, a point after the first of two.
            if n < 10 { unsigned(n) } else if n % 10 == 0 { unsigned(n / 10) } else {
                unsigned(n / 10); bytes.append(UInt8(ascii: ".")); unsigned(n % 10)
            }
            bytes.append(contentsOf: n < 10 ? "e-06".utf8 : "e-05".utf8)
            return
        }
        unsigned(n / 1_000_000)
        var fraction = n % 1_000_000, digits = 6
        guard fraction != 0 else { return }
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        bytes.append(UInt8(ascii: "."))
        var scale: UInt = 1
        for _ in 1..<digits { scale *= 10 }
        while scale > fraction { bytes.append(UInt8(ascii: "0")); scale /= 10 }
        unsigned(fraction)
    }

    mutating func string(_ s: String) { JSON.appendQuoted(s, to: &bytes) }

    mutating func strings(_ a: [String]) { list(a) { $0.string($1) } }
    mutating func ints(_ a: [Int]) { list(a) { $0.int($1) } }
    mutating func doubles(_ a: [Double]) { list(a) { $0.double($1) } }

    private mutating func list<T>(_ a: [T], _ item: (inout JSONLineWriter, T) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (i, x) in a.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            item(&self, x)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
