import Foundation

/// The running totals of a tournament: everything its summary needs, folded from
/// the records one at a time, so a tournament of any length is summarised in memory
/// that does not grow with the games played (only with the agents and the kinds of
/// result).
///
/// Records may arrive in any order (workers finish when they finish, a log is in
/// finishing order); they are folded in schedule order, through a small buffer of
/// records that arrived early, so the totals, the SPRT's stopping point and every
/// floating-point sum are the same whatever the order or the thread count.
public struct TournamentTally: Sendable {
    /// The tournament the records belong to.
    public let config: TournamentConfig
    /// The side names, from the first record folded.
    public private(set) var sides: [String]?
    /// The games counted (after an SPRT stop, games past the stopping pair are not).
    public private(set) var games = 0
    /// The indices of the games added so far (counted or not).
    private var added: GameIndexSet

    /// What is kept of a game until it is folded.
    struct Entry: Sendable {
        var index: Int
        var sides: [String]
        /// The first side's score (two-player) or the points (puzzle).
        var score: Double
        /// Whether a puzzle deal passed (a game with a pass target).
        var passed: Bool?
        /// Per side: moves, seconds, nodes, playouts.
        var usage: [Usage]
    }

    /// An agent's effort: its moves and what they cost. Counts are summed as
    /// doubles: they only feed rates, and no log can make them overflow.
    struct Usage: Sendable {
        var moves = 0, seconds = 0.0, nodes = 0.0, playouts = 0.0
        mutating func add(_ other: Usage) {
            moves += other.moves; seconds += other.seconds; nodes += other.nodes; playouts += other.playouts
        }
    }

    /// Records that arrived before their turn, by index.
    private var early: [Int: Entry] = [:]
    /// The index folded next when it arrives.
    private var next = 0

    // Two-player totals, per pairing (agent A's point of view).
    struct PairingTotals: Sendable {
        var overall = Trinomial(), asFirst = Trinomial(), asSecond = Trinomial()
        /// Complete pairs (both legs of one opening).
        var pairs = Pentanomial()
        /// Games whose other leg is missing, by A's score.
        var lone = Trinomial()
    }
    private(set) var pairings: [PairingTotals]
    /// The last folded game, when it was the first leg of a pair: its index and A's score.
    private var openLeg: (index: Int, score: Double)?

    // The SPRT's pairs: contiguous from the first pair of the schedule.
    private(set) var sprtPairs = Pentanomial()
    /// The SPRT's LLR after its pairs, for the figure (thinned: bounded memory).
    private(set) var sprtPath = LLRPath()
    /// The pair at which the SPRT decided, if it has.
    public private(set) var sprtStop: Int?
    /// Whether every game so far was folded in schedule order with no gap.
    private var contiguous = true

    // Puzzle totals.
    struct PuzzleTotals: Sendable {
        var scores = Moments()
        var minimum = Int.max, maximum = Int.min
        var histogram: [Int: Int] = [:]
        /// Deals judged against a pass target, and those passed.
        var judged = 0, passes = 0
    }
    private(set) var puzzle: [PuzzleTotals]
    /// Per pair of agents (i < j): the differences j − i on deals both played.
    private(set) var differences: [[Moments]]
    private(set) var differenceCounts: [[[Int: Int]]]
    private var deal = -1
    private var dealScores: [Int?]

    private(set) var usage: [Usage]

    /// An empty tally of `config`'s tournament.
    public init(config: TournamentConfig) {
        self.config = config
        let n = config.agents.count
        added = GameIndexSet()
        pairings = Array(repeating: PairingTotals(), count: config.isPuzzle ? 0 : config.pairings.count)
        puzzle = Array(repeating: PuzzleTotals(), count: config.isPuzzle ? n : 0)
        differences = Array(repeating: Array(repeating: Moments(), count: n), count: config.isPuzzle ? n : 0)
        differenceCounts = Array(repeating: Array(repeating: [:], count: n), count: config.isPuzzle ? n : 0)
        dealScores = Array(repeating: nil, count: n)
        usage = Array(repeating: Usage(), count: n)
    }

    /// A tally of `records`.
    public init(config: TournamentConfig, records: [GameRecord]) throws(WorkbenchError) {
        self.init(config: config)
        for r in records { try add(r) }
    }

    /// Whether game `index` has been added.
    public func contains(_ index: Int) -> Bool { added.contains(index) }

    /// The number of games added (counted or not).
    public var addedCount: Int { added.count }

    /// Whether the SPRT has decided (no more games are needed).
    public var isDecided: Bool { sprtStop != nil }

    /// Per agent (in ``TournamentConfig/agents`` order): the games it lost by
    /// misbehaving, counted by termination (time, crash, illegal, protocol).
    public private(set) var forfeits: [[Termination: Int]] = []

    /// Adds a finished game. Throws a runtime error for a record that cannot belong to
    /// the tournament (an index outside the schedule or seen before, the wrong number
    /// of agents, no result, or per-move counts that do not match the moves); the
    /// tally is unchanged then.
    public mutating func add(_ record: GameRecord) throws(WorkbenchError) {
        let total = config.totalGames
        guard record.index >= 0 && record.index < total else {
            throw .runtime("game \(record.index) is outside the schedule 0..<\(total)")
        }
        guard !added.contains(record.index) else { throw .runtime("game \(record.index) is recorded twice") }
        let seats = config.isPuzzle ? 1 : 2
        guard config.isPuzzle || record.index / config.games < config.pairings.count else {
            throw .runtime("game \(record.index) is outside the schedule")
        }
        guard record.agents.count == seats else {
            throw .runtime("game \(record.index) has \(record.agents.count) agents, this tournament \(seats) a game")
        }
        guard record.times.count == record.moves.count, record.nodes.count == record.moves.count,
              record.playouts.count == record.moves.count else {
            throw .runtime("game \(record.index): \(record.moves.count) moves but \(record.times.count) times, \(record.nodes.count) node and \(record.playouts.count) playout counts")
        }
        let score: Double
        if config.isPuzzle {
            guard let points = record.puzzleScore else { throw .runtime("game \(record.index) has no score") }
            score = Double(points)
        } else {
            guard let first = record.result.firstSideScore else { throw .runtime("game \(record.index) is unfinished") }
            score = first
        }
        var usage = Array(repeating: Usage(), count: seats)
        // Two-player records alternate sides; the opening is not in `moves`.
        let parity = record.opening.count % 2
        for m in record.moves.indices {
            let (seconds, nodes, playouts) = (record.times[m], record.nodes[m], record.playouts[m])
            guard seconds.isFinite, seconds >= 0, nodes >= 0, playouts >= 0 else {
                throw .runtime("game \(record.index): move \(m + 1) has a negative or impossible time, node or playout count")
            }
            let side = seats == 1 ? 0 : (m + parity) % 2
            usage[side].add(Usage(moves: 1, seconds: seconds, nodes: Double(nodes), playouts: Double(playouts)))
        }
        if record.termination != .normal {
            // The agent that misbehaved lost: a puzzle's only agent, or the loser.
            let seat = config.isPuzzle ? 0 : (record.result == .firstSideWins ? 1 : 0)
            if let agent = config.agents.firstIndex(of: record.agents[seat]) {
                if forfeits.isEmpty { forfeits = Array(repeating: [:], count: config.agents.count) }
                forfeits[agent][record.termination, default: 0] += 1
            }
        }
        added.insert(record.index)
        let entry = Entry(index: record.index, sides: record.sides, score: score, passed: record.passed, usage: usage)
        if record.index == next {
            fold(entry)
            next += 1
            while let e = early.removeValue(forKey: next) {
                fold(e)
                next += 1
            }
        } else {
            early[record.index] = entry
        }
    }

    /// The tally with every early record folded (in index order, across the gaps of
    /// games never played): what a summary reads.
    func completed() -> TournamentTally {
        var t = self
        // Folding past a gap marks the tally non-contiguous (see `fold`).
        for index in t.early.keys.sorted() { t.fold(t.early[index]!) }
        t.early = [:]
        t.closeDeal()
        if let open = t.openLeg { t.pairings[open.index / t.config.games].lone.add(open.score) }
        t.openLeg = nil
        return t
    }

    private mutating func fold(_ e: Entry) {
        if let stop = sprtStop, e.index >= 2 * (stop + 1) { return }
        if e.index != next { contiguous = false }
        if sides == nil { sides = e.sides }
        games += 1
        if config.isPuzzle { foldPuzzle(e) } else { foldTwoPlayer(e) }
    }

    private mutating func foldTwoPlayer(_ e: Entry) {
        let q = e.index / config.games, k = (e.index % config.games) / 2, leg = e.index % 2
        let (a, b) = config.pairings[q]
        let order = leg == 0 ? [a, b] : [b, a]
        for side in 0..<2 { usage[order[side]].add(e.usage[side]) }
        let scoreA = leg == 0 ? e.score : 1 - e.score
        pairings[q].overall.add(scoreA)
        if leg == 0 { pairings[q].asFirst.add(scoreA) } else { pairings[q].asSecond.add(scoreA) }
        // An open first leg with no second leg right after it stays alone.
        if let open = openLeg, !(leg == 1 && open.index == e.index - 1) {
            pairings[open.index / config.games].lone.add(open.score)
            openLeg = nil
        }
        if leg == 0 {
            openLeg = (e.index, scoreA)
            return
        }
        guard let open = openLeg else {
            pairings[q].lone.add(scoreA)
            return
        }
        openLeg = nil
        pairings[q].pairs.add(open.score, scoreA)
        if config.sprt != nil && q == 0 && contiguous && sprtStop == nil, let sprt = config.sprt {
            sprtPairs.add(open.score, scoreA)
            let llr = sprt.llr(sprtPairs)
            sprtPath.add(pairs: sprtPairs.pairs, llr: llr)
            if sprt.decision(llr: llr) != .none { sprtStop = k }
        }
    }

    private mutating func foldPuzzle(_ e: Entry) {
        let n = config.agents.count
        let d = e.index / n, agent = e.index % n
        if d != deal { closeDeal(); deal = d }
        usage[agent].add(e.usage[0])
        let points = Int(e.score)
        dealScores[agent] = points
        puzzle[agent].scores.add(e.score)
        puzzle[agent].minimum = min(puzzle[agent].minimum, points)
        puzzle[agent].maximum = max(puzzle[agent].maximum, points)
        puzzle[agent].histogram[points, default: 0] += 1
        if let passed = e.passed {
            puzzle[agent].judged += 1
            if passed { puzzle[agent].passes += 1 }
        }
    }

    /// Folds the paired differences of the deal in progress.
    private mutating func closeDeal() {
        guard config.isPuzzle else { return }
        let n = config.agents.count
        for i in 0..<n {
            for j in (i + 1)..<n {
                guard let si = dealScores[i], let sj = dealScores[j] else { continue }
                differences[i][j].add(Double(sj - si))
                differenceCounts[i][j][sj - si, default: 0] += 1
            }
        }
        for i in 0..<n { dealScores[i] = nil }
    }

    /// The resampling units of the Bradley–Terry bootstrap: complete pairs (two
    /// games from one opening) and lone games, per pairing, by A's score.
    var ratingUnits: [BradleyTerry.Unit] {
        var units: [BradleyTerry.Unit] = []
        for (q, t) in pairings.enumerated() {
            let (a, b) = config.pairings[q]
            for (cell, count) in t.pairs.counts.enumerated() where count > 0 {
                units.append(.init(a: a, b: b, games: 2, score: Double(cell) / 2, count: count))
            }
            for (score, count) in [(1.0, t.lone.wins), (0.5, t.lone.draws), (0.0, t.lone.losses)] where count > 0 {
                units.append(.init(a: a, b: b, games: 1, score: score, count: count))
            }
        }
        return units
    }
}

/// The SPRT's log-likelihood ratio after pair 1, 2, 3, …, kept for its figure in
/// memory that does not grow with the pairs: every `stride`-th pair is kept, and when
/// the points reach twice ``capacity`` every other one is dropped and the stride
/// doubled (so between ``capacity`` and 2 × ``capacity`` points, evenly spaced).
struct LLRPath: Sendable {
    static let capacity = 500
    private(set) var points: [TournamentSummary.SPRTResult.Point] = []
    private(set) var stride = 1

    mutating func add(pairs: Int, llr: Double) {
        guard pairs % stride == 0 else { return }
        points.append(.init(pairs: pairs, llr: llr.isFinite ? llr : 0))
        if points.count >= 2 * Self.capacity {
            stride *= 2
            points.removeAll { $0.pairs % stride != 0 }
        }
    }
}
