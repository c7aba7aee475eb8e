import XCTest
@testable import Boards

/// A deliberately naive Tigers & Goats, written from docs/rules.md, Tigers & Goats alone.
///
/// It keeps the board as an 8x8 array of characters (`board[rank][file]`, rank 0 is
/// rank 1), walks every direction with explicit loops and bounds checks, and shares no
/// code with the engine: the engine is only read (its bitboards or its text) to build
/// a reference position, and reference moves are converted to engine moves to compare.
struct NaiveTigersGoats: Hashable {
    /// A move as a triple of square indices (`rank * 8 + file`) and the capture flag.
    struct Move: Hashable, Comparable, CustomStringConvertible {
        let from: Int
        let to: Int
        let isCapture: Bool

        static func < (a: Move, b: Move) -> Bool {
            (a.from, a.to, a.isCapture ? 1 : 0) < (b.from, b.to, b.isCapture ? 1 : 0)
        }

        var description: String { NaiveTigersGoats.notation(self) }
    }

    static let emptyCell: Character = "."
    static let goatCell: Character = "G"
    static let tigerCell: Character = "T"

    /// The eight king directions (file step, rank step).
    static let allDirections: [(Int, Int)] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
    /// The four rook directions.
    static let rookDirections: [(Int, Int)] = [(0, 1), (1, 0), (0, -1), (-1, 0)]

    /// `board[rank][file]`, holding `.`, `G` or `T`.
    var board: [[Character]]
    var goatsToMove: Bool
    var captures: Int
    var longRange: Bool
    /// Plies played since this reference was set up, and the ply limit (for outcomes).
    var plies = 0
    var plyLimit = 300

    // MARK: Setting up

    /// The start position of docs/rules.md, built by hand.
    init(longRange: Bool = false, plyLimit: Int = 300) {
        board = Array(repeating: Array(repeating: Self.emptyCell, count: 8), count: 8)
        for rank in 0..<8 {
            for file in 0..<8 where rank == 0 || rank == 7 || file == 0 || file == 7 {
                board[rank][file] = Self.goatCell
            }
        }
        for (file, rank) in [(3, 3), (4, 3), (3, 4), (4, 4)] { board[rank][file] = Self.tigerCell }
        goatsToMove = true
        captures = 0
        self.longRange = longRange
        self.plyLimit = plyLimit
    }

    /// The position the engine holds, read square by square from its bitboards.
    init(engine p: TigersGoats) {
        board = Array(repeating: Array(repeating: Self.emptyCell, count: 8), count: 8)
        for rank in 0..<8 {
            for file in 0..<8 {
                let bit = UInt64(1) << UInt64(rank * 8 + file)
                let isGoat = p.goats & bit != 0
                let isTiger = p.tigers & bit != 0
                precondition(!(isGoat && isTiger), "engine position has two pieces on one square")
                if isGoat { board[rank][file] = Self.goatCell }
                if isTiger { board[rank][file] = Self.tigerCell }
            }
        }
        goatsToMove = p.sideToMove == .first
        captures = p.captures
        longRange = p.rules.longRangeCapture
        plies = p.plyCount
        plyLimit = p.rules.plyLimit
    }

    /// Parses well-formed position text (`nil` for anything else); ply count 0.
    init?(text: String, longRange: Bool = false) {
        let fields = text.split(separator: " ").map(String.init)
        guard fields.count == 3 else { return nil }
        let ranks = fields[0].split(separator: "/", omittingEmptySubsequences: false).map(Array.init)
        guard ranks.count == 8 else { return nil }
        var board = Array(repeating: Array(repeating: Self.emptyCell, count: 8), count: 8)
        for i in 0..<8 {
            let rank = 7 - i
            var file = 0
            for ch in ranks[i] {
                if ch == "G" || ch == "T" {
                    guard file < 8 else { return nil }
                    board[rank][file] = ch
                    file += 1
                } else if let n = "12345678".firstIndex(of: ch) {
                    file += "12345678".distance(from: "12345678".startIndex, to: n) + 1
                } else {
                    return nil
                }
            }
            guard file == 8 else { return nil }
        }
        guard fields[1] == "g" || fields[1] == "t" else { return nil }
        guard let n = Int(fields[2]), n >= 0 else { return nil }
        self.board = board
        goatsToMove = fields[1] == "g"
        captures = n
        self.longRange = longRange
    }

    // MARK: Reading

    static func onBoard(_ file: Int, _ rank: Int) -> Bool { file >= 0 && file < 8 && rank >= 0 && rank < 8 }
    static func index(_ file: Int, _ rank: Int) -> Int { rank * 8 + file }
    static func squareName(_ square: Int) -> String {
        let files: [Character] = ["a", "b", "c", "d", "e", "f", "g", "h"]
        return String(files[square % 8]) + String(square / 8 + 1)
    }
    static func notation(_ m: Move) -> String {
        squareName(m.from) + (m.isCapture ? "x" : "-") + squareName(m.to)
    }

    func cell(_ square: Int) -> Character { board[square / 8][square % 8] }

    var goatSquares: Set<Int> { squares(holding: Self.goatCell) }
    var tigerSquares: Set<Int> { squares(holding: Self.tigerCell) }

    func squares(holding piece: Character) -> Set<Int> {
        var out = Set<Int>()
        for rank in 0..<8 { for file in 0..<8 where board[rank][file] == piece { out.insert(Self.index(file, rank)) } }
        return out
    }

    /// The position text of docs/formats.md, written naively.
    var text: String {
        var rankTexts: [String] = []
        for rank in (0..<8).reversed() {
            var s = ""
            var run = 0
            for file in 0..<8 {
                let c = board[rank][file]
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
        return rankTexts.joined(separator: "/") + " " + (goatsToMove ? "g" : "t") + " " + String(captures)
    }

    // MARK: Moves

    /// For the tiger on (file, rank) looking along (df, dr): the goat it could jump in
    /// that direction and the landing square, or `nil`.
    func capture(fromFile file: Int, rank: Int, direction: (Int, Int)) -> (goat: Int, landing: Int)? {
        let (df, dr) = direction
        var f = file + df, r = rank + dr
        if longRange {
            while Self.onBoard(f, r) && board[r][f] == Self.emptyCell { f += df; r += dr }
        }
        guard Self.onBoard(f, r), board[r][f] == Self.goatCell else { return nil }
        let lf = f + df, lr = r + dr
        guard Self.onBoard(lf, lr), board[lr][lf] == Self.emptyCell else { return nil }
        return (Self.index(f, r), Self.index(lf, lr))
    }

    /// Every legal move of the side to move; none once 4 goats are captured.
    func legalMoves() -> [Move] {
        if captures >= 4 { return [] }
        var moves: [Move] = []
        for rank in 0..<8 {
            for file in 0..<8 {
                let from = Self.index(file, rank)
                if goatsToMove && board[rank][file] == Self.goatCell {
                    for (df, dr) in Self.allDirections {
                        let f = file + df, r = rank + dr
                        if Self.onBoard(f, r) && board[r][f] == Self.emptyCell {
                            moves.append(Move(from: from, to: Self.index(f, r), isCapture: false))
                        }
                    }
                } else if !goatsToMove && board[rank][file] == Self.tigerCell {
                    for (df, dr) in Self.rookDirections {
                        var f = file + df, r = rank + dr
                        while Self.onBoard(f, r) && board[r][f] == Self.emptyCell {
                            moves.append(Move(from: from, to: Self.index(f, r), isCapture: false))
                            f += df
                            r += dr
                        }
                        if let c = capture(fromFile: file, rank: rank, direction: (df, dr)) {
                            moves.append(Move(from: from, to: c.landing, isCapture: true))
                        }
                    }
                }
            }
        }
        return moves
    }

    /// Plays `move` (assumed legal).
    mutating func play(_ move: Move) {
        let fromFile = move.from % 8, fromRank = move.from / 8
        let toFile = move.to % 8, toRank = move.to / 8
        let piece = board[fromRank][fromFile]
        board[fromRank][fromFile] = Self.emptyCell
        board[toRank][toFile] = piece
        if move.isCapture {
            let df = (toFile - fromFile).signum(), dr = (toRank - fromRank).signum()
            precondition(board[toRank - dr][toFile - df] == Self.goatCell, "capture jumps no goat")
            board[toRank - dr][toFile - df] = Self.emptyCell
            captures += 1
        }
        goatsToMove.toggle()
        plies += 1
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
        if captures >= 4 { return [] }
        var danger = Set<Int>()
        for rank in 0..<8 {
            for file in 0..<8 where board[rank][file] == Self.tigerCell {
                for d in Self.rookDirections {
                    if let c = capture(fromFile: file, rank: rank, direction: d) { danger.insert(c.goat) }
                }
            }
        }
        return danger
    }

    /// The outcome the position alone decides: 4 captures, a side without moves, then the ply limit.
    var outcome: Outcome? {
        if captures >= 4 { return .win(.second) }
        if legalMoves().isEmpty { return .win(goatsToMove ? .second : .first) }
        if plies >= plyLimit { return .draw }
        return nil
    }
}

// MARK: - Conversions to the engine (for comparison only)

extension NaiveTigersGoats.Move {
    var engineMove: TigersGoats.Move { TigersGoats.Move(from: from, to: to, isCapture: isCapture) }
    init(_ m: TigersGoats.Move) { self.init(from: m.from, to: m.to, isCapture: m.isCapture) }
}

/// A set of square indices as a bitboard.
func bitboard(_ squares: Set<Int>) -> UInt64 {
    var b: UInt64 = 0
    for s in squares { b |= UInt64(1) << UInt64(s) }
    return b
}

/// The square indices of a bitboard, read bit by bit.
func squareSet(_ b: UInt64) -> Set<Int> {
    Set((0..<64).filter { b & (UInt64(1) << UInt64($0)) != 0 })
}

// MARK: - Seeded random games

/// Positions reached by seeded random play from the start, every position of every
/// game kept (the start, terminal positions and positions at 4 captures included).
///
/// Moves are drawn from the reference's sorted move list with `SplitMix64.next(below:)`.
/// In every second game the tigers capture whenever they can, so that games reach
/// 4 captures, and in every fourth of those the goats prefer steps next to a tiger.
/// In the other fourth the goats avoid leaving a goat in danger when they can, which
/// makes long, crowded games.
enum RandomTigersGoats {
    static func positions(longRange: Bool, seed: UInt64, games: Int, maxPlies: Int = 301) -> [TigersGoats] {
        var out: [TigersGoats] = []
        for g in 0..<games {
            var rng = SplitMix64(seed: seed &+ UInt64(g) &* 0x1_0000_0001)
            let tigersGreedy = g % 2 == 1
            let goatsReckless = g % 4 == 3
            let goatsCautious = g % 4 == 0
            var p = TigersGoats(rules: .init(longRangeCapture: longRange))
            var ref = NaiveTigersGoats(engine: p)
            for _ in 0..<maxPlies {
                out.append(p)
                let moves = ref.legalMoves().sorted()
                if moves.isEmpty || p.outcome != nil { break }
                var pool = moves
                if tigersGreedy && !ref.goatsToMove {
                    let captures = moves.filter(\.isCapture)
                    if !captures.isEmpty { pool = captures }
                }
                if goatsReckless && ref.goatsToMove {
                    let tigers = ref.tigerSquares
                    let near = moves.filter { m in
                        tigers.contains { t in abs(t % 8 - m.to % 8) + abs(t / 8 - m.to / 8) == 1 }
                    }
                    if !near.isEmpty { pool = near }
                }
                if goatsCautious && ref.goatsToMove {
                    let safe = moves.filter { m in
                        var child = ref
                        child.play(m)
                        return child.goatsInDanger().isEmpty
                    }
                    if !safe.isEmpty { pool = safe }
                }
                let m = pool[rng.next(below: pool.count)]
                p.play(m.engineMove)
                ref.play(m)
            }
        }
        return out
    }

    /// The shared samples: one per rule variant, computed once per test run.
    static let standard = positions(longRange: false, seed: 0x5EED_0001, games: 24)
    static let longRange = positions(longRange: true, seed: 0x5EED_0002, games: 24)

    static func samples(longRange: Bool) -> [TigersGoats] { longRange ? Self.longRange : Self.standard }
}
