import Boards

/// Plays a uniformly random legal move.
///
/// The choice is compiled where the agent is made: the inlinable initialiser stores it
/// as a closure (as ``AlphaBetaAgent`` does), so a caller holding the agent as
/// `any TwoPlayerAgent` runs code specialised for the game. Generic code here would look
/// up its types' metadata at run time on every move, a sixth of the instructions of a
/// tournament of cheap agents.
public struct RandomAgent<Game: TwoPlayerGame>: TwoPlayerAgent {
    public let spec: String
    public var budget: SearchBudget { SearchBudget() }
    @usableFromInline var rng: SplitMix64
    @usableFromInline var moves: MoveList<Game.Move>
    /// ``choose(_:)`` for this agent, specialised where the agent was made.
    @usableFromInline let chooser: (inout Self, GameHistory<Game>) -> SearchResult<Game.Move>

    @inlinable
    public init(spec: String, seed: UInt64) {
        self.spec = spec
        rng = SplitMix64(seed: seed)
        moves = MoveList<Game.Move>(filler: Game.nullMove)
        chooser = { agent, game in agent.choose(game) }
    }

    public mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move> {
        let choose = chooser
        return choose(&self, game)
    }

    @inlinable
    mutating func choose(_ game: GameHistory<Game>) -> SearchResult<Game.Move> {
        moves.removeAll()
        if game.outcome == nil { game.position.generateMoves(into: &moves) }
        var result = SearchResult<Game.Move>(move: moves.isEmpty ? nil : moves[rng.next(below: moves.count)])
        result.nodes = moves.count
        return result
    }
}

/// One ply of search: an immediate win if there is one, else the move whose
/// position the evaluation likes best; ties broken by the seeded stream. Compiled where
/// it is made, as ``RandomAgent`` is.
public struct GreedyAgent<E: Evaluator>: TwoPlayerAgent {
    public typealias Game = E.Game
    public let spec: String
    public var budget: SearchBudget { SearchBudget(depth: 1) }
    public let evaluator: E
    @usableFromInline var rng: SplitMix64
    @usableFromInline var moves: MoveList<Game.Move>
    /// ``choose(_:)`` for this agent, specialised where the agent was made.
    @usableFromInline let chooser: (inout Self, GameHistory<Game>) -> SearchResult<Game.Move>

    @inlinable
    public init(spec: String, evaluator: E, seed: UInt64) {
        self.spec = spec
        self.evaluator = evaluator
        rng = SplitMix64(seed: seed)
        moves = MoveList<Game.Move>(filler: Game.nullMove)
        chooser = { agent, game in agent.choose(game) }
    }

    public mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move> {
        let choose = chooser
        return choose(&self, game)
    }

    @inlinable
    mutating func choose(_ game: GameHistory<Game>) -> SearchResult<Game.Move> {
        let clock = Clock(seconds: nil)
        moves.removeAll()
        guard game.outcome == nil else { return SearchResult(move: nil) }
        let p = game.position
        p.generateMoves(into: &moves)
        var best = Int.min, chosen: Game.Move? = nil, ties = 0
        for i in 0..<moves.count {
            var child = p
            child.play(moves[i])
            let value: Int
            if let o = child.outcome {
                value = o == .win(p.sideToMove) ? Evaluation.winScore : o == .draw ? 0 : -Evaluation.winScore
            } else {
                value = -evaluator.evaluate(child)
            }
            if value > best {
                best = value; chosen = moves[i]; ties = 1
            } else if value == best {
                // Reservoir sampling: each tied move is equally likely to be chosen.
                ties += 1
                if rng.next(below: ties) == 0 { chosen = moves[i] }
            }
        }
        var result = SearchResult<Game.Move>(move: chosen)
        result.value = Double(best)
        result.nodes = moves.count
        result.depth = 1
        result.seconds = clock.elapsed
        if let chosen { result.principalVariation = [chosen] }
        return result
    }
}
