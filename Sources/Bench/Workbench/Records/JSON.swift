import Foundation

/// JSON as the workbench writes it: sorted keys, one line, failures reported.
package enum JSON {
    /// A key named by any string: for objects whose keys are data (a game's measures)
    /// or are checked against a list (an agent file's entries).
    package struct Key: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(_ s: String) { stringValue = s }
        package init(stringValue s: String) { stringValue = s }
        package init?(intValue: Int) { nil }
    }

    /// `value` as one line of JSON with sorted keys. JSON has no infinities or NaN,
    /// and the workbench writes none: statistics that would be are `null`
    /// (``Nullable``), so such a number is an error here, never a string.
    package static func text<T: Encodable>(_ value: T) throws(WorkbenchError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(value) } catch { throw .runtime("cannot encode \(T.self) as JSON: \(describe(error))") }
        guard let text = String(data: data, encoding: .utf8) else { throw .runtime("JSON output is not UTF-8") }
        return text
    }

    /// Appends `s` as a quoted JSON string to `out`, escaped as `JSONEncoder` escapes
    /// (`"`, `\\`, and the control characters; not `/`). With `forHTML`, also `<`, `>`, `&`
    /// and the line separators U+2028 and U+2029, so the text is safe inside an HTML
    /// `<script>` element. The one escaper of the records' writer and of the report page.
    package static func appendQuoted(_ s: String, to out: inout [UInt8], forHTML: Bool = false) {
        func escape(_ code: UInt8) { out.append(contentsOf: [UInt8(ascii: "\\"), code]) }
        func unicode(_ v: UInt16) {
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
            func digit(_ d: UInt16) -> UInt8 { UInt8(d < 10 ? 48 + d : 87 + d) } // 0-9, a-f
            out.append(contentsOf: [digit(v >> 12), digit(v >> 8 & 15), digit(v >> 4 & 15), digit(v & 15)])
        }
        out.append(UInt8(ascii: "\""))
        // Most strings (moves, names) need no escape: copied whole, from the string's
        // own bytes (appending a UTF8View went through the generic sequence path).
        let plain = s.utf8.withContiguousStorageIfAvailable { u in
            let plain = !u.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                || (forHTML && ($0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") || $0 == 0xE2)) }
            if plain { out.append(contentsOf: u) }
            return plain
        }
        if plain == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        let bytes = s.utf8
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(b)
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0x09: escape(UInt8(ascii: "t"))
            case 0x08: escape(UInt8(ascii: "b"))
            case 0x0C: escape(UInt8(ascii: "f"))
            case ..<0x20: unicode(UInt16(b))
            case UInt8(ascii: "<") where forHTML, UInt8(ascii: ">") where forHTML, UInt8(ascii: "&") where forHTML:
                unicode(UInt16(b))
            case 0xE2 where forHTML:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                let j = bytes.index(after: i)
                if j != bytes.endIndex, bytes[j] == 0x80, case let k = bytes.index(after: j), k != bytes.endIndex,
                   bytes[k] == 0xA8 || bytes[k] == 0xA9 {
                    unicode(bytes[k] == 0xA8 ? 0x2028 : 0x2029)
                    i = k
                } else {
                    out.append(b)
                }
            default: out.append(b)
            }
            i = bytes.index(after: i)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A decoding error in one line: what was wrong and where.
    package static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let c): return c.debugDescription + path(c.codingPath)
        case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return c.debugDescription + path(c.codingPath)
        default: return "\(error)"
        }
    }

    /// The first key that appears twice in one object of the JSON text `data`, or
    /// `nil`. `JSONDecoder` keeps one of two equal keys without a word, so a record
    /// with `"score":0,…,"score":9` would read as whichever it kept; readers of the
    /// workbench's files refuse it instead. Keys are compared as decoded strings (so
    /// `"ab"` and `"a\u0062"` are the same key). Expects text that already decoded as
    /// JSON; a linear scan, no allocation per value.
    package static func duplicateKey(in data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            let b = raw.bindMemory(to: UInt8.self)
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            // One entry per open container: the keys of an object so far, `nil` for an array.
            var open: [Set<[UInt8]>?] = []
            var expectingKey = false
            var i = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "{"):
                    open.append([])
                    expectingKey = true
                case UInt8(ascii: "["):
                    open.append(nil)
                    expectingKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !open.isEmpty { open.removeLast() }
                    expectingKey = false
                case UInt8(ascii: ","):
                    expectingKey = open.last.map { $0 != nil } ?? false
                case quote:
                    var j = i + 1, escaped = false
                    while j < b.count && b[j] != quote {
                        if b[j] == backslash { escaped = true; j += 1 }
                        j += 1
                    }
                    if expectingKey, !open.isEmpty {
                        var key = Array(b[(i + 1)..<min(j, b.count)])
                        if escaped, let text = try? JSONDecoder().decode(String.self, from: Data([quote] + key + [quote])) {
                            key = Array(text.utf8)
                        }
                        if let added = open[open.count - 1]?.insert(key), !added.inserted {
                            return String(decoding: key, as: UTF8.self)
                        }
                        expectingKey = false
                    }
                    i = j
                default:
                    break
                }
                i += 1
            }
            return nil
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "" : " at " + keys.map(\.stringValue).joined(separator: ".")
    }
}

/// JSON text written by hand (a report of 10,000 games is written in one pass):
/// strings escaped so that the text is also safe inside an HTML `<script>` element.
enum JSONText {
    static func string(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        JSON.appendQuoted(s, to: &bytes, forHTML: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An array of strings, written into one buffer (a report holds hundreds of
    /// thousands of them: moves and position texts).
    static func strings(_ a: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(a.reduce(2) { $0 + $1.utf8.count + 3 })
        for (k, s) in a.enumerated() {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            JSON.appendQuoted(s, to: &bytes, forHTML: true)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
