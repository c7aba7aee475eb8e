import XCTest
@testable import Boards

/// A deliberately naive Bagh-Chal, written from docs/rules.md, Bagh-Chal alone.
///
/// The board is a plain array of 25 characters (`cells[rank * 5 + file]`). Which
/// points a line joins is decided from the rules text each time it is asked: two
/// points next to each other on a rank or a file always, two diagonal neighbours only
/// when both have file + rank even. Nothing is precomputed and no code is shared with
/// the engine: the engine is only read (its bitboards) to build a reference position,
/// and moves are compared as notation or as (kind, from, to).
struct NaiveBaghChal: Hashable {
    enum Kind: Int, Hashable, Comparable {
        case placement, step, capture
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// A move: its kind, the origin (the point itself for a placement) and the destination.
    struct Move: Hashable, Comparable, CustomStringConvertible {
        let kind: Kind
        let from: Int
        let to: Int

        static func < (a: Move, b: Move) -> Bool { (a.kind, a.from, a.to) < (b.kind, b.from, b.to) }
        var description: String { NaiveBaghChal.notation(self) }
    }

    static let emptyCell: Character = "."
    static let goatCell: Character = "G"
    static let tigerCell: Character = "T"

    /// The eight directions (file step, rank step); a line may run along some of them.
    static let directions: [(Int, Int)] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]

    var cells: [Character]
    var goatsToMove: Bool
    var goatsInHand: Int
    var captures: Int
    /// Plies played since this reference was set up, and the ply limit (for outcomes).
    var plies = 0
    var plyLimit = 300

    // MARK: Setting up

    /// The start position of docs/rules.md, built by hand: tigers on the corners, 20 goats in hand.
    init(plyLimit: Int = 300) {
        cells = Array(repeating: Self.emptyCell, count: 25)
        for (file, rank) in [(0, 0), (4, 0), (0, 4), (4, 4)] { cells[Self.index(file, rank)] = Self.tigerCell }
        goatsToMove = true
        goatsInHand = 20
        captures = 0
        self.plyLimit = plyLimit
    }

    /// The position the engine holds, read point by point from its bitboards.
    init(engine p: BaghChal) {
        cells = Array(repeating: Self.emptyCell, count: 25)
        for i in 0..<25 {
            let bit = UInt32(1) << UInt32(i)
            let isGoat = p.goats & bit != 0, isTiger = p.tigers & bit != 0
            precondition(!(isGoat && isTiger), "engine position has two pieces on one point")
            if isGoat { cells[i] = Self.goatCell }
            if isTiger { cells[i] = Self.tigerCell }
        }
        goatsToMove = p.sideToMove == .first
        goatsInHand = p.goatsInHand
        captures = p.captures
        plies = p.plyCount
        plyLimit = p.rules.plyLimit
    }

    /// Parses well-formed position text (`nil` for anything else; counts are not
    /// checked here); ply count 0.
    init?(text: String) {
        let fields = text.split(separator: " ").map(String.init)
        guard fields.count == 4 else { return nil }
        let ranks = fields[0].split(separator: "/", omittingEmptySubsequences: false).map(Array.init)
        guard ranks.count == 5 else { return nil }
        var cells = Array(repeating: Self.emptyCell, count: 25)
        for i in 0..<5 {
            let rank = 4 - i
            var file = 0
            for ch in ranks[i] {
                if ch == "G" || ch == "T" {
                    guard file < 5 else { return nil }
                    cells[Self.index(file, rank)] = ch
                    file += 1
                } else if let n = "12345".firstIndex(of: ch) {
                    file += "12345".distance(from: "12345".startIndex, to: n) + 1
                } else {
                    return nil
                }
            }
            guard file == 5 else { return nil }
        }
        guard fields[1] == "g" || fields[1] == "t" else { return nil }
        guard let hand = Int(fields[2]), let taken = Int(fields[3]) else { return nil }
        self.cells = cells
        goatsToMove = fields[1] == "g"
        goatsInHand = hand
        captures = taken
    }

    // MARK: The board's lines, from the rules text

    static func onBoard(_ file: Int, _ rank: Int) -> Bool { file >= 0 && file < 5 && rank >= 0 && rank < 5 }
    static func index(_ file: Int, _ rank: Int) -> Int { rank * 5 + file }
    static func file(_ point: Int) -> Int { point % 5 }
    static func rank(_ point: Int) -> Int { point / 5 }

    /// Whether diagonal lines pass through (file, rank): file + rank even.
    static func hasDiagonals(_ file: Int, _ rank: Int) -> Bool { (file + rank) % 2 == 0 }

    /// Whether a line joins the points (f1, r1) and (f2, r2) directly: orthogonal
    /// neighbours always; diagonal neighbours when both points carry diagonals.
    static func joined(_ f1: Int, _ r1: Int, _ f2: Int, _ r2: Int) -> Bool {
        guard onBoard(f1, r1), onBoard(f2, r2) else { return false }
        let df = abs(f1 - f2), dr = abs(r1 - r2)
        if df + dr == 1 { return true }
        if df == 1 && dr == 1 { return hasDiagonals(f1, r1) && hasDiagonals(f2, r2) }
        return false
    }

    static func pointName(_ point: Int) -> String {
        let files: [Character] = ["a", "b", "c", "d", "e"]
        return String(files[point % 5]) + String(point / 5 + 1)
    }

    static func notation(_ m: Move) -> String {
        switch m.kind {
        case .placement: return pointName(m.to)
        case .step: return pointName(m.from) + "-" + pointName(m.to)
        case .capture: return pointName(m.from) + "x" + pointName(m.to)
        }
    }

    // MARK: Reading

    func cell(_ file: Int, _ rank: Int) -> Character { cells[Self.index(file, rank)] }

    var goatCount: Int { cells.filter { $0 == Self.goatCell }.count }
    var tigerPoints: [Int] { (0..<25).filter { cells[$0] == Self.tigerCell } }

    /// The position text of docs/formats.md, written naively.
    var text: String {
        var rankTexts: [String] = []
        for rank in (0..<5).reversed() {
            var s = ""
            var run = 0
            for file in 0..<5 {
                let c = cell(file, rank)
                if c == Self.emptyCell {
                    run += 1
                } else {
                    if run > 0 { s += String(run) }
                    run = 0
                    s.append(c)
                }
            }
            if run > 0 { s += String(run) }
            rankTexts.append(s)
        }
        return rankTexts.joined(separator: "/") + " " + (goatsToMove ? "g" : "t") + " "
            + String(goatsInHand) + " " + String(captures)
    }

    // MARK: Moves

    /// For the tiger on (file, rank) looking along `direction`: the goat it could jump
    /// and the landing point, or `nil`.
    func capture(fromFile file: Int, rank: Int, direction: (Int, Int)) -> (goat: Int, landing: Int)? {
        let (df, dr) = direction
        let gf = file + df, gr = rank + dr, lf = gf + df, lr = gr + dr
        guard Self.joined(file, rank, gf, gr), Self.joined(gf, gr, lf, lr) else { return nil }
        guard cell(gf, gr) == Self.goatCell, cell(lf, lr) == Self.emptyCell else { return nil }
        return (Self.index(gf, gr), Self.index(lf, lr))
    }

    /// Every legal move of the side to move; none once 5 goats are captured.
    func legalMoves() -> [Move] {
        if captures >= 5 { return [] }
        var moves: [Move] = []
        for rank in 0..<5 {
            for file in 0..<5 {
                let here = Self.index(file, rank)
                if goatsToMove && goatsInHand > 0 {
                    if cells[here] == Self.emptyCell { moves.append(Move(kind: .placement, from: here, to: here)) }
                    continue
                }
                let mine = goatsToMove ? Self.goatCell : Self.tigerCell
                guard cells[here] == mine else { continue }
                for (df, dr) in Self.directions {
                    let f = file + df, r = rank + dr
                    if Self.joined(file, rank, f, r) && cell(f, r) == Self.emptyCell {
                        moves.append(Move(kind: .step, from: here, to: Self.index(f, r)))
                    }
                    if !goatsToMove, let c = capture(fromFile: file, rank: rank, direction: (df, dr)) {
                        moves.append(Move(kind: .capture, from: here, to: c.landing))
                    }
                }
            }
        }
        return moves
    }

    /// Plays `move` (assumed legal).
    mutating func play(_ move: Move) {
        switch move.kind {
        case .placement:
            precondition(goatsToMove && goatsInHand > 0 && cells[move.to] == Self.emptyCell, "bad placement")
            cells[move.to] = Self.goatCell
            goatsInHand -= 1
        case .step:
            cells[move.to] = cells[move.from]
            cells[move.from] = Self.emptyCell
        case .capture:
            let over = Self.index((Self.file(move.from) + Self.file(move.to)) / 2,
                                  (Self.rank(move.from) + Self.rank(move.to)) / 2)
            precondition(cells[over] == Self.goatCell, "capture jumps no goat")
            cells[over] = Self.emptyCell
            cells[move.to] = cells[move.from]
            cells[move.from] = Self.emptyCell
            captures += 1
        }
        goatsToMove.toggle()
        plies += 1
    }

    /// Plays the legal move written `notation`.
    mutating func play(notation: String) {
        guard let move = legalMoves().first(where: { Self.notation($0) == notation }) else {
            preconditionFailure("the reference has no legal move \(notation) in \(text)")
        }
        play(move)
    }

    /// The number of leaves `depth` plies below (repetition and the ply limit ignored).
    func perft(_ depth: Int) -> Int {
        if depth == 0 { return 1 }
        let moves = legalMoves()
        if depth == 1 { return moves.count }
        var n = 0
        for m in moves {
            var child = self
            child.play(m)
            n += child.perft(depth - 1)
        }
        return n
    }

    /// The goats some tiger could capture on its next move, whoever is to move now.
    func goatsInDanger() -> Set<Int> {
        if captures >= 5 { return [] }
        var danger = Set<Int>()
        for t in tigerPoints {
            for d in Self.directions {
                if let c = capture(fromFile: Self.file(t), rank: Self.rank(t), direction: d) { danger.insert(c.goat) }
            }
        }
        return danger
    }

    /// The tigers' moves (steps and captures) and the tigers without any, whoever is to move.
    func tigerMobility() -> (moves: Int, trapped: Int) {
        var copy = self
        copy.goatsToMove = false
        copy.captures = 0
        var moves = 0, trapped = 0
        let all = copy.legalMoves()
        for t in tigerPoints {
            let n = all.filter { $0.from == t }.count
            moves += n
            if n == 0 { trapped += 1 }
        }
        return (moves, trapped)
    }

    /// The outcome the position alone decides: 5 captures, a side without moves, then the ply limit.
    var outcome: Outcome? {
        if captures >= 5 { return .win(.second) }
        if legalMoves().isEmpty { return .win(goatsToMove ? .second : .first) }
        if plies >= plyLimit { return .draw }
        return nil
    }
}

// MARK: - Conversions to the engine (for comparison only)

extension NaiveBaghChal.Move {
    var engineMove: BaghChal.Move {
        switch kind {
        case .placement: return BaghChal.Move(placing: to)
        case .step: return BaghChal.Move(from: from, to: to)
        case .capture: return BaghChal.Move(from: from, to: to, isCapture: true)
        }
    }

    init(_ m: BaghChal.Move) {
        self.init(kind: m.isPlacement ? .placement : m.isCapture ? .capture : .step, from: m.from, to: m.to)
    }
}

/// The point indices of a 25-bit bitboard, read bit by bit.
func pointSet(_ b: UInt32) -> Set<Int> {
    Set((0..<32).filter { b & (UInt32(1) << UInt32($0)) != 0 })
}

// MARK: - Seeded random games

/// Positions reached by seeded random play from the start, every position of every
/// game kept (the start, terminal positions and positions at 5 captures included).
///
/// Moves are drawn from the reference's sorted move list with `SplitMix64.next(below:)`.
/// Four kinds of game take turns: in the first the tigers capture whenever they can
/// (games reach 5 captures); in the second the goats also place and step next to
/// tigers when they can (many captures early); in the third the goats avoid leaving a
/// goat in danger and, among those moves, take the most moves away from the tigers
/// (crowded boards, trapped tigers, goats winning); in the fourth the goats only avoid
/// danger and the tigers play uniformly, with a ply limit of 150 (long games in the
/// sliding phase that end at the ply limit).
enum RandomBaghChal {
    static func positions(seed: UInt64, games: Int) -> [BaghChal] {
        var out: [BaghChal] = []
        for g in 0..<games {
            var rng = SplitMix64(seed: seed &+ UInt64(g) &* 0x1_0000_0001)
            let kind = g % 4
            let tigersGreedy = kind == 0 || kind == 1
            let goatsReckless = kind == 1
            let goatsSmother = kind == 2
            let goatsCautious = kind == 3
            let plyLimit = kind == 3 ? 150 : 300
            var p = BaghChal(rules: .init(plyLimit: plyLimit))
            var ref = NaiveBaghChal(engine: p)
            while true {
                out.append(p)
                let moves = ref.legalMoves().sorted()
                if moves.isEmpty || p.outcome != nil { break }
                var pool = moves
                if tigersGreedy && !ref.goatsToMove {
                    let captures = moves.filter { $0.kind == .capture }
                    if !captures.isEmpty { pool = captures }
                }
                if goatsReckless && ref.goatsToMove {
                    let tigers = ref.tigerPoints
                    let near = moves.filter { m in
                        tigers.contains { t in
                            NaiveBaghChal.joined(t % 5, t / 5, m.to % 5, m.to / 5)
                        }
                    }
                    if !near.isEmpty { pool = near }
                }
                if (goatsSmother || goatsCautious) && ref.goatsToMove {
                    let scored = moves.map { m -> (NaiveBaghChal.Move, Int) in
                        var child = ref
                        child.play(m)
                        return (m, child.goatsInDanger().count * 100 + (goatsSmother ? child.tigerMobility().moves : 0))
                    }
                    let best = scored.map(\.1).min()!
                    pool = scored.filter { $0.1 == best }.map(\.0)
                }
                let m = pool[rng.next(below: pool.count)]
                p.play(m.engineMove)
                ref.play(m)
            }
        }
        return out
    }

    /// The shared sample, computed once per test run.
    static let sample = positions(seed: 0x5EED_BC01, games: 32)
}
