@testable import Boards

/// The checks every two-player game must pass, after OpenSpiel's `RandomSimTest`:
/// seeded random games played to the end, every position compared with a naive
/// reference played in lockstep, then perft on a sample of the positions reached.
///
/// Generic over the game and its reference: adding a game needs a ``NaiveReference``
/// and one test case that calls ``run()`` and asserts the report has no failures.
struct TwoPlayerConformance<Game: TwoPlayerGame, Reference: NaiveReference> where Reference.Game == Game {
    typealias Check = TwoPlayerCheck

    /// How a game picks its moves. Uniform random games alone rarely reach some ends
    /// (a side stuck, a repetition), so games take turns with biased players.
    enum Policy {
        /// A uniformly random legal move.
        case uniform
        /// An irreversible move (a capture) whenever there is one, else uniform.
        case irreversibleFirst
        /// `player` leaves the opponent as few irreversible moves (captures), then as few
        /// moves, as possible (ties at random); the other side plays uniformly. This
        /// reaches the end where a side is stuck, which random play never does.
        case smother(Player)
        /// Uniform for `plies` plies, then both sides steer back to positions already seen:
        /// a move to a seen position if any, else one with a reply that reaches one.
        case seekRepetition(after: Int)
    }

    /// The positions games start from, and the players. Game `g` is played by
    /// `policies[g % P]` from `starts[(g / P) % S]`, so `P * S` games try every pair.
    var starts: [Game] = [Game()]
    var policies: [Policy] = [.uniform, .irreversibleFirst, .smother(.first), .seekRepetition(after: 20),
                              .smother(.second), .seekRepetition(after: 60)]
    /// Parses position text under the rules of ``starts`` (a variant's text names no variant).
    var parse: (String) throws -> Game = { try Game(parsing: $0) }
    /// Seeded games to play; game `g` uses seed `seed + g * 0x9E3779B97F4A7C15`.
    var games = 12
    var seed: UInt64 = 0xC0_4F0E
    /// A game still going after this many plies is a failure (no ply limit in force).
    var maxPlies = 2_000
    /// Every `perftEvery`-th position reached is compared at depth 2, every
    /// `perft3Every`-th at depth 3 (0 turns perft off).
    var perftEvery = 15
    var perft3Every = 150
    /// Texts that are not moves in any position; parsing each must throw.
    var malformedMoves = ["", "   ", "?", "-", "x", ":", "a1-", "-a1", "a1-b2-c3", "a1xb2xc3",
                          "z9-z8", "a0-a1", "A1-B2", "a1--b2", "a1 b2", "é4-e5", "a1-b2 extra"]

    /// Plays the games and checks them; the report lists every failure found.
    func run() -> ConformanceReport {
        var report = ConformanceReport()
        var textOfHash: [UInt64: String] = [:]
        var hashOfText: [String: UInt64] = [:]
        var perftSample: [Game] = []
        var reached = 0
        for g in 0..<games {
            var rng = SplitMix64(seed: seed &+ UInt64(g) &* 0x9E37_79B9_7F4A_7C15)
            playGame(g, start: starts[(g / policies.count) % starts.count], policy: policies[g % policies.count],
                     rng: &rng, report: &report, textOfHash: &textOfHash, hashOfText: &hashOfText) { p in
                reached += 1
                if perftEvery > 0 && reached % perftEvery == 0 { perftSample.append(p) }
            }
        }
        for (i, p) in perftSample.enumerated() {
            let depth = perft3Every > 0 && (i * perftEvery) % perft3Every == 0 ? 3 : 2
            checkPerft(p, depth: depth, report: &report)
        }
        return report
    }

    /// Compares the engine's perft with the reference's at `position`.
    func checkPerft(_ position: Game, depth: Int, report: inout ConformanceReport) {
        let engine = Perft.count(position, depth: depth)
        let naive = Reference(engine: position).perft(depth)
        report.perftPositions += 1
        report.perftLeaves += engine
        report.expect(engine == UInt64(naive), Check.perft,
                      "perft(\(depth)) of \(position.text): engine \(engine), reference \(naive)")
    }

    // MARK: - One game

    private func playGame(
        _ g: Int, start: Game, policy: Policy, rng: inout SplitMix64, report: inout ConformanceReport,
        textOfHash: inout [UInt64: String], hashOfText: inout [String: UInt64], visit: (Game) -> Void
    ) {
        var history = GameHistory(start)
        var reference = Reference(engine: history.position)
        // How often each position (its text: pieces, side, counts) has occurred in this
        // game. Counted over the whole game, the rule's own definition, so this also
        // checks that GameHistory's window after an irreversible move loses nothing.
        var occurrences: [String: Int] = [:]
        var notations: [String] = []
        var previousNotations: [String] = []
        let label = "game \(g)"
        var ending = "unfinished"

        while true {
            let p = history.position
            let where_ = "\(label), ply \(history.moves.count), \(p.text)"
            occurrences[p.text, default: 0] += 1
            report.positions += 1
            visit(p)
            checkHash(p, where_, &report, &textOfHash, &hashOfText)
            checkText(p, where_, &report)
            // The engine and the reference played the same moves: once they part, stop.
            if !report.expect(p.text == reference.text, Check.play,
                              "\(where_): the reference reached \(reference.text)") { break }
            let moves = checkMoves(p, reference, where_, &report)
            let notationsHere = moves.map { p.notation(of: $0) }
            let legalHere = Set(notationsHere)
            checkIllegal(p, previousNotations.filter { !legalHere.contains($0) }, where_, &report)
            if history.moves.isEmpty || history.moves.count % 16 == 0 { checkMalformed(p, where_, &report) }

            // Outcomes: the position's own against the reference, then repetition.
            report.expect(p.outcome == reference.outcome, Check.outcome,
                          "\(where_): outcome \(String(describing: p.outcome)), reference \(String(describing: reference.outcome))")
            if moves.isEmpty {
                report.expect(p.outcome != nil, Check.outcome, "\(where_): no legal move but the game goes on")
            }
            if case .win = p.outcome {
                report.expect(moves.isEmpty, Check.outcome, "\(where_): the game is won but \(moves.count) moves are generated")
            }
            if p.outcome != nil {
                // Once the position decides the game, no move text is accepted.
                for n in (notationsHere + previousNotations).prefix(8) {
                    report.expect((try? p.parseMove(n)) == nil, Check.illegalMove,
                                  "\(where_): '\(n)' accepted although the game is over")
                }
            }
            let third = occurrences[p.text]! >= 3
            let expected: Outcome? = p.outcome ?? (third ? .draw : nil)
            report.expect(history.outcome == expected, Check.repetition,
                          "\(where_): occurs \(occurrences[p.text]!) times, GameHistory says "
                          + "\(String(describing: history.outcome)), expected \(String(describing: expected))")
            if let o = expected {
                ending = p.outcome == nil ? "draw by repetition" : o == .draw ? "draw by the rules" : Game.describe(o)
                break
            }
            if history.moves.count >= maxPlies {
                report.fail(Check.termination, "\(label): still going after \(maxPlies) plies")
                break
            }
            guard !moves.isEmpty else { break }  // reported above

            let pool = candidates(p, moves, policy, history)
            let move = pool[rng.next(below: pool.count)]
            let n = p.notation(of: move)
            history.play(move)
            reference.play(notation: n)
            notations.append(n)
            previousNotations = notationsHere
            report.movesPlayed += 1
        }
        report.games += 1
        report.endings[ending, default: 0] += 1
        checkReplay(history, start, notations, label, &report)
    }

    /// The moves `policy` chooses among at `p` (never empty).
    private func candidates(_ p: Game, _ moves: [Game.Move], _ policy: Policy,
                            _ history: GameHistory<Game>) -> [Game.Move] {
        func best(_ score: (Game.Move) -> Int) -> [Game.Move] {
            let scores = moves.map(score)
            let top = scores.max()!
            return zip(moves, scores).filter { $0.1 == top }.map(\.0)
        }
        switch policy {
        case .uniform:
            return moves
        case .irreversibleFirst:
            let irreversible = moves.filter { p.isIrreversible($0) }
            return irreversible.isEmpty ? moves : irreversible
        case .smother(let player):
            guard p.sideToMove == player else { return moves }
            return best { m in
                var c = p
                c.play(m)
                let replies = c.legalMoves
                return -(replies.filter { c.isIrreversible($0) }.count * 1_000 + replies.count)
            }
        case .seekRepetition(let after):
            guard history.moves.count >= after else { return moves }
            let seen = Set(history.hashes)
            let back = moves.filter { m in var c = p; c.play(m); return seen.contains(c.hash) }
            if !back.isEmpty { return back }
            let twoBack = moves.filter { m in
                var c = p
                c.play(m)
                return c.legalMoves.contains { r in var d = c; d.play(r); return seen.contains(d.hash) }
            }
            return twoBack.isEmpty ? moves : twoBack
        }
    }

    // MARK: - The checks of one position

    /// Generated moves against the reference; counts, packing, notation, application.
    /// Returns the generated moves.
    private func checkMoves(_ p: Game, _ reference: Reference, _ where_: String,
                            _ report: inout ConformanceReport) -> [Game.Move] {
        let moves = p.legalMoves
        let notations = moves.map { p.notation(of: $0) }
        let expected = reference.legalMoveNotations
        report.expect(Set(moves).count == moves.count, Check.legalMoves,
                      "\(where_): duplicate moves generated: \(duplicates(notations))")
        report.expect(Set(notations).count == notations.count, Check.moveNotation,
                      "\(where_): two moves share a notation: \(duplicates(notations))")
        let have = Set(notations), want = Set(expected)
        if have != want {
            report.fail(Check.legalMoves, "\(where_): generated but not legal \(have.subtracting(want).sorted()), "
                        + "legal but not generated \(want.subtracting(have).sorted())")
        }
        report.expect(p.moveCount() == moves.count, Check.moveCount,
                      "\(where_): moveCount() \(p.moveCount()), generated \(moves.count)")
        for (m, n) in zip(moves, notations) {
            report.movesChecked += 1
            report.expect(m.raw != 0 && Game.Move(raw: m.raw) == m, Check.compactMove,
                          "\(where_): \(n) packs to \(m.raw), which does not unpack to it")
            // Once the game is over (at the ply limit moves are still generated, as perft
            // wants) parsing rejects every move; the game loop checks that.
            if p.outcome == nil {
                do {
                    let parsed = try p.parseMove(n)
                    report.expect(parsed == m, Check.moveNotation, "\(where_): '\(n)' parses to \(p.notation(of: parsed))")
                } catch {
                    report.fail(Check.moveNotation, "\(where_): '\(n)' is rejected: \(error)")
                }
            }
            var child = p
            child.play(m)
            report.expect(child.sideToMove == p.sideToMove.opponent && child.plyCount == p.plyCount + 1, Check.play,
                          "\(where_): after \(n) the side or ply count did not advance")
            // Perft plays with playWithoutHash: everything but the hash must be play's.
            var unhashed = p
            unhashed.playWithoutHash(m)
            report.expect(unhashed.text == child.text && unhashed.plyCount == child.plyCount
                          && unhashed.outcome == child.outcome, Check.play,
                          "\(where_): playWithoutHash(\(n)) gives \(unhashed.text), play gives \(child.text)")
            do {
                let parsed = try parse(child.text)
                report.expect(parsed.text == child.text && parsed.hash == child.hash, Check.play,
                              "\(where_): after \(n), \(child.text) parses back as \(parsed.text)"
                              + (parsed.hash == child.hash ? "" : " with another hash"))
            } catch {
                report.fail(Check.play, "\(where_): after \(n), \(child.text) does not parse: \(error)")
            }
        }
        // Perft builds the children with forEachChildWithoutHash where the game offers it:
        // the positions playWithoutHash gives for the moves, each once, in any order.
        var unmatched = moves.map { m -> Game in
            var child = p
            child.playWithoutHash(m)
            return child
        }
        var extra: [String] = []
        let offered = p.forEachChildWithoutHash { child in
            if let i = unmatched.firstIndex(of: child) { unmatched.remove(at: i) } else { extra.append(child.text) }
        }
        if offered {
            report.expect(unmatched.isEmpty && extra.isEmpty, Check.play,
                          "\(where_): forEachChildWithoutHash misses \(unmatched.map(\.text)), adds \(extra)")
        }
        return moves
    }

    /// Text round trip: the parsed text writes the same text, with the same hash, side and moves.
    private func checkText(_ p: Game, _ where_: String, _ report: inout ConformanceReport) {
        do {
            let parsed = try parse(p.text)
            report.expect(parsed.text == p.text, Check.positionText, "\(where_): parses back as \(parsed.text)")
            report.expect(parsed.sideToMove == p.sideToMove, Check.positionText, "\(where_): parses with the other side to move")
            report.expect(parsed.legalMoves == p.legalMoves, Check.positionText, "\(where_): parses with other legal moves")
        } catch {
            report.fail(Check.positionText, "\(where_): does not parse: \(error)")
        }
    }

    /// The incremental hash against the hash of the position parsed afresh, and one
    /// hash per position text across all games (same text same hash, and the reverse).
    private func checkHash(_ p: Game, _ where_: String, _ report: inout ConformanceReport,
                           _ textOfHash: inout [UInt64: String], _ hashOfText: inout [String: UInt64]) {
        if let fresh = try? parse(p.text) {
            report.expect(fresh.hash == p.hash, Check.hash,
                          "\(where_): incremental hash \(hex(p.hash)), from scratch \(hex(fresh.hash))")
        }
        if let h = hashOfText[p.text] {
            report.expect(h == p.hash, Check.hash, "\(where_): the same position had hash \(hex(h)), now \(hex(p.hash))")
        } else {
            hashOfText[p.text] = p.hash
        }
        if let t = textOfHash[p.hash] {
            report.expect(t == p.text, Check.hash, "\(where_): hash \(hex(p.hash)) is also the hash of \(t)")
        } else {
            textOfHash[p.hash] = p.text
        }
    }

    /// Malformed move texts throw.
    private func checkMalformed(_ p: Game, _ where_: String, _ report: inout ConformanceReport) {
        for text in malformedMoves {
            if let m = try? p.parseMove(text) {
                report.fail(Check.malformedMove, "\(where_): '\(text)' parses as \(p.notation(of: m))")
            }
        }
    }

    /// Texts of moves legal one ply ago but not now throw.
    private func checkIllegal(_ p: Game, _ stale: [String], _ where_: String, _ report: inout ConformanceReport) {
        for text in stale.prefix(8) {
            if let m = try? p.parseMove(text) {
                report.fail(Check.illegalMove, "\(where_): illegal '\(text)' parses as \(p.notation(of: m))")
            }
        }
    }

    /// Replaying the recorded notations from `start` gives the game `history` holds.
    func checkReplay(_ history: GameHistory<Game>, _ start: Game, _ notations: [String], _ label: String,
                     _ report: inout ConformanceReport) {
        var replay = GameHistory(start)
        for (i, n) in notations.enumerated() {
            guard let m = try? replay.position.parseMove(n) else {
                report.fail(Check.replay, "\(label): move \(i + 1) '\(n)' rejected in \(replay.position.text)")
                return
            }
            replay.play(m)
        }
        report.expect(replay.position.text == history.position.text && replay.position.hash == history.position.hash
                      && replay.outcome == history.outcome, Check.replay,
                      "\(label): replay ends at \(replay.position.text) (\(String(describing: replay.outcome))), "
                      + "the game at \(history.position.text) (\(String(describing: history.outcome)))")
        // Taking back the last move gives the position before it.
        if let last = notations.indices.last {
            var undone = history
            undone.undo()
            var before = GameHistory(start)
            for n in notations[..<last] { if let m = try? before.position.parseMove(n) { before.play(m) } }
            report.expect(undone.position.text == before.position.text && undone.moves.count == last, Check.replay,
                          "\(label): undo gives \(undone.position.text), expected \(before.position.text)")
        }
    }
}

private func duplicates(_ texts: [String]) -> [String] {
    Dictionary(grouping: texts, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
}

/// A hash as 16 hex digits.
func hex(_ h: UInt64) -> String {
    let s = String(h, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}

/// The names of the checks, as failures are labelled.
enum TwoPlayerCheck {
    static let legalMoves = "legal moves"
    static let moveCount = "moveCount"
    static let compactMove = "compact move"
    static let moveNotation = "move notation"
    static let malformedMove = "malformed move"
    static let illegalMove = "illegal move"
    static let play = "play"
    static let positionText = "position text"
    static let hash = "hash"
    static let outcome = "outcome"
    static let repetition = "repetition"
    static let perft = "perft"
    static let replay = "replay"
    static let termination = "termination"
}
