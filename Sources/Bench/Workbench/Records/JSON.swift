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

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "" : " at " + keys.map(\.stringValue).joined(separator: ".")
    }
}
