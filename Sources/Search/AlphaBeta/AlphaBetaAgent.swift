import Boards

/// Alpha-beta search for two-player games: iterative deepening negamax with a
/// transposition table, on one thread or several.
///
/// With one thread the search is deterministic under depth and node budgets. With N
/// threads the spec's default splits nodes (``SplitPoint``, Young Brothers Wait): the
/// main thread iterates, and a node's moves after its first are shared with threads that
/// are idle; the result is the main thread's. The other schemes are Lazy SMP: all threads
/// search the same root and share the table, odd threads one ply deeper; the first to
/// complete the target depth ends the search and the deepest completed iteration is
/// returned. Either way, with N > 1 which thread writes a table entry first is a race,
/// so the move and value can differ between runs. Node budgets count the main thread's
/// nodes.
///
/// The search is compiled where the agent is made: ``init(spec:evaluator:budget:threads:tableMegabytes:seed:)``
/// is inlinable and stores the search as a closure, so a caller holding the agent as
/// `any TwoPlayerAgent` (whose witness Search compiles generically, without the
/// caller's CPU flags) still runs code specialised for the game in its own module.
public struct AlphaBetaAgent<E: Evaluator>: TwoPlayerAgent, SearchAgentIdentity {
    public typealias Game = E.Game

    public var core: SearchAgentCore<E>
    public let threads: Int
    @usableFromInline let table: TranspositionTable
    /// The helper threads of a search that splits nodes, started with the agent and
    /// parked between its searches (nil on one thread and in Lazy SMP).
    @usableFromInline let helpers: HelperThreads?
    /// ``search(_:budget:evaluator:table:threads:)`` for this agent, specialised where the agent was made.
    @usableFromInline let searcher: (GameHistory<Game>, SearchBudget) -> SearchResult<Game.Move>

    /// - Parameters:
    ///   - tableMegabytes: transposition table size; 0 turns the table off.
    ///   - seed: unused (the search is deterministic), accepted like every agent's.
    @inlinable
    public init(spec: String, evaluator: E, budget: SearchBudget, threads: Int, tableMegabytes: Int,
                settings: AlphaBetaSettings = AlphaBetaSettings(), seed: UInt64) {
        core = SearchAgentCore(spec: spec, budget: budget, evaluator: evaluator)
        let threads = max(1, threads)
        self.threads = threads
        let table = TranspositionTable(megabytes: tableMegabytes)
        self.table = table
        let helpers = settings.youngBrothers && threads > 1 ? HelperThreads(count: threads - 1) : nil
        self.helpers = helpers
        searcher = { game, budget in
            Self.search(game, budget: budget, evaluator: evaluator, settings: settings, table: table, threads: threads,
                        helpers: helpers)
        }
    }

    public mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move> {
        searcher(game, budget)
    }

    /// One search on `threads` workers sharing `table` and a stop signal: splitting nodes
    /// (``SplitPool``, on `helpers` when they are free, else on threads started for it,
    /// once the main thread's iterations have taken `settings.joinNodes` nodes) or Lazy
    /// SMP (``ForkJoin``).
    @inlinable
    static func search(_ game: GameHistory<Game>, budget: SearchBudget, evaluator: E,
                       settings: AlphaBetaSettings = AlphaBetaSettings(), table: TranspositionTable,
                       threads: Int, helpers: HelperThreads? = nil) -> SearchResult<Game.Move> {
        let clock = Clock(seconds: budget.seconds)
        guard game.outcome == nil else { return SearchResult<Game.Move>(move: nil) }
        table.newSearch()
        // With no limit at all, the kind's default depth (AgentParameters, where it is declared).
        let maxDepth = min(budget.depth ?? (budget.nodes == nil && budget.seconds == nil
                                            ? AgentParameters.alphaBetaDepth.defaultValue!.int! : 64),
                           AlphaBetaWorker<E>.maxPly - 4)
        let stop = StopSignal()
        let nodeLimit = budget.nodes ?? .max
        if settings.youngBrothers && threads > 1 {
            // Young Brothers Wait: the main thread iterates; the helpers search the moves
            // of the nodes it (or they) split.
            let pool = SplitPool<Game>(threads: threads)
            let history = HistoryTable()
            // The agent's kept threads and busy table, unless another search (a copy of the
            // agent) holds them: then threads and a table of this search's own.
            let kept = helpers?.reserve() == true ? helpers : nil
            // Threads also defer a move whose position the other is searching (as in ABDADA):
            // in these small games sibling subtrees share many positions.
            let busy = kept?.busy ?? BusyTable()
            let w = AlphaBetaWorker(evaluator: evaluator, settings: settings, table: table, stop: stop, clock: clock,
                                    nodeLimit: nodeLimit, game: game, busy: busy, pool: pool, threadIndex: 0, history: history)
            // Alone until the helpers join (settings.joinNodes).
            w.sharing = false
            let helper = { @Sendable (i: Int) -> Int in
                let w = AlphaBetaWorker(evaluator: evaluator, settings: settings, table: table, stop: stop, clock: clock,
                                        nodeLimit: .max, game: game, busy: busy, pool: pool, threadIndex: i, history: history)
                w.waitForWork(at: nil)
                return w.nodes
            }
            let completed = iterate(w, game: game, maxDepth: maxDepth, first: 1, stop: stop, clock: clock,
                                    settings: settings, finished: nil, board: nil, thread: 0,
                                    joinAfter: settings.joinNodes) {
                if let kept {
                    kept.busy.clear()
                    kept.start(helper)
                } else {
                    pool.start(helper: helper)
                }
                w.sharing = true
            }
            stop.set()
            pool.finish()
            let helperNodes = kept?.join() ?? pool.join()
            return report(completed, nodes: w.nodes + helperNodes, game: game, clock: clock)
        }
        let split = settings.split && threads > 1
        let busy = split ? BusyTable() : nil
        // Every thread leaves an iteration another has finished; in Lazy SMP a thread
        // choosing its next iteration also skips one another thread is already in, so the
        // helper stays a ply ahead instead of searching the main thread's iteration again.
        let skipping = settings.skipDepths && threads > 1 && !split
        let finished = split || skipping ? FinishedDepth() : nil
        let board = skipping ? IterationBoard(threads: threads) : nil
        // Each worker reports its nodes and its deepest completed iteration: (depth, score, pv).
        let reports = ForkJoin.map(workers: threads) { i -> (nodes: Int, completed: (Int, Int, [Game.Move])?) in
            let w = AlphaBetaWorker(evaluator: evaluator, settings: settings, table: table, stop: stop, clock: clock,
                                    nodeLimit: i == 0 ? nodeLimit : .max, game: game, busy: busy, finished: finished)
            // Plain Lazy SMP: helpers start one ply deeper on odd threads, so threads are
            // rarely on the same iteration and fill the table for each other. Splitting:
            // all threads share each iteration, deferring each other's moves.
            let completed = iterate(w, game: game, maxDepth: maxDepth, first: split ? 1 : min(1 + (i % 2), maxDepth),
                                    stop: stop, clock: clock, settings: settings, finished: finished, board: board,
                                    thread: i)
            if i == 0 { stop.set() }
            return (w.nodes, completed)
        }
        // The deepest completed iteration of any thread; the main thread's on a tie.
        var chosen = reports[0].completed
        for report in reports.dropFirst() {
            if let v = report.completed, v.0 > (chosen?.0 ?? 0) { chosen = v }
        }
        return report(chosen, nodes: reports.reduce(0) { $0 + $1.nodes }, game: game, clock: clock)
    }

    /// Iterative deepening on one worker from depth `first`: its deepest completed
    /// iteration (depth, score, principal variation), if any. `join`, if given, is called
    /// once, before the first iteration that starts with `joinAfter` nodes or more searched.
    @inlinable
    static func iterate(_ w: AlphaBetaWorker<E>, game: GameHistory<Game>, maxDepth: Int, first: Int, stop: StopSignal,
                        clock: Clock, settings: AlphaBetaSettings, finished: FinishedDepth?, board: IterationBoard?,
                        thread i: Int, joinAfter: Int = 0, join: (() -> Void)? = nil) -> (Int, Int, [Game.Move])? {
        var completed: (Int, Int, [Game.Move])? = nil
        var depth = first
        let infinity = AlphaBetaWorker<E>.infinity
        var join = join
        while depth <= maxDepth {
            if let bring = join, w.nodes >= joinAfter {
                bring()
                join = nil
            }
            if let board { depth = board.claim(depth, thread: i, maxDepth: maxDepth) }
            w.iteration = depth
            var score = 0
            if settings.aspiration > 0, let last = completed?.1, abs(last) < Evaluation.provenThreshold {
                // A window around the last iteration's score, widened (doubled, then
                // opened) on the side that fails until the score falls inside it.
                var below = settings.aspiration, above = settings.aspiration
                while true {
                    let alpha = below > 4 * settings.aspiration ? -infinity : last - below
                    let beta = above > 4 * settings.aspiration ? infinity : last + above
                    score = w.negamax(game.position, depth: depth, alpha: alpha, beta: beta, ply: 0, since: w.rootSince)
                    if w.aborted { break }
                    if score <= alpha && alpha > -infinity { below *= 2 } else if score >= beta && beta < infinity { above *= 2 } else { break }
                }
            } else {
                score = w.negamax(game.position, depth: depth, alpha: -infinity, beta: infinity, ply: 0, since: w.rootSince)
            }
            if w.aborted {
                // Another thread finished this iteration first: on to the next one.
                if let finished, finished.depth >= depth, !stop.isSet, !clock.expired, w.nodes < w.nodeLimit {
                    w.aborted = false
                    depth = finished.depth + 1
                    continue
                }
                break
            }
            completed = (depth, score, w.principalVariation())
            finished?.record(depth)
            // The first thread to finish the last iteration (or to prove a result,
            // which more depth cannot change) ends the search.
            if depth == maxDepth || abs(score) >= Evaluation.provenThreshold {
                stop.set()
                break
            }
            depth += 1
        }
        return completed
    }

    /// The search's result from the chosen iteration (depth, score, principal variation).
    @inlinable
    static func report(_ chosen: (Int, Int, [Game.Move])?, nodes: Int, game: GameHistory<Game>,
                       clock: Clock) -> SearchResult<Game.Move> {
        var result = SearchResult<Game.Move>(move: nil)
        result.nodes = nodes
        result.seconds = clock.elapsed
        if let (depth, score, pv) = chosen, let first = pv.first {
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
