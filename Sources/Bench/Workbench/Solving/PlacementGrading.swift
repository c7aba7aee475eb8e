import Boards
import Foundation
import Search
import Synchronization

/// Grades an agent on Bagh-Chal *placement-phase* positions against the placement
/// sweep's layers (`bench grade --phase placement`, docs/placement.md): does its move
/// keep the position's value? The layers hold win, draw or loss without the number of
/// plies, so the report has no fastest-win column.
///
/// Position `i` of seed `S` is reached from the start by `n` uniformly random moves from
/// position i's own stream (the stream ``Grading`` uses), `n` drawn first, uniformly from
/// 0...38: every ply of the placement phase is equally likely, from the empty board to the
/// last goat in hand. A game that ends on the way (five captures, a side without a move)
/// is played again from the start with the stream going on. The positions depend on the
/// seed alone and each position's agent is made with seed `mix(S) + i`, so the report is
/// the same for any thread count.
public enum PlacementGrading {
    /// Plies of the placement phase: after ply 38 the goats still hold one goat.
    public static let plies = 39

    /// Position `number` of `seed` (see the type's doc).
    public static func position(seed: UInt64, number: Int) -> BaghChal {
        var rng = SplitMix64(seed: SplitMix64.mix(seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15)))
        let target = rng.next(below: plies)
        var moves = MoveList<BaghChal.Move>(filler: BaghChal.nullMove)
        while true {
            var p = BaghChal.start(BaghChal.defaultRules)
            var played = 0
            while played < target, p.outcome == nil {
                moves.removeAll()
                p.generateMoves(into: &moves)
                p.play(moves[rng.next(below: moves.count)])
                played += 1
            }
            if p.outcome == nil { return p }
        }
    }

    /// The value of `p` for its side to move: the game's end if it is over, else the
    /// placement layers (goats in hand) or the sliding table (none in hand). The ply
    /// limit is ignored, as the tables ignore it.
    static func value(of p: BaghChal, placement: BaghChalPlacementTable, sliding: BaghChalTablebase)
        throws(WorkbenchError) -> TablebaseValue.Kind {
        if p.captures >= BaghChal.capturesToWin || !p.hasLegalMove { return .loss }
        if p.goatsInHand == 0 {
            guard let v = sliding.value(of: p) else { throw .runtime("grade: the sliding tablebase has no value for \(p.text)") }
            return v.kind
        }
        let kind: TablebaseValue.Kind?
        do { kind = try placement.value(of: p) } catch { throw .runtime("grade: \(error.message)") }
        guard let kind else {
            throw .runtime("grade: no placement layer holds \(p.text) (the placement sweep in \(placement.folder) is not finished)")
        }
        return kind
    }

    /// The layers missing from `placement`'s folder, in sweep order (none when the sweep is finished).
    public static func missingLayers(_ placement: BaghChalPlacementTable) -> [BaghChalPlacementLayer] {
        placement.index.layers.filter { !FileManager.default.fileExists(atPath: BaghChalPlacementRun.path(placement.folder, $0)) }
    }

    /// Grades the agent of `spec`, a spec of `catalog`, on `count` positions of `seed`
    /// (a bad spec is a usage error, an agent that cannot be made a runtime error, both
    /// before any position is graded).
    public static func grade(
        spec text: String, catalog: AgentCatalog<any TwoPlayerAgent<BaghChal>>, placement: BaghChalPlacementTable,
        sliding: BaghChalTablebase, positions count: Int, seed: UInt64, threads: Int,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(WorkbenchError) -> GradingReport {
        let spec: AgentSpec
        do { spec = try catalog.checkedSpec(text) } catch { throw error.prefixed("agent '\(text)'") }
        do { _ = try catalog.make(spec, seed: 0) } catch { throw WorkbenchError.runtime(error.message).prefixed("agent '\(text)'") }
        let clock = Clock(seconds: nil)
        let done = Atomic<Int>(0)
        let moves = try ForkJoin.mapTasks(count: count, workers: threads) { i throws(WorkbenchError) -> GradedMove in
            defer { progress?(done.wrappingAdd(1, ordering: .relaxed).newValue, count) }
            let p = position(seed: seed, number: i)
            let before = try value(of: p, placement: placement, sliding: sliding)
            guard var agent = try? catalog.make(spec, seed: SplitMix64.mix(seed) &+ UInt64(i)) else {
                throw .runtime("grade: agent '\(spec.text)' could not be made for position \(i)")
            }
            guard let move = agent.selectMove(GameHistory(p)).move, p.legalMoves.contains(move) else {
                guard let failure = (agent as? any FailureReporting)?.failure else {
                    throw .runtime("grade: agent '\(spec.text)' returned no legal move in position \(i) (\(p.text))")
                }
                return GradedMove(before: .kindOnly(before), after: .loss(plies: 0), forfeit: failure.termination)
            }
            var child = p
            child.play(move)
            let after = try value(of: child, placement: placement, sliding: sliding)
            return GradedMove(before: .kindOnly(before), after: TablebaseValue.kindOnly(after).beforeMoveKind)
        }
        return GradingReport(game: BaghChal.name, agent: spec.text, seed: seed, threads: threads, seconds: clock.elapsed,
                             moves: moves, version: WorkbenchVersion.current, resolvedAgent: spec.resolved.text, phase: .placement)
    }
}

extension TablebaseValue {
    /// A value of `kind` whose ply count is unknown (held as 0): the placement layers'.
    static func kindOnly(_ kind: Kind) -> TablebaseValue {
        switch kind {
        case .win: return .win(plies: 0)
        case .draw: return .draw
        case .loss: return .loss(plies: 0)
        }
    }

    /// ``beforeMove`` for a value whose ply count is unknown: the kind swapped, plies still 0.
    var beforeMoveKind: TablebaseValue {
        switch self {
        case .draw: return .draw
        case .win: return .loss(plies: 0)
        case .loss: return .win(plies: 0)
        }
    }
}
