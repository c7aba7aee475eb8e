import Boards
import Dispatch

/// Alpha-beta search for two-player games: iterative deepening negamax with a
/// transposition table, and Lazy SMP on several threads.
///
/// With one thread the search is deterministic under depth and node budgets. With
/// N threads, helpers search the same root (odd ones one ply deeper) and share the
/// table, which speeds up reaching a depth; which helper writes an entry first is a
/// race, so the chosen move can differ between runs. The main thread's result is
/// returned. Node budgets count the main thread's nodes.
public struct AlphaBetaAgent<E: Evaluator>: TwoPlayerAgent {
    public typealias Game = E.Game

    public let spec: String
    public var budget: SearchBudget
    public let evaluator: E
    public let threads: Int
    private let table: TranspositionTable

    /// - Parameters:
    ///   - tableMegabytes: transposition table size; 0 turns the table off.
    ///   - seed: unused (the search is deterministic), accepted like every agent's.
    public init(spec: String = "alphabeta", evaluator: E, budget: SearchBudget = SearchBudget(depth: 4),
                threads: Int = 1, tableMegabytes: Int = 16, seed: UInt64 = 0) {
        self.spec = spec
        self.budget = budget
        self.evaluator = evaluator
        self.threads = max(1, threads)
        table = TranspositionTable(megabytes: tableMegabytes)
    }

    public mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move> {
        let clock = Clock(seconds: budget.seconds)
        var result = SearchResult<Game.Move>(move: nil)
        guard game.outcome == nil else { return result }
        let maxDepth = min(budget.depth ?? (budget.nodes == nil && budget.seconds == nil ? 4 : 64),
                           AlphaBetaWorker<E>.maxPly - 4)
        let stop = StopSignal()
        let nodeLimit = budget.nodes ?? .max
        let workers = (0..<threads).map { i in
            AlphaBetaWorker(evaluator: evaluator, table: table, stop: stop, clock: clock,
                            nodeLimit: i == 0 ? nodeLimit : .max, game: game)
        }
        // Each worker's completed iterations: (depth, score, pv).
        let outcomes = workers.map { _ in Box<(Int, Int, [Game.Move])?>(nil) }
        let run = { (i: Int) in
            let w = workers[i]
            var depth = 1 + (i % 2)
            while depth <= maxDepth + (i % 2) {
                let score = w.negamax(game.position, depth: depth, alpha: -AlphaBetaWorker<E>.infinity,
                                      beta: AlphaBetaWorker<E>.infinity, ply: 0, since: w.rootSince)
                if w.aborted { break }
                outcomes[i].value = (depth, score, w.principalVariation())
                // A proven result cannot change with more depth.
                if abs(score) >= Evaluation.provenThreshold && i == 0 { break }
                depth += 1
            }
            if i == 0 { stop.set() }
        }
        if threads == 1 {
            run(0)
        } else {
            nonisolated(unsafe) let work = run
            DispatchQueue.concurrentPerform(iterations: threads) { work($0) }
        }
        result.nodes = workers.reduce(0) { $0 + $1.nodes }
        result.seconds = clock.elapsed
        if let (depth, score, pv) = outcomes[0].value, let first = pv.first {
            result.move = first
            result.value = Double(score)
            result.depth = depth
            result.principalVariation = pv
        } else {
            // Not even depth 1 finished within the budget: take the first legal move.
            result.move = game.position.legalMoves.first
        }
        return result
    }
}

/// A mutable cell one thread writes and others read after joining.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
