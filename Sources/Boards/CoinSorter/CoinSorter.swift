/// A state of Coin Sorter, the 5x5 swap-and-match puzzle of docs/rules.md, Coin Sorter.
///
/// Coins are three 25-bit masks, one per kind (bit `i` is cell `i`), so a swap is a
/// few bit operations and complete lines are found with shifts. After a match the
/// state is a *chance node*: the matched cells wait for new coins, which a referee
/// (``CoinSorterReferee``) or a planning agent supplies with ``applyChance(_:)``.
@frozen
public struct CoinSorter: Sendable, Hashable {
    /// Turns in a game.
    public static var turnsPerGame: Int { 10 }
    /// All 25 cells.
    @inlinable static var allCells: UInt32 { 0x1FF_FFFF }

    @usableFromInline internal var triangles: UInt32
    @usableFromInline internal var squares: UInt32
    @usableFromInline internal var circles: UInt32
    @usableFromInline internal var _score: Int32
    @usableFromInline internal var turns: UInt8
    /// Matched rows (bit r = row r + 1) and columns waiting for new coins.
    @usableFromInline internal var pendingRows: UInt8
    @usableFromInline internal var pendingColumns: UInt8
    /// How many of the pending draws have been made.
    @usableFromInline internal var drawsMade: UInt8
    /// True while the deal settles: its matches redraw coins but score nothing.
    @usableFromInline internal var dealing: Bool

    /// A state from 25 coins (cell 0 to 24), `turnsLeft` and `score`, not settled:
    /// lines already complete stay until a swap settles the board.
    public init(coins: [Coin], turnsLeft: Int = CoinSorter.turnsPerGame, score: Int = 0) {
        precondition(coins.count == 25, "a Coin Sorter board has 25 cells")
        triangles = 0; squares = 0; circles = 0
        _score = Int32(clamping: score)
        turns = UInt8(clamping: turnsLeft)
        pendingRows = 0; pendingColumns = 0; drawsMade = 0
        dealing = false
        for (cell, coin) in coins.enumerated() { set(cell, to: coin) }
    }

    /// The deal of docs/rules.md: `coins` are the first 25 draws (cell 0 to 24); the board
    /// then settles without scoring, which may leave chance events due.
    public init(dealing coins: [Coin], turns: Int = CoinSorter.turnsPerGame) {
        self.init(coins: coins, turnsLeft: turns, score: 0)
        dealing = true
        settle()
    }

    // MARK: Reading the state

    /// The coin on `cell` (0–24).
    @inlinable
    public func coin(at cell: Int) -> Coin {
        let b = UInt32(1) &<< UInt32(truncatingIfNeeded: cell)
        return triangles & b != 0 ? .triangle : squares & b != 0 ? .square : .circle
    }

    /// The cells holding `coin`, as a 25-bit mask.
    @inlinable @inline(__always)
    public func cells(of coin: Coin) -> UInt32 {
        switch coin {
        case .triangle: return triangles
        case .square: return squares
        case .circle: return circles
        }
    }

    /// Turns left.
    @inlinable public var turnsLeft: Int { Int(turns) }

    /// Points scored so far: one per completed row or column.
    @inlinable public var score: Int { Int(_score) }

    /// Whether new coins are due before the player may move.
    @inlinable public var isChanceNode: Bool { pendingRows | pendingColumns != 0 }

    /// Whether the game is over: no turn left and the board settled.
    @inlinable public var isOver: Bool { turns == 0 && !isChanceNode }

    /// The cell the next new coin goes to, at a chance node.
    @inlinable
    public var nextDrawCell: Int? {
        guard isChanceNode else { return nil }
        // Rows first, in increasing order, cells left to right; then columns, top to bottom.
        let rowDraws = pendingRows.nonzeroBitCount * 5
        let k = Int(drawsMade)
        if k < rowDraws {
            return Self.nthSetBit(pendingRows, k / 5) * 5 + k % 5
        }
        let j = k - rowDraws
        return (j % 5) * 5 + Self.nthSetBit(pendingColumns, j / 5)
    }

    @inlinable
    static func nthSetBit(_ mask: UInt8, _ n: Int) -> Int {
        var m = mask
        for _ in 0..<n { m &= m &- 1 }
        return m.trailingZeroBitCount
    }

    // MARK: Lines

    /// The complete rows (bit r = row r + 1) and columns (bit c = column c) of a mask.
    @inlinable @inline(__always)
    static func completeLines(_ m: UInt32) -> (rows: UInt32, columns: UInt32) {
        // A row is complete when its cell in column a starts five set bits in a row;
        // a column when its top cell starts five set bits five apart.
        let r = m & (m &>> 1) & (m &>> 2) & (m &>> 3) & (m &>> 4) & 0x10_8421
        let rows = (r & 1) | (r &>> 4 & 2) | (r &>> 8 & 4) | (r &>> 12 & 8) | (r &>> 16 & 16)
        let columns = m & (m &>> 5) & (m &>> 10) & (m &>> 15) & (m &>> 20) & 0x1F
        return (rows, columns)
    }

    /// The complete rows and columns of the board.
    @inlinable @inline(__always)
    public var completeLines: (rows: UInt32, columns: UInt32) {
        let t = Self.completeLines(triangles), s = Self.completeLines(squares), c = Self.completeLines(circles)
        return (t.rows | s.rows | c.rows, t.columns | s.columns | c.columns)
    }

    /// The number of lines a swap completes at once (before any refill): the points
    /// it scores for sure. The board is unchanged.
    @inlinable @inline(__always)
    public func linesCompleted(by swap: Swap) -> Int {
        let lines = exchanging(swap).completeLines
        return lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount
    }

    /// The board with the two coins of `swap` traded and nothing else changed: no
    /// turn used, no settle (a what-if for agents scoring swaps).
    @inlinable @inline(__always)
    public func exchanging(_ swap: Swap) -> CoinSorter {
        var copy = self
        copy.exchange(Int(swap.first), Int(swap.second))
        return copy
    }

    // MARK: Playing

    /// Appends the 300 swaps of two different cells at a decision node, nothing elsewhere.
    @inlinable
    public func generateMoves(into moves: inout MoveList<Swap>) {
        guard !isChanceNode && turns > 0 else { return }
        // Stored with the count in a local, as the other generators do (MoveList._store):
        // 300 `append`s copied the list's whole inline storage each time in some callers.
        var n = moves.count
        for a in 0..<24 {
            for b in (a + 1)..<25 {
                moves._store(Swap(a, b), at: n)
                n &+= 1
            }
        }
        moves._setCount(n)
    }

    /// Trades the two coins, uses a turn, and settles with scoring.
    @inlinable
    public mutating func play(_ swap: Swap) {
        exchange(Int(swap.first), Int(swap.second))
        turns &-= 1
        settle()
    }

    /// The possible new coins, each equally likely.
    public var chanceOutcomes: [Coin] { isChanceNode ? Coin.allCases : [] }

    /// Three kinds of new coin at a chance node, none elsewhere.
    @inlinable
    public var chanceOutcomeCount: Int { isChanceNode ? 3 : 0 }

    /// The coin numbered `index` (0–2), as ``Coin/allCases`` orders them.
    @inlinable @inline(__always)
    public func chanceOutcome(_ index: Int) -> Coin {
        Coin(rawValue: UInt8(truncatingIfNeeded: index))!
    }

    /// A uniformly random swap: cell `a` of 25, then `b` of the other 24 (two draws,
    /// whatever the swap), the draws the random agent has always made, so its games
    /// replay unchanged.
    @inlinable
    public func randomMove(using generator: inout SplitMix64) -> Swap? {
        guard !isChanceNode && turns > 0 else { return nil }
        let a = generator.next(below: 25)
        var b = generator.next(below: 24)
        if b >= a { b += 1 }
        return Swap(a, b)
    }

    /// Puts `coin` on the next cell due a new coin; once all are placed, settles again.
    @inlinable
    public mutating func applyChance(_ coin: Coin) {
        guard let cell = nextDrawCell else { return }
        set(cell, to: coin)
        drawsMade &+= 1
        if Int(drawsMade) == (pendingRows.nonzeroBitCount + pendingColumns.nonzeroBitCount) * 5 {
            pendingRows = 0; pendingColumns = 0; drawsMade = 0
            settle()
        }
    }

    /// Finds complete lines; scores them (unless dealing) and marks them for new coins.
    @inlinable
    mutating func settle() {
        let lines = completeLines
        if lines.rows | lines.columns == 0 {
            dealing = false
            return
        }
        if !dealing { _score &+= Int32(lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount) }
        pendingRows = UInt8(truncatingIfNeeded: lines.rows)
        pendingColumns = UInt8(truncatingIfNeeded: lines.columns)
        drawsMade = 0
    }

    @inlinable @inline(__always)
    mutating func set(_ cell: Int, to coin: Coin) {
        let b = UInt32(1) &<< UInt32(truncatingIfNeeded: cell)
        triangles &= ~b; squares &= ~b; circles &= ~b
        switch coin {
        case .triangle: triangles |= b
        case .square: squares |= b
        case .circle: circles |= b
        }
    }

    /// Trades the coins of cells `a` and `b` in all three masks.
    @inlinable @inline(__always)
    mutating func exchange(_ a: Int, _ b: Int) {
        let ba = UInt32(1) &<< UInt32(truncatingIfNeeded: a), bb = UInt32(1) &<< UInt32(truncatingIfNeeded: b)
        @inline(__always) func swapBits(_ m: UInt32) -> UInt32 {
            // Flip both bits when they differ; equal bits stay.
            let differ = ((m & ba) == 0) != ((m & bb) == 0)
            return differ ? m ^ (ba | bb) : m
        }
        triangles = swapBits(triangles); squares = swapBits(squares); circles = swapBits(circles)
    }
}
