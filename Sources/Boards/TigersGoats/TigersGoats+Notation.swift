// Text for Tigers & Goats: squares (`e4`), moves (`b1-c2`, `d4xd6`) and positions
// (`GGGGGGGG/G6G/G6G/G2TT2G/G2TT2G/G6G/G6G/GGGGGGGG g 0`), docs/formats.md, "Tigers & Goats".

extension TigersGoats {
    /// Square and move names.
    public enum Notation {
        /// The name of a square index 0–63, e.g. `e4` for 28.
        public static func squareName(_ square: Int) -> String { SquareName.text(square, width: 8) }

        /// The index of a square name like `e4`, or `nil`.
        public static func square(named name: Substring) -> Int? { SquareName.index(of: name, width: 8, height: 8) }
    }

    /// The notation of `move`: `from-to`, or `fromxto` for a capture.
    public func notation(of move: Move) -> String {
        SquareName.move(move.from, move.isCapture ? "x" : "-", move.to, width: 8)
    }

    /// Parses `text` as a move (`b1-c2`, `d4xd6`) and checks that it is legal here.
    public func parseMove(_ text: String) throws(ParseError) -> Move {
        if let m = SquareName.move(parsing: text, width: 8, height: 8), let from = m.from {
            let wanted = Move(from: from, to: m.to, isCapture: m.separator == UInt8(ascii: "x"))
            // Moves are generated past the ply limit (as perft counts them); a game it ended takes none.
            if isLegal(wanted), outcome == nil { return wanted }
        }
        return try parseMoveExplaining(text)
    }

    /// ``parseMove(_:)`` for any text: trimmed, and saying why a move is not legal.
    private func parseMoveExplaining(_ text: String) throws(ParseError) -> Move {
        let trimmed = text.trimmingWhitespace()
        guard let sep = trimmed.firstIndex(where: { $0 == "-" || $0 == "x" }),
              let from = Notation.square(named: trimmed[..<sep]),
              let to = Notation.square(named: trimmed[trimmed.index(after: sep)...])
        else {
            throw ParseError("malformed move '\(text)': expected from-to (b1-c2) or fromxto (d4xd6)")
        }
        if let o = outcome { throw ParseError("illegal move '\(trimmed)': the game is over (\(Self.describe(o)))") }
        let isCapture = trimmed[sep] == "x"
        let wanted = Move(from: from, to: to, isCapture: isCapture)
        var moves = MoveList<Move>(filler: Self.nullMove)
        generateMoves(into: &moves)
        if moves.contains(wanted) { return wanted }
        let flipped = Move(from: from, to: to, isCapture: !isCapture)
        if moves.contains(flipped) {
            throw ParseError("illegal move '\(trimmed)': write it \(notation(of: flipped))")
        }
        let mover = side == .first ? "goat" : "tiger"
        let pieces = side == .first ? goats : tigers
        if pieces & Bitboard.bit(from) == 0 {
            throw ParseError("illegal move '\(trimmed)': no \(mover) on \(Notation.squareName(from)) (\(mover)s to move)")
        }
        throw ParseError("illegal move '\(trimmed)': the \(mover) on \(Notation.squareName(from)) cannot \(isCapture ? "capture" : "move") to \(Notation.squareName(to))")
    }

    /// The position text: ranks 8 to 1, side to move, goats captured.
    public var text: String {
        PositionText.text(size: 8, goats: goats, tigers: tigers, tail: " " + (side == .first ? "g" : "t") + " " + String(captured))
    }

    /// Parses position text under the default rules.
    public init(parsing text: String) throws(ParseError) {
        try self.init(parsing: text, rules: .standard)
    }

    /// Parses position text, naming the problem when it is malformed: rank count or
    /// length, unknown characters, side to move, capture count. The ply count starts at 0.
    public init(parsing text: String, rules: Rules) throws(ParseError) {
        let fields = try PositionText.fields(text)
        let pieces = try PositionText.pieces(fields[0], size: 8, cell: "squares")
        let goats = UInt64(truncatingIfNeeded: pieces.goats), tigers = UInt64(truncatingIfNeeded: pieces.tigers)
        let side = try PositionText.sideToMove(fields)
        guard fields.count >= 3 else { throw ParseError("missing number of goats captured after the side to move") }
        let countText = fields[2]
        guard let captures = NumberText.wholeNumber(countText) else {
            throw ParseError("goats captured '\(countText)' is not a number")
        }
        guard captures >= 0 else { throw ParseError("goats captured \(captures) is negative") }
        guard fields.count == 3 else {
            throw ParseError("unexpected text '\(fields[3...].joined(separator: " "))' after the goats captured")
        }
        try self.init(goats: goats, tigers: tigers, sideToMove: side, captures: captures, rules: rules)
    }
}

extension TigersGoats: TwoPlayerGame {
    public static var name: String { "tigers-goats" }
    public static var nullMove: Move { Move(from: 0, to: 0) }
    public static func sideName(_ player: Player) -> String { player == .first ? "goats" : "tigers" }
    /// A capture removes a goat for good: no earlier position can come back.
    @inlinable public func isIrreversible(_ move: Move) -> Bool { move.isCapture }
    /// A capture jumps a goat; every other move is a quiet step or slide.
    @inlinable public func isCapture(_ move: Move) -> Bool { move.isCapture }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    package func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
