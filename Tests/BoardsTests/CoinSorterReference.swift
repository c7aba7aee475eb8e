// A deliberately naive Coin Sorter, written from docs/rules.md, Coin Sorter alone and sharing no code
// with the engine: a plain [Int] of 25 cells (0 = T, 1 = S, 2 = C, cell = (row - 1) * 5
// + column), explicit loops over rows and columns, and its own SplitMix64. The tests
// compare the bit-mask engine and its referee against it.

/// SplitMix64, typed in from the formula in docs/rules.md, Coin Sorter (wrapping arithmetic).
struct ReferenceSplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A Coin Sorter game as docs/rules.md describes it, with the random stream inside.
struct CoinSorterReference {
    /// Where new coins come from: the seeded stream, or a fixed list (hand-built boards).
    enum Source {
        case stream(ReferenceSplitMix64)
        case scripted([Int])
    }

    /// 25 coins, 0 = triangle, 1 = square, 2 = circle; cell 0 is a1 (top left).
    var cells: [Int]
    var turnsLeft: Int
    var score: Int
    var source: Source

    /// How many settles (rounds of matching) have scored so far, and how many of
    /// those came right after a refill rather than right after a swap (cascades).
    var scoringRounds = 0
    var cascadeRounds = 0
    /// The largest number of lines matched in one round while scoring.
    var mostLinesInOneRound = 0
    /// Whether the deal matched any line (and so redrew coins without scoring).
    var dealMatched = false

    static let letters: [Character] = ["T", "S", "C"]

    /// The game of `seed`: 25 draws for cells 0 to 24, then a settle without scoring.
    init(seed: UInt64, turns: Int = 10) {
        source = .stream(ReferenceSplitMix64(seed: seed))
        cells = []
        turnsLeft = turns
        score = 0
        for _ in 0..<25 { cells.append(drawCoin()) }
        dealMatched = Self.lineCount(cells) > 0
        settle(scoring: false)
    }

    /// A hand-built board whose new coins are `newCoins`, in order (no settle yet).
    init(cells: [Int], turnsLeft: Int, score: Int, newCoins: [Int]) {
        precondition(cells.count == 25)
        self.cells = cells
        self.turnsLeft = turnsLeft
        self.score = score
        source = .scripted(newCoins)
    }

    mutating func drawCoin() -> Int {
        switch source {
        case .stream(var rng):
            let coin = Int(rng.next() % 3)
            source = .stream(rng)
            return coin
        case .scripted(var coins):
            precondition(!coins.isEmpty, "the reference ran out of scripted coins")
            let coin = coins.removeFirst()
            source = .scripted(coins)
            return coin
        }
    }

    /// The rows (0-based, top first) whose 5 coins are all of one kind.
    static func fullRows(_ cells: [Int]) -> [Int] {
        var rows: [Int] = []
        for row in 0..<5 {
            var same = true
            for column in 1..<5 where cells[row * 5 + column] != cells[row * 5] { same = false }
            if same { rows.append(row) }
        }
        return rows
    }

    /// The columns (0-based, left first) whose 5 coins are all of one kind.
    static func fullColumns(_ cells: [Int]) -> [Int] {
        var columns: [Int] = []
        for column in 0..<5 {
            var same = true
            for row in 1..<5 where cells[row * 5 + column] != cells[column] { same = false }
            if same { columns.append(column) }
        }
        return columns
    }

    /// Rows plus columns complete on `cells`.
    static func lineCount(_ cells: [Int]) -> Int {
        fullRows(cells).count + fullColumns(cells).count
    }

    /// docs/rules.md, "Settling": match, score (when scoring), redraw rows then columns, repeat.
    mutating func settle(scoring: Bool) {
        var round = 0
        while true {
            let rows = Self.fullRows(cells)
            let columns = Self.fullColumns(cells)
            if rows.isEmpty && columns.isEmpty { return }
            if scoring {
                score += rows.count + columns.count
                scoringRounds += 1
                if round > 0 { cascadeRounds += 1 }
                mostLinesInOneRound = max(mostLinesInOneRound, rows.count + columns.count)
            }
            for row in rows {
                for column in 0..<5 { cells[row * 5 + column] = drawCoin() }
            }
            for column in columns {
                for row in 0..<5 { cells[row * 5 + column] = drawCoin() }
            }
            round += 1
        }
    }

    /// A turn: trade two coins, use the turn, settle with scoring.
    mutating func swap(_ a: Int, _ b: Int) {
        precondition(a != b && turnsLeft > 0)
        let t = cells[a]
        cells[a] = cells[b]
        cells[b] = t
        turnsLeft -= 1
        settle(scoring: true)
    }

    var isOver: Bool { turnsLeft == 0 }

    /// The lines complete right after trading the coins of `a` and `b` (before any refill).
    func linesCompleted(swapping a: Int, _ b: Int) -> Int {
        var copy = cells
        let t = copy[a]
        copy[a] = copy[b]
        copy[b] = t
        return Self.lineCount(copy)
    }

    /// The swaps (a < b) that complete the most lines now, and that number.
    func bestSwaps() -> (lines: Int, swaps: [(Int, Int)]) {
        var best = 0
        var swaps: [(Int, Int)] = []
        for a in 0..<24 {
            for b in (a + 1)..<25 where cells[a] != cells[b] {
                let n = linesCompleted(swapping: a, b)
                if n > best {
                    best = n
                    swaps = [(a, b)]
                } else if n == best && n > 0 {
                    swaps.append((a, b))
                }
            }
        }
        return (best, swaps)
    }

    /// Position text: rows top to bottom joined by '/', turns left, score.
    var text: String {
        var out = ""
        for row in 0..<5 {
            if row > 0 { out += "/" }
            for column in 0..<5 { out.append(Self.letters[cells[row * 5 + column]]) }
        }
        return out + " \(turnsLeft) \(score)"
    }

    /// The cells of a board text such as `CSTCT/CTTTS/TSCSS/CTCCT/STTCT` (board part only).
    static func cells(fromBoard board: String) -> [Int] {
        var out: [Int] = []
        for ch in board where ch != "/" {
            switch ch {
            case "T": out.append(0)
            case "S": out.append(1)
            case "C": out.append(2)
            default: preconditionFailure("bad letter \(ch) in a reference board")
            }
        }
        precondition(out.count == 25)
        return out
    }

    /// The name of a cell: column letter, then row number from the top.
    static func cellName(_ cell: Int) -> String {
        let columns: [Character] = ["a", "b", "c", "d", "e"]
        return "\(columns[cell % 5])\(cell / 5 + 1)"
    }
}
