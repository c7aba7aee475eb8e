import Foundation

/// A game record read from its line directly, the reading half of ``GameRecord/jsonLine``:
/// `JSONDecoder` spends ~100 µs on a record (a `bench report` or a `--resume` of a
/// 10⁵-game folder: seconds), this a few.
///
/// It reads exactly what the writer writes — keys in order, once each, no spaces, no
/// `null`, only the record's keys, numbers as the writer prints them — and gives `nil`
/// for anything else, valid JSON or not; the caller then decodes the line with
/// `JSONDecoder`, which reads any JSON and names what is wrong. So a line gets the same
/// record, or the same error, either way (a test mutates lines and compares both).
extension GameRecord {
    /// The record of `line` (without its newline), or `nil` when the line is not exactly
    /// as ``jsonLine`` writes a consistent record.
    static func read(line: UnsafeRawBufferPointer) -> GameRecord? {
        var r = LineReader(b: line)
        return r.record()
    }

    /// The value of a record line's top-level `index` key, read without decoding the
    /// line (a reader that wants a few games of a large log skips the others); `nil`
    /// when the line is not as ``jsonLine`` writes that key (the caller then decodes it).
    public static func index(inLine line: Data) -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let key = indexKey
        return line.withUnsafeBytes { (b: UnsafeRawBufferPointer) -> Int? in
            var i = 0, depth = 0
            while i < b.count {
                let c = b[i]
                if c == quote {
                    if depth == 1, i + key.count <= b.count, (0..<key.count).allSatisfy({ b[i + $0] == key[$0] }) {
                        var j = i + key.count, value = 0, digits = 0
                        while j < b.count, b[j] >= UInt8(ascii: "0"), b[j] <= UInt8(ascii: "9"), digits < 18 {
                            value = value * 10 + Int(b[j] - UInt8(ascii: "0"))
                            j += 1
                            digits += 1
                        }
                        guard digits > 0, j < b.count, b[j] == UInt8(ascii: ",") || b[j] == UInt8(ascii: "}") else { return nil }
                        return value
                    }
                    // A string (key or value): passed over with its escapes.
                    i += 1
                    while i < b.count, b[i] != quote { i += b[i] == backslash ? 2 : 1 }
                } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    depth += 1
                } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                    depth -= 1
                }
                i += 1
            }
            return nil
        }
    }

    private static let indexKey = Array("\"index\":".utf8)
}

/// The cursor over one line's bytes; every method gives `nil` (or `false`) at the first
/// byte it does not expect.
private struct LineReader {
    let b: UnsafeRawBufferPointer
    var i = 0

    mutating func take(_ c: UInt8) -> Bool {
        guard i < b.count, b[i] == c else { return false }
        i += 1
        return true
    }

    mutating func take(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    /// A key: letters only (the record's keys need no escapes).
    mutating func key() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < b.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b[i]) { i += 1 }
        guard i > start, take(UInt8(ascii: "\"")), take(UInt8(ascii: ":")) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: b[start..<(i - 2)]), as: UTF8.self)
    }

    /// A string with JSON's escapes; raw control characters and invalid UTF-8 refused.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        var plain = true
        while i < b.count, b[i] != UInt8(ascii: "\"") {
            if b[i] < 0x20 { return nil }
            if b[i] == UInt8(ascii: "\\") { plain = false; i += 1 }
            i += 1
        }
        guard i < b.count else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: b[start..<i])
        i += 1
        if plain { return String(validating: body, as: UTF8.self) }
        return Self.unescaped(body)
    }

    /// The text of a string's body that holds escapes.
    static func unescaped(_ s: UnsafeRawBufferPointer) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var k = 0
        // `\uXXXX` at k: its value, k moved past it.
        func hex4() -> UInt32? {
            guard k + 5 < s.count else { return nil }
            var v: UInt32 = 0
            for j in 2...5 {
                let c = s[k + j]
                let d: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            k += 6
            return v
        }
        while k < s.count {
            let c = s[k]
            guard c == UInt8(ascii: "\\") else { out.append(c); k += 1; continue }
            guard k + 1 < s.count else { return nil }
            let e = s[k + 1]
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var v = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(v) {
                    // A surrogate pair; a lone half is left to the decoder.
                    guard k + 1 < s.count, s[k] == UInt8(ascii: "\\"), s[k + 1] == UInt8(ascii: "u"),
                          let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    v = 0x10000 + (v - 0xD800) << 10 + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(v) {
                    return nil
                }
                guard let scalar = Unicode.Scalar(v) else { return nil }
                out.append(contentsOf: String(Character(scalar)).utf8)
                continue
            default: return nil
            }
            k += 2
        }
        return String(validating: out, as: UTF8.self)
    }

    /// A whole number as the writer prints it: an optional minus, no leading zeros.
    mutating func int() -> Int? {
        let negative = take(UInt8(ascii: "-"))
        guard let m = unsigned(), m <= UInt64(Int.max) else { return nil }
        return negative ? -Int(m) : Int(m)
    }

    mutating func unsigned() -> UInt64? {
        let start = i
        var v: UInt64 = 0
        while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
            let (times10, o1) = v.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(b[i] - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            v = sum
            i += 1
        }
        guard i > start, b[start] != UInt8(ascii: "0") || i == start + 1 else { return nil }
        return v
    }

    /// A number in JSON's grammar, as the nearest double (what the decoder gives too).
    mutating func double() -> Double? {
        let start = i
        func digits() -> Bool {
            let s = i
            while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) { i += 1 }
            return i > s
        }
        _ = take(UInt8(ascii: "-"))
        let intStart = i
        guard digits(), b[intStart] != UInt8(ascii: "0") || i == intStart + 1 else { return nil }
        if take(UInt8(ascii: ".")) { guard digits() else { return nil } }
        let nonzero = b[intStart..<i].contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        // The writer's exponents are `e`, a sign and digits, after a nonzero mantissa
        // (`1.2e-05`); any other (`E`, no sign, `0.000e7`, which the decoder refuses) is
        // left to the decoder.
        if i < b.count, b[i] == UInt8(ascii: "E") { return nil }
        if take(UInt8(ascii: "e")) {
            guard nonzero, take(UInt8(ascii: "+")) || take(UInt8(ascii: "-")), digits() else { return nil }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        // Out of range (infinite, or a nonzero number that underflows, even to a
        // subnormal): left to the decoder, which refuses what it cannot represent.
        guard let x = Double(text), x.isFinite, x == 0 ? !nonzero : x.magnitude >= .leastNormalMagnitude else { return nil }
        return x
    }

    mutating func list<T>(_ item: (inout LineReader) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var out: [T] = []
        if take(UInt8(ascii: "]")) { return out }
        repeat {
            guard let x = item(&self) else { return nil }
            out.append(x)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? out : nil
    }

    mutating func record() -> GameRecord? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var f = GameRecord.Fields()
        // The keys in the order the writer sorts them, so each at most once.
        var last = ""
        repeat {
            guard let k = key(), k > last else { return nil }
            last = k
            let read: Bool
            switch k {
            case "agents": read = Self.set(list { $0.string() }, &f.agents)
            case "format": read = Self.set(int(), &f.format)
            case "index": read = Self.set(int(), &f.index)
            case "moves": read = Self.set(list { $0.string() }, &f.moves)
            case "nodes": read = Self.set(list { $0.int() }, &f.nodes)
            case "opening": read = Self.set(list { $0.string() }, &f.opening)
            case "outcome": read = Self.set(string(), &f.outcome)
            case "pair": read = Self.set(int(), &f.pair)
            case "pairing": read = Self.set(int(), &f.pairing)
            case "passed": read = Self.set(take("true") ? true : take("false") ? false : nil, &f.passed)
            case "playouts": read = Self.set(list { $0.int() }, &f.playouts)
            case "reason": read = Self.set(string(), &f.reason)
            case "result": read = Self.set(string(), &f.result)
            case "score": read = Self.set(int(), &f.score)
            case "seed": read = Self.set(unsigned(), &f.seed)
            case "sides": read = Self.set(list { $0.string() }, &f.sides)
            case "start": read = Self.set(string(), &f.start)
            case "stderr": read = Self.set(list { $0.string() }, &f.stderr)
            case "termination": read = Self.set(string(), &f.termination)
            case "times": read = Self.set(list { $0.double() }, &f.times)
            default: read = false
            }
            guard read else { return nil }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), i == b.count else { return nil }
        return try? GameRecord(f)
    }

    /// Stores a value that read; `false` when it did not.
    static func set<T>(_ value: T?, _ field: inout T?) -> Bool {
        guard let value else { return false }
        field = value
        return true
    }
}
