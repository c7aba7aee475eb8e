extension TigersGoats {
    /// The rule variants of Tigers & Goats: parameters of one engine (docs/rules.md, Tigers & Goats).
    @frozen
    public struct Rules: Sendable, Hashable {
        /// The ply at which the game is drawn (default 300), 1 to 65,535.
        public var plyLimit: Int
        /// The long-range capture variant: a tiger may slide over empty squares and jump
        /// the first goat it meets (off by default).
        public var longRangeCapture: Bool

        /// The default rules: ply limit 300, adjacent captures only.
        public static var standard: Rules { Rules() }

        /// Rules with the given variants; ``validated()`` checks the ply limit.
        public init(plyLimit: Int = 300, longRangeCapture: Bool = false) {
            self.plyLimit = plyLimit
            self.longRangeCapture = longRangeCapture
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
