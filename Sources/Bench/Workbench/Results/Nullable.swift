import Foundation

/// A statistic that may be undefined (too few games, no spread, no pairs): in Swift
/// an optional, in JSON `null` rather than a missing key, so every summary has the
/// same keys and a reader sees that the number does not exist, never an infinity,
/// a NaN or a made-up 0.
@propertyWrapper
public struct Nullable<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let value = wrappedValue { try c.encode(value) } else { try c.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as undefined, like `null`.
    public func decode<V>(_ type: Nullable<V>.Type, forKey key: Key) throws -> Nullable<V> {
        try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}

/// `x` as a statistic: `nil` unless finite, and never −0 (which would print as "-0.0").
@inlinable
public func defined(_ x: Double) -> Double? {
    x.isFinite ? x + 0 : nil
}
