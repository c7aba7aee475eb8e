import Foundation

/// JSON as the workbench writes it: sorted keys, one line, failures reported.
package enum JSON {
    /// `value` as one line of JSON with sorted keys. JSON has no infinities or NaN,
    /// and the workbench writes none: statistics that would be are `null`
    /// (``Nullable``), so such a number is an error here, never a string.
    package static func text<T: Encodable>(_ value: T) throws(WorkbenchError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(value)
            guard let text = String(data: data, encoding: .utf8) else { throw WorkbenchError.runtime("JSON output is not UTF-8") }
            return text
        } catch let error as WorkbenchError {
            throw error
        } catch {
            throw .runtime("cannot encode \(T.self) as JSON: \(describe(error))")
        }
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
