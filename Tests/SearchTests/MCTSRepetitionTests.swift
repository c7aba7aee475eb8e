import XCTest
@testable import Boards
@testable import Search

/// MCTS and random rollouts count threefold repetition over the whole game: the
/// positions already played, the tree path and the rollout.
final class MCTSRepetitionTests: XCTestCase {
    /// The start, then a goat and a tiger shuffle back and forth: after these 7 plies
    /// the start position has occurred twice (plies 0 and 4), and `c4-d4` makes it the third time.
    static let shuffle = ["a1-b2", "d4-c4", "b2-a1", "c4-d4", "a1-b2", "d4-c4", "b2-a1"]

    func shuffledGame() throws -> GameHistory<TigersGoats> {
        var game = GameHistory<TigersGoats>()
        for n in Self.shuffle { game.play(try game.position.parseMove(n)) }
        return game
    }

    /// The root's child `notation`: visits, score sum and proof.
    func child(_ notation: String, of tree: MCTSTree<TigersGoatsEvaluator>, at p: TigersGoats) throws
        -> (visits: Int, score: Double, solved: Int8) {
        let raw = try move(notation, in: p).raw
        let c = try XCTUnwrap(tree.rootChildren().first { $0.0 == raw })
        return (c.1, c.2, c.3)
    }

    func testMoveMakingTheThirdOccurrenceIsADrawInTheTree() throws {
        let game = try shuffledGame()
        var after = game
        after.play(try move("c4-d4", in: game.position))
        XCTAssertEqual(after.outcome, .draw, "the rules: third occurrence of the start")

        let tree = MCTSTree(game: game, evaluator: TigersGoatsEvaluator(), exploration: 1.4, rolloutCap: 0,
                            solver: true, seed: 5)
        tree.search(playouts: 2_000, clock: Clock(seconds: nil))
        let c = try child("c4-d4", of: tree, at: game.position)
        XCTAssertGreaterThan(c.visits, 0)
        // Every visit ends in the repetition draw: scored exactly ½, never expanded or proven.
        XCTAssertEqual(c.score, 0.5 * Double(c.visits))
        XCTAssertEqual(c.solved, 0, "a repetition draw is not a proof")

        // Without the game's history the same position is no repetition: rollouts decide.
        let fresh = MCTSTree(game: GameHistory(game.position), evaluator: TigersGoatsEvaluator(), exploration: 1.4,
                             rolloutCap: 0, solver: true, seed: 5)
        fresh.search(playouts: 2_000, clock: Clock(seconds: nil))
        let f = try child("c4-d4", of: fresh, at: game.position)
        XCTAssertNotEqual(f.score, 0.5 * Double(f.visits))
    }

    func testTreePathCountsTowardsRepetition() throws {
        // After 3 plies the position (goat back on a1, tiger on c4) has occurred once.
        // Along the tree path c4-d4 a1-b2 d4-c4 b2-a1 it occurs a second time, and
        // then c4-d4 brings the start back for the third time: a draw in the tree.
        var game = GameHistory<TigersGoats>()
        for n in Self.shuffle.prefix(3) { game.play(try game.position.parseMove(n)) }
        let tree = MCTSTree(game: game, evaluator: TigersGoatsEvaluator(), exploration: 1.4, rolloutCap: 0,
                            solver: true, seed: 9)
        var p = game.position
        tree.lineCount = tree.prefixCount
        tree.since = 0
        var outcomes: [Outcome?] = []
        for n in ["c4-d4", "a1-b2", "d4-c4", "b2-a1", "c4-d4"] {
            let m = try move(n, in: p)
            tree.nodes[0].move = m.raw
            tree.descend(&p, to: 0)
            outcomes.append(tree.outcome(p))
        }
        XCTAssertEqual(outcomes, [nil, nil, nil, nil, .draw])
    }

    /// A rollout from a position already seen twice (at the same side to move) is a draw at once.
    func testRolloutStartingOnTheThirdOccurrenceIsADraw() throws {
        var game = try shuffledGame()
        game.play(try move("c4-d4", in: game.position))
        var playout = RandomPlayout<TigersGoats>()
        var rng = SplitMix64(seed: 3)
        var p = game.position
        let before = game.hashes[game.reversibleStart..<(game.hashes.count - 1)]
        let r = playout.run(from: &p, after: before, using: &rng, maxPlies: .max)
        XCTAssertEqual(r.outcome, .draw)
        XCTAssertEqual(r.plies, 0)
        // Without the history the start is just the start.
        var q = game.position
        XCTAssertGreaterThan(playout.run(from: &q, using: &rng).plies, 0)
    }

    /// A rollout after a history ends exactly where the same random game played in a
    /// ``GameHistory`` (the referee's rules) ends, with the same outcome.
    func testRolloutWithHistoryMatchesGameHistory() throws {
        let start = try shuffledGame()
        var playout = RandomPlayout<TigersGoats>()
        var draws = 0
        for seed: UInt64 in 1...40 {
            var p = start.position
            var rng = SplitMix64(seed: seed)
            let before = start.hashes[start.reversibleStart..<(start.hashes.count - 1)]
            let r = playout.run(from: &p, after: before, using: &rng, maxPlies: .max)

            var game = start
            var replay = SplitMix64(seed: seed)
            var plies = 0
            while game.outcome == nil {
                let moves = game.position.legalMoves
                game.play(moves[replay.next(below: moves.count)])
                plies += 1
            }
            XCTAssertEqual(r.outcome, game.outcome, "seed \(seed)")
            XCTAssertEqual(r.plies, plies, "seed \(seed)")
            XCTAssertEqual(p, game.position, "seed \(seed)")
            if game.outcome == .draw && game.position.outcome == nil { draws += 1 }
        }
        XCTAssertGreaterThan(draws, 0, "some rollouts end by repetition")
    }

    /// Off repetition, an empty history plays the same game as the plain entry point.
    func testEmptyHistoryPlaysTheSameGame() {
        var playout = RandomPlayout<TigersGoats>()
        for seed: UInt64 in 1...20 {
            var a = TigersGoats(), b = TigersGoats()
            var r1 = SplitMix64(seed: seed), r2 = SplitMix64(seed: seed)
            let x = playout.run(from: &a, using: &r1)
            let y = playout.run(from: &b, after: [UInt64](), using: &r2, maxPlies: .max)
            XCTAssertEqual(x.outcome, y.outcome)
            XCTAssertEqual(x.plies, y.plies)
            XCTAssertEqual(a, b)
        }
    }
}
