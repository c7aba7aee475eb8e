// Text for Coin Sorter: cells (`c3`: column c, row 3 from the top), swaps (`a1:c3`)
// and positions (`CSTCT/CTTTS/TSCSS/CTCCT/STTCT 10 0`), docs/formats.md, "Coin Sorter".

extension CoinSorter {
    /// The name of cell 0–24: column letter then row number (row 1 at the top).
    public static func cellName(_ cell: Int) -> String { SquareName.text(cell, width: 5) }

    /// The index of a cell name like `c3`, or `nil`.
    public static func cell(named name: Substring) -> Int? { SquareName.index(of: name, width: 5, height: 5) }

    /// The notation of a swap, lower cell first: `a1:c3`.
    public func notation(of move: Swap) -> String {
        SquareName.move(Int(move.first), ":", Int(move.second), width: 5)
    }

    /// Parses a swap such as `a1:c3` and checks that it can be played now.
    public func parseMove(_ text: String) throws(ParseError) -> Swap {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Self.cell(named: parts[0]), let b = Self.cell(named: parts[1]) else {
            throw ParseError("malformed swap '\(text)': expected two cells a1-e5 joined by ':' (a1:c3)")
        }
        guard a != b else { throw ParseError("illegal swap '\(trimmed)': the two cells must differ") }
        guard !isOver else { throw ParseError("illegal swap '\(trimmed)': no turns left") }
        return Swap(a, b)
    }

    /// The position text: rows top to bottom, turns left, score.
    public var text: String {
        var out = ""
        for row in 0..<5 {
            if row > 0 { out += "/" }
            for column in 0..<5 { out.append(coin(at: row * 5 + column).letter) }
        }
        return out + " \(turns) \(_score)"
    }

    /// Parses position text, naming the problem: row count or length, unknown letters,
    /// turns left, score.
    public init(parsing text: String) throws(ParseError) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let board = fields.first else { throw ParseError("empty position text") }
        let rows = board.split(separator: "/", omittingEmptySubsequences: false)
        guard rows.count == 5 else { throw ParseError("position has \(rows.count) rows, expected 5 separated by '/'") }
        var coins: [Coin] = []
        for (r, row) in rows.enumerated() {
            guard row.count == 5 else { throw ParseError("row \(r + 1) ('\(row)') has \(row.count) cells, expected 5") }
            for ch in row {
                guard let coin = Coin(letter: ch) else {
                    throw ParseError("unknown coin '\(ch)' in row \(r + 1): expected T, S or C")
                }
                coins.append(coin)
            }
        }
        guard fields.count >= 2 else { throw ParseError("missing turns left after the board") }
        guard let turns = NumberText.wholeNumber(fields[1]) else { throw ParseError("turns left '\(fields[1])' is not a number") }
        guard (0...255).contains(turns) else { throw ParseError("turns left \(turns) is out of range 0...255") }
        guard fields.count >= 3 else { throw ParseError("missing score after the turns left") }
        guard let score = NumberText.wholeNumber(fields[2]) else { throw ParseError("score '\(fields[2])' is not a number") }
        guard (0...Int(Int32.max)).contains(score) else { throw ParseError("score \(score) is out of range 0...\(Int32.max)") }
        guard fields.count == 3 else {
            throw ParseError("unexpected text '\(fields[3...].joined(separator: " "))' after the score")
        }
        self.init(coins: coins, turnsLeft: turns, score: score)
    }
}

extension CoinSorter: StochasticPuzzle {
    public static var name: String { "coin-sorter" }
    public static var nullMove: Swap { Swap(0, 0) }
}
