// Text for Bagh-Chal: points (`c3`), moves (`c3` placement, `c3-c4` step, `a1xa3`
// capture) and positions (`T3T/5/5/5/T3T g 20 0`), docs/formats.md, "Bagh-Chal".

extension BaghChal {
    /// Point and move names.
    public enum Notation {
        /// The name of a point index 0–24, e.g. `c3` for 12.
        public static func pointName(_ point: Int) -> String { SquareName.text(point, width: 5) }

        /// The index of a point name like `c3` (files `a`–`e`, ranks `1`–`5`), or `nil`.
        public static func point(named name: Substring) -> Int? { SquareName.index(of: name, width: 5, height: 5) }
    }

    /// The notation of `move`: the point of a placement, `from-to` for a step, `fromxto`
    /// (the landing point) for a capture.
    public func notation(of move: Move) -> String {
        if move.isPlacement { return Notation.pointName(move.to) }
        return SquareName.move(move.from, move.isCapture ? "x" : "-", move.to, width: 5)
    }

    /// Parses `text` as a move (`c3`, `c3-c4`, `a1xa3`) and checks that it is legal
    /// here, saying why when it is not.
    public func parseMove(_ text: String) throws(ParseError) -> Move {
        if let m = SquareName.move(parsing: text, width: 5, height: 5) {
            let wanted = m.from.map { Move(from: $0, to: m.to, isCapture: m.separator == UInt8(ascii: "x")) } ?? Move(placing: m.to)
            // Moves are generated past the ply limit (as perft counts them); a game it ended takes none.
            if isLegal(wanted), outcome == nil { return wanted }
        }
        return try parseMoveExplaining(text)
    }

    /// ``parseMove(_:)`` for any text: trimmed, and saying why a move is not legal.
    private func parseMoveExplaining(_ text: String) throws(ParseError) -> Move {
        let trimmed = text.trimmingWhitespace()
        let malformed = ParseError(
            "malformed move '\(text)': expected a point (c3) to place a goat, from-to (c3-c4) or fromxto (a1xa3)")
        // Parse the shape first: a point, or two points around one separator.
        var placement: Int? = nil
        var from = 0, to = 0, isCapture = false
        if let sep = trimmed.firstIndex(where: { $0 == "-" || $0 == "x" }) {
            guard let f = Notation.point(named: trimmed[..<sep]),
                  let t = Notation.point(named: trimmed[trimmed.index(after: sep)...]) else { throw malformed }
            from = f
            to = t
            isCapture = trimmed[sep] == "x"
        } else {
            guard let p = Notation.point(named: trimmed) else { throw malformed }
            placement = p
        }
        if let o = outcome { throw ParseError("illegal move '\(trimmed)': the game is over (\(Self.describe(o)))") }
        var moves = MoveList<Move>(filler: Self.nullMove)
        generateMoves(into: &moves)

        if let point = placement {
            let wanted = Move(placing: point)
            if moves.contains(wanted) { return wanted }
            if side == Self.tigers {
                throw ParseError("illegal move '\(trimmed)': tigers to move; a lone point places a goat")
            }
            if inHand == 0 {
                throw ParseError("illegal move '\(trimmed)': all \(Self.goatsPerGame) goats are placed; "
                    + "goats now step along a line (c3-c4)")
            }
            throw ParseError("illegal move '\(trimmed)': \(Notation.pointName(point)) is not empty")
        }

        let wanted = Move(from: from, to: to, isCapture: isCapture)
        if moves.contains(wanted) { return wanted }
        let flipped = Move(from: from, to: to, isCapture: !isCapture)
        if moves.contains(flipped) {
            throw ParseError("illegal move '\(trimmed)': write it \(notation(of: flipped))")
        }
        let fromName = Notation.pointName(from), toName = Notation.pointName(to)
        if side == Self.goats {
            if inHand > 0 {
                throw ParseError("illegal move '\(trimmed)': goats on the board may not move while "
                    + "\(inHand) goat\(inHand == 1 ? " is" : "s are") in hand; place one (\(toName))")
            }
            if isCapture { throw ParseError("illegal move '\(trimmed)': goats do not capture") }
        }
        let mover = side == Self.goats ? "goat" : "tiger"
        let pieces = side == Self.goats ? _goats : _tigers
        if pieces & Lines.bit(from) == 0 {
            throw ParseError("illegal move '\(trimmed)': no \(mover) on \(fromName) (\(mover)s to move)")
        }
        let reason: String
        if isCapture {
            var over: Int? = nil
            for d in 0..<8 where Board.landing(from: from, direction: d) == to {
                over = Board.neighbour(of: from, direction: d)
            }
            if let over {
                reason = _goats & Lines.bit(over) == 0
                    ? "no goat on \(Notation.pointName(over)) to jump" : "\(toName) is not empty"
            } else {
                reason = "\(toName) is not two points on along a line from \(fromName)"
            }
        } else {
            reason = Board.neighbours(of: from) & Lines.bit(to) == 0
                ? "no line joins \(fromName) to \(toName)" : "\(toName) is not empty"
        }
        throw ParseError("illegal move '\(trimmed)': the \(mover) on \(fromName) cannot "
            + "\(isCapture ? "capture" : "move") to \(toName): \(reason)")
    }

    /// The position text: ranks 5 to 1, side to move, goats in hand, goats captured.
    public var text: String {
        PositionText.text(size: 5, goats: UInt64(_goats), tigers: UInt64(_tigers),
                          tail: " " + (side == .first ? "g" : "t") + " " + String(inHand) + " " + String(captured))
    }

    /// Parses position text under the default rules.
    public init(parsing text: String) throws(ParseError) {
        try self.init(parsing: text, rules: .standard)
    }

    /// Parses position text, naming the problem when it is malformed or inconsistent
    /// (docs/formats.md, Bagh-Chal, lists every check). The ply count starts at 0.
    public init(parsing text: String, rules: Rules) throws(ParseError) {
        let fields = try PositionText.fields(text)
        let pieces = try PositionText.pieces(fields[0], size: 5, cell: "points")
        let goats = UInt32(truncatingIfNeeded: pieces.goats), tigers = UInt32(truncatingIfNeeded: pieces.tigers)
        let side = try PositionText.sideToMove(fields)
        guard fields.count >= 3 else { throw ParseError("missing number of goats in hand after the side to move") }
        let inHand = try Self.count(fields[2], "goats in hand")
        guard fields.count >= 4 else { throw ParseError("missing number of goats captured after the goats in hand") }
        let captures = try Self.count(fields[3], "goats captured")
        guard fields.count == 4 else {
            throw ParseError("unexpected text '\(fields[4...].joined(separator: " "))' after the goats captured")
        }
        try self.init(goats: goats, tigers: tigers, sideToMove: side, goatsInHand: inHand, captures: captures,
                      rules: rules)
    }

    /// A count field of the position text: decimal digits only (the range is checked
    /// by the initialiser).
    private static func count(_ text: Substring, _ what: String) throws(ParseError) -> Int {
        if text.hasPrefix("-"), text.count > 1, text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw ParseError("\(what) \(text) is negative")
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text) else {
            throw ParseError("\(what) '\(text)' is not a number")
        }
        return n
    }
}

extension BaghChal: TwoPlayerGame {
    public static var name: String { "bagh-chal" }
    public static var nullMove: Move { Move(raw: 0) }
    public static func sideName(_ player: Player) -> String { player == .first ? "goats" : "tigers" }
    /// A placement and a capture each change the goats in hand or the goats on the
    /// board for good: no earlier position can come back.
    @inlinable public func isIrreversible(_ move: Move) -> Bool { move.raw &>> 10 != 2 }
    /// A capture jumps a goat; placements and steps are quiet.
    @inlinable public func isCapture(_ move: Move) -> Bool { move.isCapture }
}
