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
        var f = Fields()
        f.format = try c.decodeIfPresent(Int.self, forKey: .format)
        // First, so that a record of a later format says so rather than what it lacks.
        if let problem = Self.formatProblem(f.format ?? 1) {
            throw DecodingError.dataCorruptedError(forKey: .format, in: c, debugDescription: problem)
        }
        f.index = try c.decode(Int.self, forKey: .index)
        f.pairing = try c.decodeIfPresent(Int.self, forKey: .pairing)
        f.pair = try c.decodeIfPresent(Int.self, forKey: .pair)
        f.agents = try c.decode([String].self, forKey: .agents)
        f.sides = try c.decode([String].self, forKey: .sides)
        f.seed = try c.decode(UInt64.self, forKey: .seed)
        f.opening = try c.decode([String].self, forKey: .opening)
        f.moves = try c.decode([String].self, forKey: .moves)
        f.result = try c.decode(String.self, forKey: .result)
        f.score = try c.decodeIfPresent(Int.self, forKey: .score)
        f.outcome = try c.decode(String.self, forKey: .outcome)
        f.times = try c.decode([Double].self, forKey: .times)
        f.nodes = try c.decode([Int].self, forKey: .nodes)
        f.playouts = try c.decode([Int].self, forKey: .playouts)
        f.start = try c.decodeIfPresent(String.self, forKey: .start)
        f.passed = try c.decodeIfPresent(Bool.self, forKey: .passed)
        if f.format ?? 1 >= 3 {
            f.termination = try c.decode(String.self, forKey: .termination)
        } else if c.contains(.termination) {
            f.termination = (try? c.decode(String.self, forKey: .termination)) ?? ""
        }
        f.reason = try c.decodeIfPresent(String.self, forKey: .reason)
        f.stderr = try c.decodeIfPresent([String].self, forKey: .stderr)
        do { try self.init(f) } catch {
            throw DecodingError.dataCorruptedError(forKey: error.key, in: c, debugDescription: error.message)
        }
    }

    /// A record's fields as read, before they are checked together: what both readers
    /// (`JSONDecoder` and the direct line reader) fill; `nil` is absent.
    struct Fields {
        var format, index, pairing, pair, score: Int?
        var agents, sides, opening, moves, stderr: [String]?
        var seed: UInt64?
        var result, outcome, start, termination, reason: String?
        var times: [Double]?
        var nodes, playouts: [Int]?
        var passed: Bool?
    }

    /// What makes fields not a record: the key to blame and why.
    struct FieldProblem: Error {
        var key: CodingKeys
        var message: String
    }

    static func formatProblem(_ format: Int) -> String? {
        (1...currentFormat).contains(format) ? nil : "record format \(format) is newer than this bench reads (\(currentFormat))"
    }

    /// The record of `f`, its fields checked together: a required one missing, or
    /// fields that contradict each other (a damaged or forged record), is a problem.
    init(_ f: Fields) throws(FieldProblem) {
        let format = f.format ?? 1
        if let problem = Self.formatProblem(format) { throw FieldProblem(key: .format, message: problem) }
        guard let index = f.index, let agents = f.agents, let sides = f.sides, let seed = f.seed, let opening = f.opening,
              let moves = f.moves, let text = f.result, let outcome = f.outcome, let times = f.times, let nodes = f.nodes,
              let playouts = f.playouts, f.termination != nil || format < 3 else {
            throw FieldProblem(key: .index, message: "a required key is missing")
        }
        guard let result = GameResult(text: text) else { throw FieldProblem(key: .result, message: "unknown result '\(text)'") }
        self.init(index: index, pairing: f.pairing, pair: f.pair, agents: agents, sides: sides, seed: seed, opening: opening,
                  moves: moves, result: result, outcome: outcome, times: times, nodes: nodes, playouts: playouts, start: f.start)
        self.format = format
        // `score` repeats a puzzle's result as a number; a copy that disagrees, or a
        // score beside a result that is not one, is a damaged or forged record.
        if let score = f.score {
            guard case .score(let s) = result else {
                throw FieldProblem(key: .score, message: "score \(score) beside result '\(text)': only a finished puzzle game has a score")
            }
            guard s == score else { throw FieldProblem(key: .score, message: "score \(score) but result '\(text)'") }
        }
        passed = f.passed
        if passed != nil && puzzleScore == nil {
            throw FieldProblem(key: .passed, message: "passed beside result '\(text)': only a finished puzzle deal passes")
        }
        if let text = f.termination {
            guard format >= 3 else {
                throw FieldProblem(key: .termination, message: "termination in a record of format \(format) (it came with format 3)")
            }
            guard let t = Termination(rawValue: text) else {
                throw FieldProblem(key: .termination, message:
                    "unknown termination '\(text)' (known: \(Termination.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            termination = t
        }
        reason = f.reason
        stderr = f.stderr
        guard (termination == .normal) == (reason == nil) else {
            throw FieldProblem(key: .reason, message: termination == .normal
                ? "a reason beside termination 'normal'" : "termination '\(termination.rawValue)' without a reason")
        }
        if termination == .normal && stderr != nil {
            throw FieldProblem(key: .stderr, message: "stderr beside termination 'normal'")
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
