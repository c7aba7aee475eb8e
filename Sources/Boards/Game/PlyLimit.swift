/// The ply limit of a game whose engine counts plies in 16 bits (Bagh-Chal, Tigers &
/// Goats): the range it can keep and the check of a rule's value.
public enum PlyLimit {
    /// The ply limits the engine can keep (the ply counter is 16 bits).
    public static var range: ClosedRange<Int> { 1...Int(UInt16.max) }

    /// Checks `limit`, naming it when it is out of ``range``.
    public static func check(_ limit: Int) throws(ParseError) {
        guard range.contains(limit) else { throw ParseError("ply limit \(limit) is out of range 1...\(UInt16.max)") }
    }
}
