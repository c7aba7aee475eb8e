import Boards
import Search
import Workbench

/// An agent behind a handle, made once from its spec and asked for moves on states.
protocol AgentBox: HandleObject {
    var gameName: String { get }
    /// The agent's search at `state` within `budget` (`nil`: the spec's own).
    func step(_ state: any StateBox, budget: SearchBudget?) throws(Failure) -> (action: Int64, result: SearchResult<Void>)
}

extension AgentBox {
    var kindDescription: String { "an agent of \(gameName)" }

    /// The agent's game's state, or an error naming the mismatch.
    func own<S>(_ state: any StateBox, as type: S.Type) throws(Failure) -> S {
        guard let s = state as? S else {
            throw .argument("the agent plays \(gameName), the state is \(state.gameName)")
        }
        return s
    }
}

extension SearchResult {
    /// The statistics without the move.
    var statistics: SearchResult<Void> {
        var r = SearchResult<Void>(move: nil)
        r.value = value; r.nodes = nodes; r.depth = depth; r.playouts = playouts; r.seconds = seconds
        return r
    }
}

/// An agent of a two-player game.
final class TwoPlayerAgentBox<G: CTwoPlayerGame>: AgentBox, @unchecked Sendable {
    var agent: any TwoPlayerAgent<G>
    init(agent: any TwoPlayerAgent<G>) { self.agent = agent }
    var gameName: String { G.name }

    func step(_ state: any StateBox, budget: SearchBudget?) throws(Failure) -> (action: Int64, result: SearchResult<Void>) {
        let box = try own(state, as: TwoPlayerStateBox<G>.self)
        if let o = box.game.outcome { throw .state("the game is over (\(G.describe(o))): there is no move to find") }
        let start = Clock.now
        var r = agent.selectMove(box.game, budget: budget ?? agent.budget)
        r.seconds = Clock.now - start
        guard let move = r.move, box.game.position.legalMoves.contains(move) else {
            throw .state("agent '\(agent.spec)' returned no legal move in \(box.game.position.text)")
        }
        return (G.action(of: move), r.statistics)
    }
}

/// An agent of a puzzle: an oracle reads the referee of a seeded state (and nothing
/// else: at an explicit-chance state it has no stream to read).
final class PuzzleAgentBox<G: CPuzzleGame>: AgentBox, @unchecked Sendable {
    var agent: any PuzzleAgent<G>
    init(agent: any PuzzleAgent<G>) { self.agent = agent }
    var gameName: String { G.name }

    func step(_ state: any StateBox, budget: SearchBudget?) throws(Failure) -> (action: Int64, result: SearchResult<Void>) {
        let box = try own(state, as: PuzzleStateBox<G>.self)
        guard box.currentPlayer == 0, let s = box.state else {
            throw .state(box.isTerminal ? "the game is over: there is no move to find" : "a chance outcome is due, not a move")
        }
        let start = Clock.now
        var r: SearchResult<G.Move>
        switch box.mode {
        case .referee(let referee):
            r = Match.selectMove(&agent, referee: referee, budget: budget)
        case .explicit:
            r = agent.selectMove(s, budget: budget ?? agent.budget)
        }
        r.seconds = Clock.now - start
        guard let move = r.move, s.isLegal(move) else {
            throw .state("agent '\(agent.spec)' returned no legal move in \(s.text)"
                + (agent.readsReferee ? " (it reads the referee: give the state a seed)" : ""))
        }
        return (G.action(of: move), r.statistics)
    }

}
