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
        public static var plyLimits: ClosedRange<Int> { PlyLimit.range }

        /// Checks the values, naming the one out of range.
        public func validated() throws(ParseError) -> Rules {
            try PlyLimit.check(plyLimit)
            return self
        }
    }
}
