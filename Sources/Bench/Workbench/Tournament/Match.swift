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

        /// Notes one move and what its search cost.
        mutating func append<M>(_ notation: String, _ result: SearchResult<M>, seconds: Double) {
            moves.append(notation)
            times.append(seconds); nodes.append(result.nodes); playouts.append(result.playouts)
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
        while game.outcome == nil {
            let side = Int(game.position.sideToMove.rawValue)
            let (r, seconds) = timed { agents[side].selectMove(game) }
            guard let move = r.move, game.position.legalMoves.contains(move) else {
                throw .runtime("agent '\(names[side])' returned no legal move in \(game.position.text)")
            }
            record.append(game.position.notation(of: move), r, seconds: seconds)
            game.play(move)
        }
        return record
    }

    /// Plays a puzzle from the referee's deal to its end with one agent.
    public static func play<R: PuzzleReferee>(
        _ referee: inout R, agent: inout any PuzzleAgent<R.State>, name: String
    ) throws(WorkbenchError) -> Moves where R.State.Move: Equatable {
        var record = Moves()
        while !referee.state.isOver {
            let (r, seconds) = timed { selectMove(&agent, referee: referee) }
            guard let move = r.move, referee.state.legalMoves.contains(move) else {
                throw .runtime("agent '\(name)' returned no legal move in \(referee.state.text)")
            }
            record.append(referee.state.notation(of: move), r, seconds: seconds)
            referee.play(move)
        }
        return record
    }

    /// The move of `agent` at `referee.state`. A ``RefereeReadingAgent`` (an oracle,
    /// a ceiling, never a real agent) is handed a copy of the referee and so sees the
    /// future draws; every other agent gets the state alone. This is the only place
    /// the workbench hands a referee to an agent.
    public static func selectMove<R: PuzzleReferee>(
        _ agent: inout any PuzzleAgent<R.State>, referee: R
    ) -> SearchResult<R.State.Move> {
        if var oracle = agent as? any RefereeReadingAgent<R.State, R> {
            let r = oracle.selectMove(referee: referee)
            agent = oracle
            return r
        }
        return agent.selectMove(referee.state)
    }
}
