import XCTest
@testable import Boards
@testable import Search

/// The agents on Bagh-Chal: its evaluation, alpha-beta against a plain negamax, one-move
/// wins for both sides, and whole games for every agent kind.
final class BaghChalSearchTests: XCTestCase {
    typealias AlphaBeta = AlphaBetaAgent<BaghChalEvaluator>
    typealias MCTS = MCTSAgent<BaghChalEvaluator>
    let evaluator = BaghChalEvaluator()

    /// Tigers to move with 4 goats taken: a1xc3 takes the fifth, the only capture.
    static let tigersWinInOne = "T3T/5/5/1G3/T3T t 15 4"
    /// Goats to move with goats in hand: placing on c3 traps all four tigers, and no
    /// other placement does (c3 is the landing point of each tiger's only jump).
    static let goatsTrapInOne = "TGGGT/GG1GG/G3G/GG1GG/TGGGT g 4 0"

    func position(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> BaghChal {
        do { return try BaghChal(parsing: text) } catch {
            XCTFail("could not parse '\(text)': \(error)", file: file, line: line)
            throw error
        }
    }

    /// Seeded random positions still in play: even seeds uniform, odd seeds with tigers
    /// that capture whenever they can; 4 to 80 plies from the start.
    static let positions: [BaghChal] = {
        var rng = SplitMix64(seed: 0xBC_5EA7)
        return (0..<30).map { i in
            var game = SplitMix64(seed: rng.next())
            let plies = 4 + rng.next(below: 77)
            var p = BaghChal()
            for _ in 0..<plies {
                let moves = p.legalMoves
                let captures = moves.filter(\.isCapture)
                let pool = i % 2 == 1 && !captures.isEmpty ? captures : moves
                var next = p
                next.play(pool[game.next(below: pool.count)])
                if next.outcome != nil { break }
                p = next
            }
            return p
        }
    }()

    /// A plain negamax, no pruning or table, with the worker's conventions. Repetition
    /// cannot occur within 3 plies of a fresh root (a step and a reply cannot undo each other).
    func negamax(_ p: BaghChal, depth: Int, ply: Int = 0) -> Int {
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
            best = max(best, -negamax(child, depth: depth - 1, ply: ply + 1))
        }
        return best
    }

    // MARK: - Evaluation

    func testWeightsHaveNamesAndFiniteDefaults() {
        let w = BaghChalEvaluator.defaultWeights
        XCTAssertEqual(w.names, ["captures", "mobility", "trapped", "danger", "threat"])
        XCTAssertTrue(w.values.allSatisfy(\.isFinite))
    }

    /// The same position with the other side to move scores the negation, except that
    /// the tigers to move with a capture available get `threat` on top.
    func testEvaluationIsAntisymmetricApartFromThreat() throws {
        let threat = Int(BaghChalEvaluator.defaultWeights["threat"])
        var threatened = 0, compared = 0
        for p in Self.positions {
            // Only texts that are valid with either side to move.
            guard p.captures < 5, p.goats != 0, p.goatsInHand < 20 else { continue }
            let t = try BaghChal(goats: p.goats, tigers: p.tigers, sideToMove: .second,
                                 goatsInHand: p.goatsInHand, captures: p.captures)
            let g = try BaghChal(goats: p.goats, tigers: p.tigers, sideToMove: .first,
                                 goatsInHand: p.goatsInHand, captures: p.captures)
            let bonus = t.goatsInDanger != 0 ? threat : 0
            if bonus != 0 { threatened += 1 }
            XCTAssertEqual(evaluator.evaluate(t) + evaluator.evaluate(g), bonus, p.text)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 20)
        XCTAssertGreaterThan(threatened, 3, "some positions exercise the threat term")
    }

    func testTermsMoveTheValueByTheirWeights() throws {
        var w = BaghChalEvaluator.defaultWeights
        for name in w.names { try w.set(name, to: 0) }
        try w.set("trapped", to: 40)
        try w.set("captures", to: 7)
        let e = BaghChalEvaluator(weights: w)
        let trapped = try position("TGGGT/GG1GG/G1G1G/GG1GG/TGGGT t 3 0")
        XCTAssertEqual(e.evaluate(trapped), -160, "tigers to move, four trapped: -40 each")
        let taken = try position("T3T/5/5/1G3/T3T g 15 4")
        XCTAssertEqual(e.evaluate(taken), -28, "goats to move, 4 captured at 7 each")
    }

    // MARK: - Alpha-beta

    func testAlphaBetaValueEqualsPlainNegamaxAtDepths1To3() {
        for p in Self.positions.prefix(16) {
            for depth in 1...3 {
                let want = negamax(p, depth: depth)
                for megabytes in [16, 0] {
                    var agent = AlphaBeta(evaluator: evaluator, budget: SearchBudget(depth: depth), tableMegabytes: megabytes)
                    let r = agent.selectMove(GameHistory(p))
                    XCTAssertEqual(r.value, Double(want), "\(p.text) depth \(depth) table \(megabytes)")
                    guard let m = r.move else { XCTFail("no move in \(p.text)"); continue }
                    var child = p
                    child.play(m)
                    XCTAssertEqual(-negamax(child, depth: depth - 1, ply: 1), want, "\(p.notation(of: m)) is a best move")
                }
            }
        }
    }

    func testBothSidesTakeAnImmediateWin() throws {
        let tigers = try position(Self.tigersWinInOne)
        let goats = try position(Self.goatsTrapInOne)
        let winning = goats.legalMoves.filter { m in var c = goats; c.play(m); return c.outcome == .win(BaghChal.goats) }
        XCTAssertEqual(winning.map(goats.notation(of:)), ["c3"], "exactly one placement traps every tiger")
        for (p, win) in [(tigers, "a1xc3"), (goats, "c3")] {
            for depth in [1, 3] {
                var agent = AlphaBeta(evaluator: evaluator, budget: SearchBudget(depth: depth))
                let r = agent.selectMove(GameHistory(p))
                XCTAssertEqual(r.move.map(p.notation(of:)), win, "alpha-beta depth \(depth) in \(p.text)")
                XCTAssertEqual(r.value, Double(Evaluation.winScore - 1))
            }
            // Without the solver MCTS picks the goats' trap too, but not reliably the
            // tigers' win: random rollouts win nearly every line for the tigers, so the
            // visits spread over all their moves.
            for solver in p.sideToMove == BaghChal.goats ? [true, false] : [true] {
                var agent = MCTS(evaluator: evaluator, budget: SearchBudget(playouts: 1_000), solver: solver, seed: 3)
                XCTAssertEqual(agent.selectMove(GameHistory(p)).move.map(p.notation(of:)), win, "MCTS solver \(solver)")
            }
            var greedy = GreedyAgent(evaluator: evaluator, seed: 1)
            XCTAssertEqual(greedy.selectMove(GameHistory(p)).move.map(p.notation(of:)), win, "greedy")
        }
    }

    // MARK: - Whole games

    /// Every agent kind, made from its spec by the factory, plays both sides of short
    /// games to the end: every move legal, every game finished (ply limit 60 at most).
    func testEveryAgentKindPlaysWholeGames() throws {
        let specs = ["random", "greedy", "alphabeta:depth=2", "mcts:playouts=100", "mcts:playouts=100,cap=8"]
        for (i, spec) in specs.enumerated() {
            for side in Player.allCases {
                var agent = try AgentFactory<BaghChalEvaluator>.make(spec, seed: UInt64(i))
                var opponent = try AgentFactory<BaghChalEvaluator>.make("random", seed: UInt64(100 + i))
                var game = GameHistory(BaghChal(rules: .init(plyLimit: 60)))
                while game.outcome == nil {
                    let mover = game.position.sideToMove == side
                    let r = mover ? agent.selectMove(game) : opponent.selectMove(game)
                    guard let m = r.move else { XCTFail("\(spec): no move in \(game.position.text)"); break }
                    XCTAssertTrue(game.position.legalMoves.contains(m), "\(spec): illegal move in \(game.position.text)")
                    game.play(m)
                }
                XCTAssertNotNil(game.outcome, "\(spec) as \(BaghChal.sideName(side))")
            }
        }
    }

    func testAlphaBetaTigersBeatRandomGoats() throws {
        var tigers = try AgentFactory<BaghChalEvaluator>.make("alphabeta:depth=3", seed: 1)
        var goats = try AgentFactory<BaghChalEvaluator>.make("random", seed: 2)
        var game = GameHistory<BaghChal>()
        while game.outcome == nil {
            let r = game.position.sideToMove == BaghChal.tigers ? tigers.selectMove(game) : goats.selectMove(game)
            game.play(try XCTUnwrap(r.move))
        }
        XCTAssertEqual(game.outcome, .win(BaghChal.tigers))
    }
}
