import Boards
import Search

/// One game between agents, to the end: the loop every two-player tournament game
/// and every puzzle deal runs, with each agent's time, nodes and playouts per move.
public enum Match {
    /// What the agents played and spent.
    public struct Moves: Sendable {
        /// The agents' moves in notation.
        public var moves: [String] = []
        /// Per move: seconds, nodes, playouts.
        public var times: [Double] = []
        public var nodes: [Int] = []
        public var playouts: [Int] = []
        /// Why the agent to move lost the game without it ending by the rules (an
        /// external agent that crashed, hung, answered an illegal move…); `nil` while
        /// every agent behaves.
        public var failure: AgentFailure?

        /// No move yet.
        public init() {}

        /// Notes a move a person made (it cost no search).
        public mutating func appendPersonMove(_ notation: String) {
            moves.append(notation)
            times.append(0); nodes.append(0); playouts.append(0)
        }

        /// Forgets the last move (`bench play`'s undo).
        public mutating func removeLast() {
            moves.removeLast(); times.removeLast(); nodes.removeLast(); playouts.removeLast()
        }

        /// Notes the move of `result` and what its search cost, and returns the move.
        /// No move from an agent that says why (``FailureReporting``: an external
        /// agent) notes its ``failure`` and returns `nil`: the game is lost. A move
        /// that is not legal (or none) from any other agent is a bug in it, a
        /// runtime error naming `agent` and the `position`.
        mutating func append<M: Equatable>(
            _ result: SearchResult<M>, seconds: Double, agent: String, reporter: @autoclosure () -> (any FailureReporting)?,
            isLegal: (M) -> Bool, position: @autoclosure () -> String, notation: (M) -> String
        ) throws(WorkbenchError) -> M? {
            guard let move = result.move, isLegal(move) else {
                if let failure = reporter()?.failure {
                    self.failure = failure
                    return nil
                }
                throw .runtime("agent '\(agent)' returned no legal move in \(position())")
            }
            moves.append(notation(move))
            // To the microsecond: the clock's noise is larger, and 17 digits a move made
            // writing the records a large part of a cheap tournament's time.
            times.append((seconds * 1e6).rounded() / 1e6); nodes.append(result.nodes); playouts.append(result.playouts)
            return move
        }
    }

    /// Runs `search` and returns its result with the wall-clock seconds it took.
    static func timed<M>(_ search: () -> SearchResult<M>) -> (SearchResult<M>, Double) {
        let start = Clock.now
        let result = search()
        return (result, Clock.now - start)
    }

    /// Plays `game` to its end (every end rule, repetition included), `agents[i]`
    /// moving for `Player(rawValue: i)`. An agent that returns no legal move is a
    /// runtime error naming it and the position.
    public static func play<G: TwoPlayerGame>(
        _ game: inout GameHistory<G>, agents: inout [any TwoPlayerAgent<G>], names: [String]
    ) throws(WorkbenchError) -> Moves {
        var record = Moves()
        while game.outcome == nil && record.failure == nil {
            let side = Int(game.position.sideToMove.rawValue)
            try move(&game, by: &agents[side], name: names[side], record: &record)
        }
        for (side, agent) in agents.enumerated() { tellEnd(game, agent: agent, side: side, failure: record.failure) }
        return record
    }

    /// Tells each agent that listens (``GameEndListening``: an external agent) how
    /// the game ended, from its side: an agent that misbehaved lost (it was the side
    /// to move). Nothing for a game left unfinished.
    public static func tellEnd<G: TwoPlayerGame>(_ game: GameHistory<G>, agents: [(any TwoPlayerAgent<G>)?],
                                                 failure: AgentFailure?) {
        for (side, agent) in agents.enumerated() {
            if let agent { tellEnd(game, agent: agent, side: side, failure: failure) }
        }
    }

    /// ``tellEnd(_:agents:failure:)`` for the agent playing `side` (an index of the
    /// agents), which may not listen. The game loop's, without making its array of
    /// agents one of optionals (a cast of every element, a tenth of a cheap game).
    static func tellEnd<G: TwoPlayerGame>(_ game: GameHistory<G>, agent: any TwoPlayerAgent<G>, side: Int,
                                          failure: AgentFailure?) {
        guard let outcome = failure == nil ? game.outcome : .win(game.position.sideToMove.opponent),
              let listener = agent as? any GameEndListening, let player = Player(rawValue: UInt8(side)) else { return }
        listener.gameOver(GameEnd(outcome, for: player, termination: failure?.termination ?? .normal))
    }

    /// Tells a puzzle agent that listens how its deal ended: its score, 0 for a deal
    /// it failed.
    public static func tellEnd<S: StochasticPuzzle>(_ state: S, agent: (any PuzzleAgent<S>)?, failure: AgentFailure?) {
        guard state.isOver || failure != nil, let listener = agent as? any GameEndListening else { return }
        listener.gameOver(GameEnd(result: .score, termination: failure?.termination ?? .normal,
                                  score: failure == nil ? state.score : 0))
    }

    /// One move of `agent` in `game`: chosen (timed), checked, noted in `record` and
    /// played. `nil` when the agent misbehaved and so lost (``Moves/failure`` says
    /// why); a move that is not legal (or none) from an agent that cannot misbehave is
    /// a runtime error naming `name` and the position. The step of every game loop,
    /// `bench play`'s included.
    @discardableResult
    public static func move<G: TwoPlayerGame>(
        _ game: inout GameHistory<G>, by agent: inout any TwoPlayerAgent<G>, name: String, record: inout Moves
    ) throws(WorkbenchError) -> G.Move? {
        let (r, seconds) = timed { agent.selectMove(game) }
        guard let move = try record.append(r, seconds: seconds, agent: name, reporter: agent as? any FailureReporting,
                                           isLegal: game.position.isLegal, position: game.position.text,
                                           notation: game.position.notation) else { return nil }
        game.play(move)
        return move
    }

    /// Plays a puzzle from the referee's deal to its end with one agent.
    public static func play<R: PuzzleReferee>(
        _ referee: inout R, agent: inout any PuzzleAgent<R.State>, name: String
    ) throws(WorkbenchError) -> Moves where R.State.Move: Equatable {
        var record = Moves()
        while !referee.state.isOver && record.failure == nil { try move(&referee, by: &agent, name: name, record: &record) }
        tellEnd(referee.state, agent: agent, failure: record.failure)
        return record
    }

    /// One move of `agent` in the referee's game: chosen (timed; see ``selectMove(_:referee:)``),
    /// checked, noted in `record` and played, chance resolved by the referee; `nil`
    /// when the agent misbehaved (``Moves/failure``), which fails the deal.
    @discardableResult
    public static func move<R: PuzzleReferee>(
        _ referee: inout R, by agent: inout any PuzzleAgent<R.State>, name: String, record: inout Moves
    ) throws(WorkbenchError) -> R.State.Move? where R.State.Move: Equatable {
        let (r, seconds) = timed { selectMove(&agent, referee: referee) }
        guard let move = try record.append(r, seconds: seconds, agent: name, reporter: agent as? any FailureReporting,
                                           isLegal: referee.state.isLegal, position: referee.state.text,
                                           notation: referee.state.notation) else { return nil }
        referee.play(move)
        return move
    }

    /// The move of `agent` at `referee.state`. A ``RefereeReadingAgent`` (an oracle,
    /// a ceiling, never a real agent) is handed a copy of the referee and so sees the
    /// future draws; every other agent gets the state alone. This is the only place
    /// the workbench hands a referee to an agent. `budget` replaces the agent's own when given.
    public static func selectMove<R: PuzzleReferee>(
        _ agent: inout any PuzzleAgent<R.State>, referee: R, budget: SearchBudget? = nil
    ) -> SearchResult<R.State.Move> {
        // The cheap check first: a cast to the constrained existential checks its generic
        // requirements at run time (thousands of instructions, a tenth of a tournament of
        // cheap agents when it ran on every move).
        if agent.readsReferee, var oracle = agent as? any RefereeReadingAgent<R.State, R> {
            let r = oracle.selectMove(referee: referee, budget: budget ?? oracle.budget)
            agent = oracle
            return r
        }
        return agent.selectMove(referee.state, budget: budget ?? agent.budget)
    }
}
