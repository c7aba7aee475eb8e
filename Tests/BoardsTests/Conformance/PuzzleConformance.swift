@testable import Boards

/// The checks every stochastic puzzle must pass: seeded games run by the engine's
/// referee, every decision state compared with a naive reference that draws from its
/// own copy of the stream, chance nodes explored on copies, and every game replayed
/// from its seed and move list. The allocation-free forms agents use (chance outcomes
/// by index, ``StochasticPuzzle/randomMove(using:)``) must agree with the listed ones.
///
/// Generic over the referee and the reference: adding a puzzle needs a
/// ``NaivePuzzleReference``, a ``PuzzleReferee`` and one test case.
struct PuzzleConformance<Referee: PuzzleReferee, Reference: NaivePuzzleReference>
where Reference.Puzzle == Referee.Puzzle {
    typealias Puzzle = Referee.Puzzle

    typealias Check = PuzzleCheck

    /// The referee of a seed's game.
    var referee: (UInt64) -> Referee
    /// Parses position text.
    var parse: (String) throws -> Puzzle = { try Puzzle(parsing: $0) }
    /// The seeds of the games.
    var seeds: [UInt64] = Array(0..<40) + [0xDEAD_BEEF, UInt64.max]
    /// Texts that are not moves in any state; parsing each must throw.
    var malformedMoves = ["", "   ", "?", ":", "a1:", ":a1", "a1", "a1:b2:c3", "a1-b2", "z9:a1",
                          "a0:a1", "A1:B2", "a1::b2", "a1 b2", "é4:e5", "a1:b2 extra"]
    /// The most chance events one move may call for before the check gives up.
    var maxChanceEvents = 10_000

    /// Plays the games and checks them; the report lists every failure found.
    func run() -> ConformanceReport {
        var report = ConformanceReport()
        for (g, seed) in seeds.enumerated() {
            var rng = SplitMix64(seed: seed ^ 0x5EED_C0DE)
            // Every second game plays a move that scores most at once, so that games
            // complete lines and refill; the others play uniformly random moves.
            playGame(seed: seed, greedy: g % 2 == 1, rng: &rng, report: &report)
        }
        return report
    }

    private func playGame(seed: UInt64, greedy: Bool, rng: inout SplitMix64, report: inout ConformanceReport) {
        var game = referee(seed)
        var reference = Reference.dealt(seed: seed)
        let turns = reference.turnsLeft
        var notations: [String] = []
        var previousNotations: [String] = []
        let label = "seed \(seed)"
        // Random moves are drawn from a stream of their own, so checking them leaves the
        // games played as they were.
        var randomMoveStream = SplitMix64(seed: seed ^ 0x52A4_D0E5)
        guard report.expect(game.state.text == reference.text, Check.deal,
                            "\(label): dealt \(game.state.text), reference \(reference.text)") else { return }
        while true {
            let s = game.state
            let where_ = "\(label), turn \(notations.count), \(s.text)"
            report.positions += 1
            report.expect(s.text == reference.text, Check.play, "\(where_): the reference reached \(reference.text)")
            report.expect(s.score == reference.score, Check.score, "\(where_): score \(s.score), reference \(reference.score)")
            report.expect(!s.isChanceNode && s.chanceOutcomes.isEmpty && s.chanceOutcomeCount == 0, Check.decisionNode,
                          "\(where_): the referee left a chance event due")
            checkText(s, where_, &report)
            let moves = checkMoves(s, reference, where_, &report)
            checkRandomMoves(s, moves, everyMove: notations.isEmpty, where_, &randomMoveStream, &report)
            let notationsHere = moves.map { s.notation(of: $0) }
            let legalHere = Set(notationsHere)
            for text in previousNotations.filter({ !legalHere.contains($0) }).prefix(8) {
                if let m = try? s.parseMove(text) {
                    report.fail(Check.illegalMove, "\(where_): illegal '\(text)' parses as \(s.notation(of: m))")
                }
            }
            if notations.isEmpty || s.isOver {
                for text in malformedMoves {
                    if let m = try? s.parseMove(text) {
                        report.fail(Check.malformedMove, "\(where_): '\(text)' parses as \(s.notation(of: m))")
                    }
                }
            }
            // The game ends exactly when the turns run out, and then has no move.
            report.expect(s.isOver == reference.isOver && s.isOver == (reference.turnsLeft == 0), Check.end,
                          "\(where_): over \(s.isOver), reference over \(reference.isOver) with \(reference.turnsLeft) turns left")
            report.expect(moves.isEmpty == s.isOver, Check.end, "\(where_): over \(s.isOver) with \(moves.count) moves")
            if s.isOver || moves.isEmpty { break }
            if notations.count > turns {
                report.fail(Check.end, "\(label): still going after the \(turns) turns of the deal")
                break
            }

            let move = greedy ? greediest(s, moves, &rng) : moves[rng.next(below: moves.count)]
            checkChance(s, move, where_, &rng, &report)
            let n = s.notation(of: move)
            let scoreBefore = s.score
            game.play(move)
            reference.play(notation: n)
            report.expect(game.state.score >= scoreBefore, Check.score, "\(where_): \(n) lowers the score")
            notations.append(n)
            previousNotations = notationsHere
            report.movesPlayed += 1
        }
        report.expect(notations.count == turns, Check.end, "\(label): \(notations.count) moves played, \(turns) turns dealt")
        report.games += 1
        report.endings["score \(game.state.score > 0 ? ">0" : "0")", default: 0] += 1

        // Replaying the seed and the notations gives the same game.
        var replay = referee(seed)
        for (i, n) in notations.enumerated() {
            guard let m = try? replay.state.parseMove(n) else {
                report.fail(Check.replay, "\(label): move \(i + 1) '\(n)' rejected in \(replay.state.text)")
                return
            }
            replay.play(m)
        }
        report.expect(replay.state == game.state && replay.state.text == game.state.text
                      && replay.state.score == game.state.score, Check.replay,
                      "\(label): replay ends at \(replay.state.text), the game at \(game.state.text)")
    }

    /// A move that scores most right away (ties broken at random).
    private func greediest(_ s: Puzzle, _ moves: [Puzzle.Move], _ rng: inout SplitMix64) -> Puzzle.Move {
        var best: [Puzzle.Move] = [], bestScore = Int.min
        for m in moves {
            var child = s
            child.play(m)
            if child.score > bestScore { bestScore = child.score; best = [m] } else if child.score == bestScore { best.append(m) }
        }
        return best[rng.next(below: best.count)]
    }

    /// Random moves are legal, and none where the game is over. With `everyMove`, as
    /// many draws as 20 per legal move must draw every one (a move never drawn in
    /// them has probability e⁻²⁰ when draws are uniform).
    private func checkRandomMoves(_ s: Puzzle, _ moves: [Puzzle.Move], everyMove: Bool, _ where_: String,
                                  _ rng: inout SplitMix64, _ report: inout ConformanceReport) {
        let legal = Set(moves)
        let draws = everyMove ? 20 * moves.count : 8
        var drawn = Set<Puzzle.Move>()
        for _ in 0..<max(draws, 1) {
            let m = s.randomMove(using: &rng)
            guard report.expect(m.map(legal.contains) ?? moves.isEmpty, Check.randomMove,
                                "\(where_): random move \(m.map(s.notation(of:)) ?? "none") among \(moves.count) legal moves")
            else { return }
            if let m { drawn.insert(m) }
        }
        if everyMove {
            report.expect(drawn.count == legal.count, Check.randomMove,
                          "\(where_): \(draws) random moves drew \(drawn.count) of the \(legal.count) legal moves")
        }
    }

    /// Generated moves against the reference, and their notation round trip.
    private func checkMoves(_ s: Puzzle, _ reference: Reference, _ where_: String,
                            _ report: inout ConformanceReport) -> [Puzzle.Move] {
        let moves = s.legalMoves
        let notations = moves.map { s.notation(of: $0) }
        report.expect(Set(moves).count == moves.count && Set(notations).count == notations.count, Check.legalMoves,
                      "\(where_): duplicate moves or notations among \(moves.count)")
        let have = Set(notations), want = Set(reference.legalMoveNotations)
        if have != want {
            report.fail(Check.legalMoves, "\(where_): generated but not legal \(have.subtracting(want).sorted().prefix(5)), "
                        + "legal but not generated \(want.subtracting(have).sorted().prefix(5))")
        }
        for (m, n) in zip(moves, notations) {
            report.movesChecked += 1
            do {
                let parsed = try s.parseMove(n)
                report.expect(parsed == m, Check.moveNotation, "\(where_): '\(n)' parses to \(s.notation(of: parsed))")
            } catch {
                report.fail(Check.moveNotation, "\(where_): '\(n)' is rejected: \(error)")
            }
        }
        return moves
    }

    /// Text round trip: at a decision node the text is the whole state.
    private func checkText(_ s: Puzzle, _ where_: String, _ report: inout ConformanceReport) {
        do {
            let parsed = try parse(s.text)
            report.expect(parsed.text == s.text && parsed == s, Check.positionText,
                          "\(where_): parses back as \(parsed.text)\(parsed.text == s.text ? " (another state)" : "")")
        } catch {
            report.fail(Check.positionText, "\(where_): does not parse: \(error)")
        }
    }

    /// Plays `move` on a copy and resolves its chance events with our own draws: chance
    /// nodes offer distinct outcomes and no moves, and settle to a decision node or the end.
    private func checkChance(_ s: Puzzle, _ move: Puzzle.Move, _ where_: String,
                             _ rng: inout SplitMix64, _ report: inout ConformanceReport) {
        var child = s
        child.play(move)
        var events = 0
        while child.isChanceNode {
            let outcomes = child.chanceOutcomes
            guard report.expect(!outcomes.isEmpty && Set(outcomes).count == outcomes.count && child.legalMoves.isEmpty
                                && !child.isOver, Check.chance,
                                "\(where_): after \(s.notation(of: move)), a chance node offers \(outcomes.count) outcomes, "
                                + "\(child.legalMoves.count) moves, over \(child.isOver)") else { return }
            let indexed = (0..<child.chanceOutcomeCount).map { child.chanceOutcome($0) }
            guard report.expect(indexed == outcomes, Check.chance,
                                "\(where_): after \(s.notation(of: move)), outcomes by index \(indexed), listed \(outcomes)")
            else { return }
            child.applyChance(outcomes[rng.next(below: outcomes.count)])
            events += 1
            if events > maxChanceEvents {
                report.fail(Check.chance, "\(where_): after \(s.notation(of: move)), chance events never stop")
                return
            }
        }
        report.expect(child.chanceOutcomes.isEmpty && (try? parse(child.text))?.text == child.text, Check.chance,
                      "\(where_): after \(s.notation(of: move)) and \(events) draws, \(child.text) does not round-trip")
    }
}

/// The names of the checks, as failures are labelled.
enum PuzzleCheck {
    static let deal = "deal"
    static let legalMoves = "legal moves"
    static let moveNotation = "move notation"
    static let malformedMove = "malformed move"
    static let illegalMove = "illegal move"
    static let positionText = "position text"
    static let decisionNode = "decision node"
    static let chance = "chance"
    static let randomMove = "random move"
    static let score = "score"
    static let end = "end"
    static let play = "play"
    static let replay = "replay"
}
