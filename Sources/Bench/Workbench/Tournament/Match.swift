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

        /// Notes the move of `result` and what its search cost, and returns the move. A
        /// move missing from `legalMoves` (or none) is a runtime error naming `agent`
        /// and the `position`.
        mutating func append<M: Equatable>(
            _ result: SearchResult<M>, seconds: Double, agent: String, legalMoves: [M],
            position: @autoclosure () -> String, notation: (M) -> String
        ) throws(WorkbenchError) -> M {
            guard let move = result.move, legalMoves.contains(move) else {
                throw .runtime("agent '\(agent)' returned no legal move in \(position())")
            }
            moves.append(notation(move))
            times.append(seconds); nodes.append(result.nodes); playouts.append(result.playouts)
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
        while game.outcome == nil {
            let side = Int(game.position.sideToMove.rawValue)
            let (r, seconds) = timed { agents[side].selectMove(game) }
            let move = try record.append(r, seconds: seconds, agent: names[side], legalMoves: game.position.legalMoves,
                                         position: game.position.text, notation: game.position.notation)
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
            let move = try record.append(r, seconds: seconds, agent: name, legalMoves: referee.state.legalMoves,
                                         position: referee.state.text, notation: referee.state.notation)
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
