import XCTest
@testable import Boards
@testable import Search

// Shared helpers of the Search tests: position parsing, a plain reference negamax,
// and seeded random positions.

/// Parses Tigers & Goats position text, failing the test (not crashing) when it is bad.
func tigersGoats(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> TigersGoats {
    do {
        return try TigersGoats(parsing: text)
    } catch {
        XCTFail("could not parse '\(text)': \(error)", file: file, line: line)
        throw error
    }
}

/// Parses Coin Sorter position text, failing the test when it is bad.
func coinSorter(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> CoinSorter {
    do {
        return try CoinSorter(parsing: text)
    } catch {
        XCTFail("could not parse '\(text)': \(error)", file: file, line: line)
        throw error
    }
}

/// The move written `notation` in `position`, failing the test when it is not legal.
func move(_ notation: String, in position: TigersGoats,
          file: StaticString = #filePath, line: UInt = #line) throws -> TigersGoats.Move {
    do {
        return try position.parseMove(notation)
    } catch {
        XCTFail("move \(notation) rejected in \(position.text): \(error)", file: file, line: line)
        throw error
    }
}

/// The same position text with the other side to move.
func flippingSide(_ text: String) -> String {
    var fields = text.split(separator: " ").map(String.init)
    fields[1] = fields[1] == "g" ? "t" : "g"
    return fields.joined(separator: " ")
}

/// A plain negamax: no pruning, no table, no move ordering. It follows the
/// conventions of `AlphaBetaWorker`: values from the side to move's view, a finished
/// game `±(winScore − ply)` (draw 0) from `position.outcome`, the leaf the evaluator.
///
/// Repetition is ignored: from a fresh `GameHistory`, a position within 3 plies of
/// the root can never repeat one of the same side to move on the path (a goat step
/// and a tiger move cannot undo each other), so the worker never scores one either.
enum ReferenceSearch {
    static func negamax(_ p: TigersGoats, depth: Int, ply: Int = 0,
                        evaluator: TigersGoatsEvaluator) -> Int {
        if let o = p.outcome {
            switch o {
            case .draw: return 0
            case .win(let w): return w == p.sideToMove ? Evaluation.winScore - ply : -(Evaluation.winScore - ply)
            }
        }
        if depth <= 0 { return evaluator.evaluate(p) }
        var best = Int.min
        for m in p.legalMoves {
            var child = p
            child.play(m)
            best = max(best, -negamax(child, depth: depth - 1, ply: ply + 1, evaluator: evaluator))
        }
        return best
    }

    /// The value of each root move searched to `depth - 1` below it (so the root's
    /// value at `depth` is the maximum), from the root side's view.
    static func rootMoveValues(_ p: TigersGoats, depth: Int,
                               evaluator: TigersGoatsEvaluator) -> [UInt16: Int] {
        var values: [UInt16: Int] = [:]
        for m in p.legalMoves {
            var child = p
            child.play(m)
            values[m.raw] = -negamax(child, depth: depth - 1, ply: 1, evaluator: evaluator)
        }
        return values
    }

    /// Negamax with the repetition rule of `AlphaBetaWorker`, for a root with a game
    /// history: a position already on the search path (same side to move) is a draw,
    /// and so is one that occurred twice in the game before the root; only positions
    /// since the last capture count. Returns the value of each root move.
    static func rootMoveValues(_ game: GameHistory<TigersGoats>, depth: Int,
                               evaluator: TigersGoatsEvaluator) -> [UInt16: Int] {
        var path = game.hashes
        let rootIndex = path.count - 1
        func search(_ p: TigersGoats, _ depth: Int, _ ply: Int, _ since: Int) -> Int {
            if let o = p.outcome {
                switch o {
                case .draw: return 0
                case .win(let w): return w == p.sideToMove ? Evaluation.winScore - ply : -(Evaluation.winScore - ply)
                }
            }
            var beforeRoot = 0
            var j = path.count - 3
            while j >= since {
                if path[j] == p.hash {
                    if j >= rootIndex { return 0 }
                    beforeRoot += 1
                }
                j -= 2
            }
            if beforeRoot >= 2 { return 0 }
            if depth <= 0 { return evaluator.evaluate(p) }
            var best = Int.min
            for m in p.legalMoves {
                var child = p
                child.play(m)
                path.append(child.hash)
                best = max(best, -search(child, depth - 1, ply + 1, m.isCapture ? path.count - 1 : since))
                path.removeLast()
            }
            return best
        }
        let root = game.position
        var values: [UInt16: Int] = [:]
        for m in root.legalMoves {
            var child = root
            child.play(m)
            path.append(child.hash)
            values[m.raw] = -search(child, depth - 1, 1, m.isCapture ? path.count - 1 : game.reversibleStart)
            path.removeLast()
        }
        return values
    }

    /// Whether the side to move at `p` can force a win (by the position's own rules)
    /// within `plies` plies, found by exhaustive search.
    static func forcedWin(_ p: TigersGoats, within plies: Int) -> Bool {
        let me = p.sideToMove
        func wins(_ q: TigersGoats, _ left: Int) -> Bool {
            if let o = q.outcome { return o == .win(me) }
            if left == 0 { return false }
            let moves = q.legalMoves
            if q.sideToMove == me {
                return moves.contains { m in var c = q; c.play(m); return wins(c, left - 1) }
            }
            return moves.allSatisfy { m in var c = q; c.play(m); return wins(c, left - 1) }
        }
        return wins(p, plies)
    }
}

/// Seeded random Tigers & Goats positions still in play, reached from the start.
enum RandomPositions {
    /// Plays `plies` random moves from the start (stopping early at the end of the
    /// game and keeping the last position in play). With `greedyTigers`, tigers capture
    /// whenever they can, which brings games near the end (3 captures) fast.
    static func play(seed: UInt64, plies: Int, greedyTigers: Bool) -> TigersGoats {
        var rng = SplitMix64(seed: seed)
        var p = TigersGoats()
        for _ in 0..<plies {
            let moves = p.legalMoves
            guard !moves.isEmpty else { break }
            let captures = moves.filter(\.isCapture)
            let pool = greedyTigers && !captures.isEmpty ? captures : moves
            var next = p
            next.play(pool[rng.next(below: pool.count)])
            if next.outcome != nil { break }
            p = next
        }
        return p
    }

    /// `count` positions: even seeds play plain random games of 6 to 60 plies, odd
    /// seeds play games with capturing tigers of 6 to 80 plies.
    static func sample(count: Int, seed: UInt64) -> [TigersGoats] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let greedy = i % 2 == 1
            let plies = 6 + rng.next(below: greedy ? 75 : 55)
            return play(seed: rng.next(), plies: plies, greedyTigers: greedy)
        }
    }
}

extension TigersGoats {
    /// Whether the tigers (to move or not) could capture a goat right now.
    var hasCaptureThreat: Bool { goatsInDanger != 0 }
}
