extension BaghChal {
    /// The rule parameters of Bagh-Chal (docs/rules.md, Bagh-Chal): only the ply limit.
    @frozen
    public struct Rules: Sendable, Hashable {
        /// The ply at which the game is drawn (default 300), 1 to 65,535.
        public var plyLimit: Int

        /// The default rules: ply limit 300.
        public static var standard: Rules { Rules() }

        /// Rules with the given ply limit; ``validated()`` checks it.
        public init(plyLimit: Int = 300) {
            self.plyLimit = plyLimit
        }

        /// The ply limits the engine can keep (the ply counter is 16 bits).
        public static var plyLimits: ClosedRange<Int> { 1...Int(UInt16.max) }

        /// Checks the values, naming the one out of range.
        public func validated() throws(ParseError) -> Rules {
            guard Self.plyLimits.contains(plyLimit) else {
                throw ParseError("ply limit \(plyLimit) is out of range 1...\(UInt16.max)")
            }
            return self
        }
    }
}
