import Boards
import Dispatch
import Search
import Synchronization

/// Grades an agent's moves against a tablebase (`bench grade`, docs/tablebase.md,
/// "Grading an agent"): on seeded random positions of the solved part, does its move
/// keep the position's value?
///
/// Position `i` of seed `S` is reached from the start by uniformly random moves drawn
/// from its own stream (`SplitMix64(S ⊕ i·φ)`, φ = 0x9E3779B97F4A7C15, mixed): through
/// the placement until the tablebase has the position, then a random number of further
/// moves, 0...``maxExtraPlies``; a game that ends on the way (no move, 5 captures)
/// is played again from the start with the same stream going on. The positions depend
/// on the seed alone, so every agent graded with one seed gets the same positions, and
/// each position's agent is made fresh with seed `mix(S) + i`: the report is the same
/// for any thread count.
public enum Grading {
    /// The most random moves played after the table first has the position.
    public static let maxExtraPlies = 40

    /// The `count` positions of `seed` (see the type's doc).
    public static func positions<G: SolvableWorkbenchGame>(_ game: G.Type, table: G.Table, count: Int, seed: UInt64) -> [G] {
        (0..<count).map { position(G.self, table: table, seed: seed, number: $0) }
    }

    /// Position `number` of `seed`.
    public static func position<G: SolvableWorkbenchGame>(_ game: G.Type, table: G.Table, seed: UInt64, number: Int) -> G {
        var rng = SplitMix64(seed: SplitMix64.mix(seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15)))
        var moves = MoveList<G.Move>(filler: G.nullMove)
        while true {
            var p = G.start(G.defaultRules)
            var extra = -1, ended = false
            while true {
                if extra < 0, table.value(of: p) != nil { extra = rng.next(below: maxExtraPlies + 1) }
                if extra == 0 { break }
                if extra > 0 { extra -= 1 }
                moves.removeAll()
                p.generateMoves(into: &moves)
                if moves.isEmpty || p.outcome != nil { ended = true; break }
                p.play(moves[rng.next(below: moves.count)])
            }
            if !ended && p.outcome == nil { return p }
        }
    }

    /// Grades the agent of `spec`, a spec of `catalog` (the game's, or a copy with
    /// your own kinds); a bad spec is a usage error, an agent that cannot be made
    /// (its file missing) a runtime error, both before any position is graded.
    @inlinable
    public static func grade<G: SolvableWorkbenchGame>(
        _ game: G.Type, spec text: String, catalog: AgentCatalog<any TwoPlayerAgent<G>> = G.agentCatalog,
        table: G.Table, positions: Int, seed: UInt64, threads: Int,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(WorkbenchError) -> GradingReport {
        let spec: AgentSpec
        do { spec = try catalog.checkedSpec(text) } catch { throw error.prefixed("agent '\(text)'") }
        do { _ = try catalog.make(spec, seed: 0) } catch { throw WorkbenchError.runtime(error.message).prefixed("agent '\(text)'") }
        var report = try grade(G.self, agent: spec.text, table: table, positions: positions, seed: seed, threads: threads,
                               progress: progress) { seed throws(ParseError) in try catalog.make(spec, seed: seed) }
        report.resolvedAgent = spec.resolved.text
        return report
    }

    /// Grades any agent: `make(seed)` makes a fresh one for each position (the report's
    /// ``GradingReport/resolvedAgent`` is `nil`: nothing says what `name` means).
    public static func grade<G: SolvableWorkbenchGame>(
        _ game: G.Type, agent name: String, table: G.Table, positions count: Int, seed: UInt64, threads: Int,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        make: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>
    ) throws(WorkbenchError) -> GradingReport {
        let clock = Clock(seconds: nil)
        var moves: [GradedMove] = []
        try grade(G.self, agent: name, table: table, numbers: Array(0..<count), seed: seed, threads: threads,
                  progress: progress, make: make) { block throws(WorkbenchError) in moves += block.map(\.move) }
        return GradingReport(game: G.name, agent: name, seed: seed, threads: threads, seconds: clock.elapsed, moves: moves,
                             version: WorkbenchVersion.current)
    }

    /// Grades the positions `numbers` of `seed`, handing them to `finished` a block
    /// at a time in the order of `numbers` (a ``PositionRun`` appends each block to its
    /// log); a position in which the agent gives no legal move (and does not forfeit)
    /// is a runtime error naming it, after the blocks before it.
    public static func grade<G: SolvableWorkbenchGame>(
        _ game: G.Type, agent name: String, table: G.Table, numbers: [Int], seed: UInt64, threads: Int,
        blockSize: Int = 256, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        make: @escaping @Sendable (_ seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<G>,
        finished: ([GradedLine]) throws(WorkbenchError) -> Void
    ) throws(WorkbenchError) {
        let done = Atomic<Int>(0)
        let total = numbers.count
        var start = 0
        // Blocks grow from two positions a thread while one takes under a second, up to
        // `blockSize`, and shrink when one takes over two: a slow agent's positions reach
        // the log about every second (an interrupt loses little), a fast one's in big blocks.
        var size = max(1, min(blockSize, 2 * threads))
        while start < total {
            let block = Array(numbers[start..<min(total, start + size)])
            start += block.count
            let blockClock = Clock(seconds: nil)
            let graded = ForkJoin.mapTasks(count: block.count, workers: threads) { task -> GradedLine? in
                let i = block[task]
                let clock = Clock(seconds: nil)
                let p = position(G.self, table: table, seed: seed, number: i)
                defer { progress?(done.wrappingAdd(1, ordering: .relaxed).newValue, total) }
                // An agent that cannot be made here was made once before the run (the spec
                // path checks it), so this counts as no move, never silently as a grade.
                guard var agent = try? make(SplitMix64.mix(seed) &+ UInt64(i)) else { return nil }
                let move = agent.selectMove(GameHistory(p)).move
                guard let before = table.value(of: p) else { return nil }
                guard let move, p.legalMoves.contains(move) else {
                    // An external agent that misbehaved forfeits the position: graded as a move that loses at once.
                    guard let failure = (agent as? any FailureReporting)?.failure else { return nil }
                    return GradedLine(number: i, move: GradedMove(before: before, after: .loss(plies: 0), forfeit: failure.termination),
                                      seconds: clock.elapsed)
                }
                var child = p
                child.play(move)
                guard let after = table.value(of: child)?.beforeMove else { return nil }
                return GradedLine(number: i, move: GradedMove(before: before, after: after), seconds: clock.elapsed)
            }
            if let bad = graded.firstIndex(where: { $0 == nil }) {
                try finished(graded[..<bad].map { $0! })
                let p = position(G.self, table: table, seed: seed, number: block[bad])
                throw .runtime("grade: agent '\(name)' returned no legal move in position \(block[bad]) (\(p.text))")
            }
            try finished(graded.map { $0! })
            let seconds = blockClock.elapsed
            if seconds < 1 { size = min(blockSize, 2 * size) } else if seconds > 2 { size = max(1, min(blockSize, max(threads, size / 2))) }
        }
    }
}

/// One graded move: the position's value for the side to move, before and after the move.
public struct GradedMove: Sendable, Equatable {
    public var before, after: TablebaseValue
    /// Set when an external agent misbehaved instead of moving (``after`` is then a loss).
    public var forfeit: Termination? = nil
}

/// An agent's grades: the share of moves that keep the value, the blunders, and the
/// fastest wins kept, each with a 95% Wilson interval.
public struct GradingReport: Sendable, Encodable {
    public var game, agent: String
    public var seed: UInt64
    public var threads: Int
    public var seconds: Double
    public var moves: [GradedMove]
    /// The workbench version that graded (``WorkbenchVersion``).
    public var version: String? = nil
    /// What ``agent`` means, every setting explicit (``AgentSpec/resolved``), when the
    /// agent was made from a spec; shown above the table. (A run kept in a folder shows
    /// the spec its `run.json` recorded instead, above the whole report.)
    public var resolvedAgent: String? = nil
    /// Which positions were graded: the sliding phase's (values with their ply counts)
    /// or the placement phase's (``PlacementGrading``: win, draw or loss alone, so no
    /// fastest win or slowest loss).
    public var phase: Phase = .sliding

    /// The part of the game whose positions a report grades.
    public enum Phase: String, Sendable, Encodable {
        case sliding, placement
    }

    /// Positions by their value before the move.
    public func count(_ kind: TablebaseValue.Kind) -> Int { moves.filter { $0.before.kind == kind }.count }

    /// Moves after which the value (win, draw or loss) is the same, of all positions.
    public var kept: Wilson { Wilson(moves.filter { $0.before.kind == $0.after.kind }.count, of: moves.count) }

    /// Moves from a `from` position to a `to` one, of the `from` positions.
    public func blunders(_ from: TablebaseValue.Kind, _ to: TablebaseValue.Kind) -> Wilson {
        Wilson(moves.filter { $0.before.kind == from && $0.after.kind == to }.count, of: count(from))
    }

    /// Won positions in which the move keeps the fastest win (the win in as few plies), of the won positions.
    public var fastestWin: Wilson { Wilson(moves.filter { $0.before.kind == .win && $0.after == $0.before }.count, of: count(.win)) }

    /// Positions an external agent forfeited by misbehaving (graded as lost at once).
    public var forfeits: Int { moves.filter { $0.forfeit != nil }.count }

    /// Lost positions in which the move keeps the slowest loss, of the lost positions.
    public var slowestLoss: Wilson { Wilson(moves.filter { $0.before.kind == .loss && $0.after == $0.before }.count, of: count(.loss)) }

    enum CodingKeys: String, CodingKey {
        case game, phase, agent, resolvedAgent, version, seed, threads, seconds, positions, wins, draws, losses, kept
        case winToDraw, winToLoss, drawToLoss, fastestWinKept, slowestLossKept, forfeits
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(game, forKey: .game)
        try c.encode(phase, forKey: .phase)
        try c.encode(agent, forKey: .agent)
        try c.encodeIfPresent(resolvedAgent, forKey: .resolvedAgent)
        try c.encodeIfPresent(version, forKey: .version)
        try c.encode(seed, forKey: .seed)
        try c.encode(threads, forKey: .threads)
        try c.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try c.encode(moves.count, forKey: .positions)
        try c.encode(count(.win), forKey: .wins)
        try c.encode(count(.draw), forKey: .draws)
        try c.encode(count(.loss), forKey: .losses)
        try c.encode(kept, forKey: .kept)
        try c.encode(blunders(.win, .draw), forKey: .winToDraw)
        try c.encode(blunders(.win, .loss), forKey: .winToLoss)
        try c.encode(blunders(.draw, .loss), forKey: .drawToLoss)
        if phase == .sliding {
            try c.encode(fastestWin, forKey: .fastestWinKept)
            try c.encode(slowestLoss, forKey: .slowestLossKept)
        }
        if forfeits > 0 { try c.encode(forfeits, forKey: .forfeits) }
    }

    /// The header of ``tableRow``.
    public static let tableHeader = """
        | agent | positions (W/D/L) | value kept | win→draw | win→loss | draw→loss | fastest win kept |
        |---|---:|---:|---:|---:|---:|---:|
        """

    /// The header of ``tableRow`` in a placement-phase report (no fastest-win column).
    public static let placementTableHeader = """
        | agent | positions (W/D/L) | value kept | win→draw | win→loss | draw→loss |
        |---|---:|---:|---:|---:|---:|
        """

    /// One row of the grading table: proportions in percent with 95% Wilson intervals.
    public var tableRow: String {
        "| \(agent) | \(moves.count) (\(count(.win))/\(count(.draw))/\(count(.loss))) | \(kept.percentText) | "
            + "\(blunders(.win, .draw).percentText) | \(blunders(.win, .loss).percentText) | "
            + "\(blunders(.draw, .loss).percentText) |" + (phase == .sliding ? " \(fastestWin.percentText) |" : "")
    }

    /// What the agent's name means, as a line of ``text`` (empty when not known).
    var resolvedLine: String {
        guard let resolvedAgent else { return "" }
        return "\n\(agent) as resolved by bench \(version ?? "(version not recorded)") (every setting explicit): \(resolvedAgent)"
    }

    /// The report as text, ending with the header and row of the grading table.
    public var text: String {
        """
        \(agent) graded on \(moves.count) random \(game) \(phase == .sliding ? "positions of the tablebase" : "placement-phase positions of the placement layers") (seed \(seed), \(threads) thread\(threads == 1 ? "" : "s"), \(Format.fixed(seconds, 1)) s)
        positions by value for the side to move: win \(count(.win)), draw \(count(.draw)), loss \(count(.loss))
        value kept: \(kept.count) of \(moves.count), \(kept.percentText)
        blunders: win→draw \(blunders(.win, .draw).count) of \(count(.win)), win→loss \(blunders(.win, .loss).count) of \(count(.win)), draw→loss \(blunders(.draw, .loss).count) of \(count(.draw))\(phase == .sliding ? "\nfastest win kept: \(fastestWin.count) of \(count(.win)); slowest loss kept: \(slowestLoss.count) of \(count(.loss))" : "")
        (percentages with 95% Wilson intervals; blunders as a share of the positions with the value they start from)\(forfeits > 0 ? "\nforfeits (an external agent misbehaved; graded as an immediate loss): \(forfeits)" : "")\(resolvedLine)

        \(phase == .sliding ? Self.tableHeader : Self.placementTableHeader)
        \(tableRow)
        """
    }
}
