@testable import Boards

// Deliberately broken games for the conformance suites' own tests: each wraps a
// correct engine and breaks one thing, so a test can show the suite notices.

/// Tigers & Goats with one bug planted.
struct MutantTigersGoats: TwoPlayerGame {
    enum Bug: CaseIterable {
        case none
        /// `generateMoves` leaves out the last move.
        case dropsLastMove
        /// `generateMoves` lists the first move twice.
        case duplicatesFirstMove
        /// `moveCount()` counts one move too many.
        case moveCountOffByOne
        /// The incremental hash depends on the ply count, so it differs from the hash from scratch.
        case hashDependsOnPly
        /// The text always says goats to move.
        case textAlwaysGoatsToMove
        /// Captures are written with `-` (and so cannot be parsed back).
        case captureWrittenAsStep
        /// `parseMove` returns some legal move instead of throwing.
        case parseAcceptsAnything
        /// A capture does not remove the goat.
        case captureLeavesTheGoat
        /// `outcome` never reports the ply limit.
        case outcomeIgnoresPlyLimit
        /// `outcome` reports nothing while the side to move still has pieces, even when stuck.
        case outcomeIgnoresStuckSide
        /// Every move is declared irreversible, so `GameHistory` forgets the positions before it.
        case everyMoveIrreversible
    }

    typealias Move = TigersGoats.Move
    var base: TigersGoats
    var bug: Bug

    init(base: TigersGoats, bug: Bug) { self.base = base; self.bug = bug }
    init() { self.init(base: TigersGoats(), bug: .none) }
    init(parsing text: String) throws(ParseError) { self.init(base: try TigersGoats(parsing: text), bug: .none) }

    static var name: String { "mutant-tigers-goats" }
    static var nullMove: Move { TigersGoats.nullMove }
    static func sideName(_ player: Player) -> String { TigersGoats.sideName(player) }

    var sideToMove: Player { base.sideToMove }
    var plyCount: Int { base.plyCount }

    var hash: UInt64 {
        switch bug {
        case .hashDependsOnPly: return base.hash ^ UInt64(base.plyCount)
        default: return base.hash
        }
    }

    func generateMoves(into moves: inout MoveList<Move>) {
        var all = MoveList<Move>(filler: Self.nullMove)
        base.generateMoves(into: &all)
        let n = bug == .dropsLastMove && all.count > 1 ? all.count - 1 : all.count
        for i in 0..<n { moves.append(all[i]) }
        if bug == .duplicatesFirstMove && n > 0 { moves.append(all[0]) }
    }

    func moveCount() -> Int {
        var moves = MoveList<Move>(filler: Self.nullMove)
        generateMoves(into: &moves)
        return moves.count + (bug == .moveCountOffByOne ? 1 : 0)
    }

    mutating func play(_ move: Move) {
        if bug == .captureLeavesTheGoat && move.isCapture {
            base.play(Move(from: move.from, to: move.to))
        } else {
            base.play(move)
        }
    }

    func isIrreversible(_ move: Move) -> Bool { bug == .everyMoveIrreversible || base.isIrreversible(move) }
    func isCapture(_ move: Move) -> Bool { base.isCapture(move) }

    var outcome: Outcome? {
        let o = base.outcome
        if bug == .outcomeIgnoresPlyLimit && o == .draw { return nil }
        if bug == .outcomeIgnoresStuckSide && base.captures < 4 && o == .win(base.sideToMove.opponent) { return nil }
        return o
    }

    var text: String {
        bug == .textAlwaysGoatsToMove ? base.text.replacingOccurrences(of: " t ", with: " g ") : base.text
    }

    func notation(of move: Move) -> String {
        bug == .captureWrittenAsStep ? base.notation(of: move).replacingOccurrences(of: "x", with: "-") : base.notation(of: move)
    }

    func parseMove(_ text: String) throws(ParseError) -> Move {
        do {
            return try base.parseMove(text)
        } catch {
            if bug == .parseAcceptsAnything, let any = legalMoves.first { return any }
            throw error
        }
    }
}

/// The naive Tigers & Goats as the reference of ``MutantTigersGoats``: it reads the
/// wrapped engine's position, so it holds the truth the mutant departs from.
struct MutantTigersGoatsReference: NaiveReference {
    var inner: NaiveTigersGoats
    init(engine: MutantTigersGoats) { inner = NaiveTigersGoats(engine: engine.base) }
    var legalMoveNotations: [String] { inner.legalMoveNotations }
    mutating func play(notation: String) {
        // The mutant may write a capture as a step; the reference plays what was meant.
        if inner.legalMoveNotations.contains(notation) {
            inner.play(notation: notation)
        } else {
            inner.play(notation: notation.replacingOccurrences(of: "-", with: "x"))
        }
    }
    func perft(_ depth: Int) -> Int { inner.perft(depth) }
    var outcome: Outcome? { inner.outcome }
    var text: String { inner.text }
}

/// Coin Sorter with one bug planted.
struct MutantCoinSorter: StochasticPuzzle {
    enum Bug: CaseIterable {
        case none
        /// `generateMoves` leaves out the last swap.
        case dropsLastSwap
        /// The score counts one point too many once a turn has been played.
        case scoreOneTooHigh
        /// The text always writes score 0.
        case textDropsScore
        /// The game is over with one turn still left.
        case endsOneTurnEarly
        /// `parseMove` returns a swap for any text.
        case parseAcceptsAnything
        /// Swaps are written higher cell first (`c3:a1`).
        case notationHigherCellFirst
        /// A chance node offers one outcome twice.
        case chanceOutcomeTwice
        /// Chance outcomes by index are all the first outcome.
        case chanceOutcomeByIndexAlwaysFirst
        /// The random move is the null move, an illegal swap.
        case randomMoveIllegal
        /// The random move never draws the last swap.
        case randomMoveSkipsLastSwap
    }

    typealias Move = CoinSorter.Swap
    typealias ChanceOutcome = Coin
    var base: CoinSorter
    var bug: Bug

    init(base: CoinSorter, bug: Bug) { self.base = base; self.bug = bug }
    init(parsing text: String) throws(ParseError) { self.init(base: try CoinSorter(parsing: text), bug: .none) }

    static var name: String { "mutant-coin-sorter" }
    static var nullMove: Move { CoinSorter.nullMove }

    var isOver: Bool { base.isOver || (bug == .endsOneTurnEarly && base.turnsLeft <= 1 && !base.isChanceNode) }
    var isChanceNode: Bool { base.isChanceNode }
    var chanceOutcomes: [Coin] {
        let o = base.chanceOutcomes
        return bug == .chanceOutcomeTwice && !o.isEmpty ? o + [o[0]] : o
    }
    mutating func applyChance(_ outcome: Coin) { base.applyChance(outcome) }
    var chanceOutcomeCount: Int { base.chanceOutcomeCount }
    func chanceOutcome(_ index: Int) -> Coin { base.chanceOutcome(bug == .chanceOutcomeByIndexAlwaysFirst ? 0 : index) }

    func randomMove(using generator: inout SplitMix64) -> Move? {
        guard !isOver, let m = base.randomMove(using: &generator) else { return nil }
        switch bug {
        case .randomMoveIllegal: return Self.nullMove
        case .randomMoveSkipsLastSwap: return m == Move(23, 24) ? Move(0, 1) : m
        default: return m
        }
    }

    func generateMoves(into moves: inout MoveList<Move>) {
        guard !isOver else { return }
        var all = MoveList<Move>(filler: Self.nullMove)
        base.generateMoves(into: &all)
        let n = bug == .dropsLastSwap && all.count > 1 ? all.count - 1 : all.count
        for i in 0..<n { moves.append(all[i]) }
    }

    mutating func play(_ move: Move) { base.play(move) }

    var score: Int { base.score + (bug == .scoreOneTooHigh && base.turnsLeft < CoinSorter.turnsPerGame ? 1 : 0) }

    var text: String {
        guard bug == .textDropsScore else { return base.text }
        return base.text.split(separator: " ").dropLast().joined(separator: " ") + " 0"
    }

    func notation(of move: Move) -> String {
        guard bug == .notationHigherCellFirst else { return base.notation(of: move) }
        return CoinSorter.cellName(Int(move.second)) + ":" + CoinSorter.cellName(Int(move.first))
    }

    func parseMove(_ text: String) throws(ParseError) -> Move {
        if bug == .parseAcceptsAnything, (try? base.parseMove(text)) == nil { return Move(0, 1) }
        return try base.parseMove(text)
    }
}

/// The engine's referee, handing out ``MutantCoinSorter`` states.
struct MutantCoinSorterReferee: PuzzleReferee {
    var base: CoinSorterReferee
    let bug: MutantCoinSorter.Bug
    var state: MutantCoinSorter { MutantCoinSorter(base: base.state, bug: bug) }
    mutating func play(_ move: CoinSorter.Swap) { base.play(move) }
}

/// The naive Coin Sorter as the reference of ``MutantCoinSorter``.
struct MutantCoinSorterReference: NaivePuzzleReference {
    typealias Puzzle = MutantCoinSorter
    var inner: CoinSorterReference
    static func dealt(seed: UInt64) -> Self { Self(inner: CoinSorterReference(seed: seed)) }
    var legalMoveNotations: [String] { inner.legalMoveNotations }
    /// Plays a swap in either cell order (the mutant may write the higher cell first).
    mutating func play(notation: String) { inner.play(notation: notation) }
    var turnsLeft: Int { inner.turnsLeft }
    var score: Int { inner.score }
    var isOver: Bool { inner.isOver }
    var text: String { inner.text }
}
