/// One game as the record log keeps it: a line of `games.jsonl` (docs/formats.md).
///
/// A record holds everything needed to replay the game through the engine: the
/// start (the game's start under the tournament's rules, or ``start``), the opening
/// and the agents' moves in notation, or for a puzzle the deal's seed and the moves.
public struct GameRecord: Sendable, Equatable {
    /// The record format this code writes. Records without the field are format 1,
    /// which differs only in lacking it; format 2 lacks ``termination`` (every game of
    /// format 1 and 2 ended normally).
    public static var currentFormat: Int { 3 }

    /// The record format (1, 2 or 3).
    public var format: Int = GameRecord.currentFormat
    /// The game's index in its tournament (its seeds and opening derive from it).
    public var index: Int
    /// Two-player: the pairing (index into the schedule) and the pair within it.
    public var pairing, pair: Int?
    /// The agents' names in side order (one for a puzzle).
    public var agents: [String]
    /// The side names in turn order (`["player"]` for a puzzle).
    public var sides: [String]
    /// The seed the agents were made with (two-player) or the deal's seed (puzzle).
    public var seed: UInt64
    /// Random plies played before the agents took over (two-player).
    public var opening: [String]
    /// The agents' moves in notation.
    public var moves: [String]
    /// How it ended.
    public var result: GameResult
    /// The outcome in words: `goats win`, `draw`, `score 12`, `unfinished`.
    public var outcome: String
    /// Per move of the agents: seconds, nodes and playouts.
    public var times: [Double]
    public var nodes, playouts: [Int]
    /// The start position when it is not the game's usual one.
    public var start: String?
    /// Whether a puzzle deal reached the game's pass target (a Balls! level); absent
    /// for a game without one.
    public var passed: Bool?
    /// How the game ended: by the rules, or by the misbehaviour of the agent to move
    /// (two-player: it lost; puzzle: the deal scores 0).
    public var termination: Termination = .normal
    /// Why, when the game did not end normally: one line, and the agent's last lines
    /// of standard error.
    public var failure: AgentFailure? {
        get { termination == .normal ? nil : AgentFailure(termination, reason ?? "", stderr: stderr ?? []) }
        set {
            termination = newValue?.termination ?? .normal
            reason = newValue?.reason
            stderr = newValue.map(\.stderr)
        }
    }
    var reason: String?
    var stderr: [String]?

    public init(index: Int, pairing: Int? = nil, pair: Int? = nil, agents: [String], sides: [String], seed: UInt64,
                opening: [String] = [], moves: [String], result: GameResult, outcome: String,
                times: [Double], nodes: [Int], playouts: [Int], start: String? = nil) {
        self.index = index
        self.pairing = pairing
        self.pair = pair
        self.agents = agents
        self.sides = sides
        self.seed = seed
        self.opening = opening
        self.moves = moves
        self.result = result
        self.outcome = outcome
        self.times = times
        self.nodes = nodes
        self.playouts = playouts
        self.start = start
    }

    /// The score of the agent named `agent` in a finished two-player game.
    public func score(of agent: String) -> Double? {
        guard let first = result.firstSideScore else { return nil }
        return agents.first == agent ? first : 1 - first
    }

    /// The puzzle score, if this is a finished puzzle game.
    public var puzzleScore: Int? {
        if case .score(let s) = result { return s }
        return nil
    }
}

extension GameRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case format, index, pairing, pair, agents, sides, seed, opening, moves, result, outcome, score, times, nodes,
             playouts, start, passed, termination, reason, stderr
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decodeIfPresent(Int.self, forKey: .format) ?? 1
        guard (1...Self.currentFormat).contains(format) else {
            throw DecodingError.dataCorruptedError(forKey: .format, in: c,
                                                   debugDescription: "record format \(format) is newer than this bench reads (\(Self.currentFormat))")
        }
        index = try c.decode(Int.self, forKey: .index)
        pairing = try c.decodeIfPresent(Int.self, forKey: .pairing)
        pair = try c.decodeIfPresent(Int.self, forKey: .pair)
        agents = try c.decode([String].self, forKey: .agents)
        sides = try c.decode([String].self, forKey: .sides)
        seed = try c.decode(UInt64.self, forKey: .seed)
        opening = try c.decode([String].self, forKey: .opening)
        moves = try c.decode([String].self, forKey: .moves)
        let text = try c.decode(String.self, forKey: .result)
        guard let result = GameResult(text: text) else {
            throw DecodingError.dataCorruptedError(forKey: .result, in: c, debugDescription: "unknown result '\(text)'")
        }
        self.result = result
        // `score` repeats a puzzle's result as a number; a copy that disagrees, or a
        // score beside a result that is not one, is a damaged or forged record.
        if let score = try c.decodeIfPresent(Int.self, forKey: .score) {
            guard case .score(let s) = result else {
                throw DecodingError.dataCorruptedError(forKey: .score, in: c,
                    debugDescription: "score \(score) beside result '\(text)': only a finished puzzle game has a score")
            }
            guard s == score else {
                throw DecodingError.dataCorruptedError(forKey: .score, in: c,
                    debugDescription: "score \(score) but result '\(text)'")
            }
        }
        outcome = try c.decode(String.self, forKey: .outcome)
        times = try c.decode([Double].self, forKey: .times)
        nodes = try c.decode([Int].self, forKey: .nodes)
        playouts = try c.decode([Int].self, forKey: .playouts)
        start = try c.decodeIfPresent(String.self, forKey: .start)
        passed = try c.decodeIfPresent(Bool.self, forKey: .passed)
        if passed != nil && puzzleScore == nil {
            throw DecodingError.dataCorruptedError(forKey: .passed, in: c, debugDescription: "passed beside result '\(text)': only a finished puzzle deal passes")
        }
        if format >= 3 {
            let text = try c.decode(String.self, forKey: .termination)
            guard let t = Termination(rawValue: text) else {
                throw DecodingError.dataCorruptedError(forKey: .termination, in: c, debugDescription:
                    "unknown termination '\(text)' (known: \(Termination.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            termination = t
        } else if c.contains(.termination) {
            throw DecodingError.dataCorruptedError(forKey: .termination, in: c,
                                                   debugDescription: "termination in a record of format \(format) (it came with format 3)")
        }
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        stderr = try c.decodeIfPresent([String].self, forKey: .stderr)
        guard (termination == .normal) == (reason == nil) else {
            throw DecodingError.dataCorruptedError(forKey: .reason, in: c, debugDescription: termination == .normal
                ? "a reason beside termination 'normal'" : "termination '\(termination.rawValue)' without a reason")
        }
        if termination == .normal && stderr != nil {
            throw DecodingError.dataCorruptedError(forKey: .stderr, in: c, debugDescription: "stderr beside termination 'normal'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(index, forKey: .index)
        try c.encodeIfPresent(pairing, forKey: .pairing)
        try c.encodeIfPresent(pair, forKey: .pair)
        try c.encode(agents, forKey: .agents)
        try c.encode(sides, forKey: .sides)
        try c.encode(seed, forKey: .seed)
        try c.encode(opening, forKey: .opening)
        try c.encode(moves, forKey: .moves)
        try c.encode(result.text, forKey: .result)
        try c.encode(outcome, forKey: .outcome)
        // Format 1 kept the puzzle score as a number beside the result text; kept so
        // readers of format 1 still find it.
        try c.encodeIfPresent(puzzleScore, forKey: .score)
        try c.encode(times, forKey: .times)
        try c.encode(nodes, forKey: .nodes)
        try c.encode(playouts, forKey: .playouts)
        try c.encodeIfPresent(start, forKey: .start)
        try c.encodeIfPresent(passed, forKey: .passed)
        if format >= 3 { try c.encode(termination.rawValue, forKey: .termination) }
        try c.encodeIfPresent(reason, forKey: .reason)
        try c.encodeIfPresent(stderr, forKey: .stderr)
    }
}
