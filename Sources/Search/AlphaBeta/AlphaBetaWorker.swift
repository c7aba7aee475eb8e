import Boards
import Synchronization

/// The search features an `alphabeta` spec turns on (issue 23: each kept only once a
/// fixed-time match against the search without it shows it wins). `init()` is the plain
/// search (the tests compare it with minimax); the spec's defaults turn on what won its
/// match, late-move reductions, and on threads node splitting, which reaches a depth
/// soonest (results/search-strength).
public struct AlphaBetaSettings: Sendable, Equatable {
    /// Plies of captures searched past the horizon (a stand-pat search); 0: none.
    public var quiescence: Int
    /// Half-width of the root's aspiration window around the last iteration's score; 0: none.
    public var aspiration: Int
    /// Late-move reductions: quiet moves late in the order searched one ply shallower first.
    public var reductions: Bool
    /// Null-move pruning, verified (where the game offers a pass: ``TwoPlayerGame/passTurn()``).
    public var nullMove: Bool
    /// Threads split each iteration (``BusyTable``) instead of searching it each on its own
    /// (plain Lazy SMP, a helper one ply ahead).
    public var split: Bool

    /// Lazy SMP: a thread leaves an iteration another has finished and skips one another
    /// thread is in.
    public var skipDepths: Bool

    /// Threads split nodes (``SplitPoint``: Young Brothers Wait) instead of Lazy SMP: the
    /// main thread alone iterates, and a node at least `splitDepth` from the horizon
    /// shares its moves after the first with idle threads.
    public var youngBrothers: Bool
    /// The least depth at which a node splits (``youngBrothers``).
    public var splitDepth: Int
    /// With ``youngBrothers``: the main thread searches alone until its iterations have
    /// taken this many nodes, and the helpers join from the next iteration on (0: from the
    /// first). Waking them, and waiting for them at the end, costs a search about what a
    /// few thousand nodes do (results/search-strength/threads-short.md), more than a small
    /// iteration shared can win back. A count of nodes, not a time: a search that ends
    /// before it is the 1-thread search, node for node, under any budget.
    public var joinNodes: Int

    public init(quiescence: Int = 0, aspiration: Int = 0, reductions: Bool = false, nullMove: Bool = false,
                split: Bool = false, skipDepths: Bool = false, youngBrothers: Bool = false, splitDepth: Int = 3,
                joinNodes: Int = 0) {
        self.quiescence = quiescence
        self.aspiration = aspiration
        self.reductions = reductions
        self.nullMove = nullMove
        self.split = split
        self.skipDepths = skipDepths
        self.youngBrothers = youngBrothers
        self.splitDepth = splitDepth
        self.joinNodes = joinNodes
    }
}

extension AlphaBetaSettings {
    /// The settings an `alphabeta` spec asks for. `split` and `skip` are Lazy SMP variants:
    /// either turns node splitting off, and either with `ybw=true` written out is an error.
    public init(spec: AgentSpec) throws(ParseError) {
        let lazy = spec.bool("split")! || spec.bool("skip")!
        if lazy && spec.given("ybw")?.bool == true {
            throw ParseError("agent '\(spec.text)': split and skip are Lazy SMP variants; they need ybw=false, not ybw=true")
        }
        self.init(quiescence: spec.int("qs")!, aspiration: spec.int("asp")!, reductions: spec.bool("lmr")!,
                  nullMove: spec.bool("nmp")!, split: spec.bool("split")!, skipDepths: spec.bool("skip")!,
                  youngBrothers: spec.bool("ybw")! && !lazy, splitDepth: spec.int("splitdepth")!,
                  joinNodes: spec.int("joinnodes")!)
    }
}

/// The positions some thread is searching now, for the threads to share the work of an
/// iteration (simplified ABDADA, after Tom Kerrigan; also used with split nodes, whose
/// sibling subtrees share many positions in these games): before searching a move, a
/// thread looks its child up here and, when another thread is in it, defers it to the end
/// of the node's moves, by when the other thread has usually stored its value in the
/// transposition table. Lazy SMP never defers a node's first move; split nodes defer it
/// too, since their threads meet in transposed positions (a Bagh-Chal placement and the
/// next commute), often as some node's first move. A slot holds one child's hash, entered
/// before its search and cleared after; a collision only defers or fails to defer a move,
/// never changes a score.
@usableFromInline
final class BusyTable: @unchecked Sendable {
    @usableFromInline static var slotCount: Int { 1 << 15 }
    @usableFromInline let slots: UnsafeMutablePointer<Atomic<UInt64>>

    @inlinable init() {
        slots = .allocate(capacity: Self.slotCount)
        for i in 0..<Self.slotCount { (slots + i).initialize(to: Atomic<UInt64>(0)) }
    }

    @inlinable deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    @inlinable @inline(__always) func slot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 49) }

    /// Empties every slot, for a search that reuses the table. (A search leaves it empty
    /// anyway, each thread leaving every position it entered; clearing costs a few
    /// microseconds and rests on nothing.)
    @inlinable func clear() {
        for i in 0..<Self.slotCount { slots[i].store(0, ordering: .relaxed) }
    }

    /// Whether a thread is searching the position of `hash`.
    @inlinable @inline(__always) func isBusy(_ hash: UInt64) -> Bool { slots[slot(hash)].load(ordering: .relaxed) == hash }

    @inlinable @inline(__always) func enter(_ hash: UInt64) { slots[slot(hash)].store(hash, ordering: .relaxed) }

    @inlinable @inline(__always) func leave(_ hash: UInt64) {
        _ = slots[slot(hash)].compareExchange(expected: hash, desired: 0, ordering: .relaxed)
    }
}

/// The deepest iteration some thread has finished, so the others leave it for the next.
@usableFromInline
final class FinishedDepth: Sendable {
    @usableFromInline let value = Atomic<Int>(0)
    @inlinable init() {}
    @inlinable var depth: Int { value.load(ordering: .relaxed) }
    /// Records that an iteration of `depth` is finished (the deepest is kept).
    @inlinable func record(_ depth: Int) {
        var old = value.load(ordering: .relaxed)
        while old < depth {
            let (exchanged, original) = value.compareExchange(expected: old, desired: depth, ordering: .relaxed)
            if exchanged { return }
            old = original
        }
    }
}

/// The iteration each thread is in, so a thread choosing its next one can skip a depth
/// that half the threads or more are already searching.
@usableFromInline
final class IterationBoard: @unchecked Sendable {
    @usableFromInline let threads: Int
    @usableFromInline let depths: UnsafeMutablePointer<Atomic<Int>>

    @inlinable init(threads: Int) {
        self.threads = threads
        depths = .allocate(capacity: threads)
        for i in 0..<threads { (depths + i).initialize(to: Atomic<Int>(0)) }
    }

    @inlinable deinit {
        depths.deinitialize(count: threads)
        depths.deallocate()
    }

    /// Thread `thread` takes `depth`, or the first deeper one (up to `maxDepth`) that fewer
    /// than half the other threads are in, and says so.
    @inlinable func claim(_ depth: Int, thread: Int, maxDepth: Int) -> Int {
        var d = depth
        while d < maxDepth {
            var others = 0
            for j in 0..<threads where j != thread && depths[j].load(ordering: .relaxed) == d { others += 1 }
            if others * 2 < threads { break }
            d += 1
        }
        depths[thread].store(d, ordering: .relaxed)
        return d
    }
}

/// Tells search threads to stop (Lazy SMP: the main thread is done).
@usableFromInline
final class StopSignal: Sendable {
    @usableFromInline let flag = Atomic<Bool>(false)
    @inlinable init() {}
    @inlinable var isSet: Bool { flag.load(ordering: .relaxed) }
    @inlinable func set() { flag.store(true, ordering: .relaxed) }
}

/// One thread's alpha-beta search: negamax with iterative deepening, principal
/// variation search, a shared transposition table, and TT-move / capture / killer /
/// history move ordering.
///
/// Its tables are pointers allocated once per search (not `Array` fields, whose
/// exclusivity checks cost much in the recursion). Scores are from the side to
/// move's view; a win `n` plies from the root is `winScore - n`, so a faster win
/// and a slower loss score better. A position repeated since the root, or for the
/// third time counting the game, is a draw; so is the ply limit.
///
/// Inlinable, with its state `@usableFromInline`, so the module that runs a search
/// compiles it for its game with its own CPU flags (popcount).
@usableFromInline
final class AlphaBetaWorker<E: Evaluator> {
    @usableFromInline typealias Game = E.Game
    @inlinable static var maxPly: Int { 100 }
    @inlinable static var infinity: Int { 2_000_000 }
    /// The fewest legal moves a side needs for a null move: a side with fewer is the one
    /// zugzwang traps (tigers boxed in), and passing would hide it. Without this guard the
    /// search missed a Bagh-Chal win in 13 plies (benchmark position 3) at every depth to 18.
    @inlinable static var nullMoveMobility: Int { 3 }

    @usableFromInline let evaluator: E
    @usableFromInline let settings: AlphaBetaSettings
    @usableFromInline let table: TranspositionTable
    @usableFromInline let stop: StopSignal
    @usableFromInline let clock: Clock
    @usableFromInline let nodeLimit: Int
    @usableFromInline let lists: MoveStack<Game.Move>
    @usableFromInline let order: UnsafeMutablePointer<Int32>
    @usableFromInline let killers: UnsafeMutablePointer<UInt16>
    /// Quiet moves' cutoff scores, by raw move: this thread's own, or all threads' when
    /// they split nodes (a helper then orders moves as well as the thread it helps).
    @usableFromInline let historyTable: HistoryTable
    @usableFromInline let history: UnsafeMutablePointer<Atomic<Int32>>
    @usableFromInline let pv: UnsafeMutablePointer<UInt16>
    @usableFromInline let pvLength: UnsafeMutablePointer<Int>
    /// Hashes of the game so far, then of the search path: `path[base + ply]`.
    @usableFromInline let path: UnsafeMutablePointer<UInt64>
    @usableFromInline let base: Int
    @usableFromInline let rootSince: Int
    // A worker's fields are only ever touched by its own thread, and never while an
    // inout access to them is open: unchecked, they cost no runtime exclusivity check
    // (which took 8% of a search's time, most of it on `nodes` and `aborted`).
    @exclusivity(unchecked) @usableFromInline var nodes = 0
    @exclusivity(unchecked) @usableFromInline var aborted = false
    /// Shared with the other threads when they split iterations (``BusyTable``).
    @usableFromInline let busy: BusyTable?
    /// Other threads search with this one now: it marks its positions in ``busy`` and
    /// defers theirs, and (splitting nodes) offers moves to them. Off while the main
    /// thread of a search that splits nodes searches alone (``AlphaBetaSettings/joinNodes``):
    /// it then searches exactly as one thread does.
    @exclusivity(unchecked) @usableFromInline var sharing: Bool
    /// The deepest iteration any thread has finished: a thread still in it stops it.
    @usableFromInline let finished: FinishedDepth?
    /// The iteration this thread is in.
    @exclusivity(unchecked) @usableFromInline var iteration = 0
    /// Moves a node deferred because another thread was in them, per ply.
    @usableFromInline let deferred: UnsafeMutablePointer<UInt16>
    /// Per ply: no null move here (the ply after a null move, or a null move's verification).
    @usableFromInline let noNull: UnsafeMutablePointer<Bool>
    /// The threads splitting nodes with this one (``SplitPoint``), and this one's index there.
    @usableFromInline let pool: SplitPool<Game>?
    @usableFromInline let threadIndex: Int
    /// The innermost split point this thread is searching moves of: when it or one above
    /// it is cut off, this thread's search below it stops.
    @exclusivity(unchecked) @usableFromInline var currentSplit: SplitPoint<Game>? = nil {
        didSet {
            watch = currentSplit?.watch
            watchCount = currentSplit?.watchCount ?? 0
        }
    }
    /// `currentSplit`'s cutoff flags and those above (``SplitPoint/watch``), held here
    /// so that looking at them touches no reference count.
    @exclusivity(unchecked) @usableFromInline var watch: UnsafeMutablePointer<UnsafeMutablePointer<Atomic<Bool>>>? = nil
    @exclusivity(unchecked) @usableFromInline var watchCount = 0

    @inlinable
    init(evaluator: E, settings: AlphaBetaSettings = AlphaBetaSettings(), table: TranspositionTable, stop: StopSignal,
         clock: Clock, nodeLimit: Int, game: GameHistory<Game>, busy: BusyTable? = nil, finished: FinishedDepth? = nil,
         pool: SplitPool<Game>? = nil, threadIndex: Int = 0, history: HistoryTable? = nil) {
        self.pool = pool
        self.threadIndex = threadIndex
        self.busy = busy
        sharing = busy != nil
        self.finished = finished
        deferred = .allocate(capacity: (Self.maxPly + 1) * MoveList<Game.Move>.capacity)
        noNull = .allocate(capacity: Self.maxPly + 2)
        noNull.initialize(repeating: false, count: Self.maxPly + 2)
        self.evaluator = evaluator
        self.settings = settings
        self.table = table
        self.stop = stop
        self.clock = clock
        self.nodeLimit = nodeLimit
        let maxPly = Self.maxPly
        lists = MoveStack(depth: maxPly + 1, filler: Game.nullMove)
        order = .allocate(capacity: (maxPly + 1) * MoveList<Game.Move>.capacity)
        killers = .allocate(capacity: 2 * (maxPly + 1))
        killers.initialize(repeating: 0, count: 2 * (maxPly + 1))
        historyTable = history ?? HistoryTable()
        self.history = historyTable.slots
        pv = .allocate(capacity: (maxPly + 1) * (maxPly + 1))
        pvLength = .allocate(capacity: maxPly + 1)
        pvLength.initialize(repeating: 0, count: maxPly + 1)
        base = game.hashes.count - 1
        rootSince = game.reversibleStart
        path = .allocate(capacity: game.hashes.count + maxPly + 1)
        for (i, h) in game.hashes.enumerated() { path[i] = h }
    }

    @inlinable
    deinit {
        order.deallocate(); killers.deallocate()
        pv.deallocate(); pvLength.deallocate(); path.deallocate(); deferred.deallocate(); noNull.deallocate()
    }

    /// Checks the limits every 1,024 nodes (the clock is too slow to read at each).
    /// A thread below a split point also looks every 16 nodes whether it was cut off.
    /// When threads split nodes, a thread that runs out of time or nodes stops them all.
    @inlinable @inline(__always)
    func countNode() {
        nodes &+= 1
        if nodes & 1023 == 0 && (stop.isSet || clock.expired || (finished != nil && finished.unsafelyUnwrapped.depth >= iteration)) {
            aborted = true
            if pool != nil { stop.set() }
        }
        if nodes >= nodeLimit {
            aborted = true
            if pool != nil { stop.set() }
        }
        if nodes & 15 == 0 && watchCount > 0
            && SplitPoint<Game>.anyCutOff(watch.unsafelyUnwrapped, count: watchCount) { aborted = true }
    }

    /// The value of a finished game for the side to move at `ply`.
    @inlinable @inline(__always)
    static func terminalScore(_ outcome: Outcome, sideToMove: Player, ply: Int) -> Int {
        switch outcome {
        case .draw: return 0
        case .win(let w): return w == sideToMove ? Evaluation.winScore - ply : -(Evaluation.winScore - ply)
        }
    }

    // Forced-win scores are stored relative to the node, not the root.
    @inlinable @inline(__always) static func toTable(_ s: Int, _ ply: Int) -> Int {
        s >= Evaluation.provenThreshold ? s + ply : s <= -Evaluation.provenThreshold ? s - ply : s
    }
    @inlinable @inline(__always) static func fromTable(_ s: Int, _ ply: Int) -> Int {
        s >= Evaluation.provenThreshold ? s - ply : s <= -Evaluation.provenThreshold ? s + ply : s
    }

    /// Whether the position at `ply` (its hash at `path[base + ply]`) is a draw by repetition.
    /// Not ``GameHistory/occurrences(of:in:last:since:)``: inside the tree a second
    /// occurrence already counts (the search would repeat it), before the root a third.
    @inlinable @inline(__always)
    func isRepetition(_ hash: UInt64, ply: Int, since: Int) -> Bool {
        var j = base + ply - 2
        var beforeRoot = 0
        while j >= since {
            if path[j] == hash {
                if j >= base { return true }
                beforeRoot += 1
                if beforeRoot >= 2 { return true }
            }
            j -= 2
        }
        return false
    }

    /// Negamax with alpha-beta; `since` is the path index after the last irreversible move.
    @inlinable
    func negamax(_ p: Game, depth: Int, alpha: Int, beta: Int, ply: Int, since: Int) -> Int {
        countNode()
        if aborted { return 0 }
        pvLength[ply] = 0
        if let o = p.outcome { return Self.terminalScore(o, sideToMove: p.sideToMove, ply: ply) }
        let hash = p.hash
        if isRepetition(hash, ply: ply, since: since) { return 0 }
        if depth <= 0 || ply >= Self.maxPly {
            return settings.quiescence > 0 ? quiesce(p, alpha: alpha, beta: beta, ply: ply, left: settings.quiescence)
                : evaluator.evaluate(p)
        }

        var ttMove: UInt16 = 0
        if let e = table.probe(hash) {
            ttMove = e.move
            if e.depth >= depth && ply > 0 {
                let s = Self.fromTable(e.score, ply)
                switch e.bound {
                case .exact: return s
                case .lower: if s >= beta { return s }
                case .upper: if s <= alpha { return s }
                }
            }
        }

        // Null-move pruning: at a null-window node at least 3 plies from the horizon whose
        // static value reaches beta, the side to move passes; if the opponent, moving
        // twice, cannot bring the score under beta in a search 2 plies shallower, the
        // node fails high. In these games a side often has only bad moves (zugzwang:
        // passing would be best), so such a fail-high is trusted only once the node's
        // own search, 2 plies shallower and with no null move at its root, agrees, and
        // never for a side with fewer than `nullMoveMobility` moves.
        if settings.nullMove && depth >= 3 && ply > 0 && beta == alpha + 1 && !noNull[ply]
            && abs(beta) < Evaluation.provenThreshold && p.moveCount() >= Self.nullMoveMobility
            && evaluator.evaluate(p) >= beta {
            var child = p
            if child.passTurn() {
                path[base + ply + 1] = child.hash
                noNull[ply + 1] = true
                // The pass is irreversible for the repetition rule: no position before it counts.
                let s = -negamax(child, depth: depth - 3, alpha: -beta, beta: -beta + 1, ply: ply + 1, since: base + ply + 1)
                noNull[ply + 1] = false
                if aborted { return 0 }
                if s >= beta {
                    noNull[ply] = true
                    let verified = negamax(p, depth: depth - 2, alpha: beta - 1, beta: beta, ply: ply, since: since)
                    noNull[ply] = false
                    if aborted { return 0 }
                    if verified >= beta { return min(verified, Evaluation.provenThreshold - 1) }
                }
            }
        }

        let list = lists.base + ply
        list.pointee.removeAll()
        p.generateMoves(into: &list.pointee)
        let n = list.pointee.count
        let scores = order + ply * MoveList<Game.Move>.capacity
        let k0 = killers[2 * ply], k1 = killers[2 * ply + 1]
        for i in 0..<n {
            let m = list.pointee[i]
            let raw = m.raw
            scores[i] = raw == ttMove ? 1 << 30 : p.isCapture(m) ? 1 << 29
                : raw == k0 ? 1 << 28 : raw == k1 ? (1 << 28) - 1 : history[HistoryTable.slot(raw)].load(ordering: .relaxed)
        }

        var best = -Self.infinity, bestMove: UInt16 = 0, a = alpha
        // With threads sharing the work (`busy`), moves another thread is in are deferred
        // (`deferred`) and searched after the others: steps k ≥ n take them in order.
        let later = deferred + ply * MoveList<Game.Move>.capacity
        var deferredCount = 0
        let splitting = sharing && depth >= 3
        // Split nodes defer even the first move (another is then searched first, and the
        // node is not split: see ``BusyTable``). On 2 threads it reached the set's depths
        // 1.01–1.07x sooner in seven interleaved A/Bs (results/search-strength/thread-scaling.md).
        let firstDefers = pool != nil
        // Young brothers wait: once the first move is searched, the rest may be shared
        // with a thread that is idle (`split`), at the first move after which one is.
        var mayShare = sharing && pool != nil && depth >= settings.splitDepth
        var k = 0
        while k < n + deferredCount {
            let i: Int
            if k < n {
                i = k
                selectBest(list, scores, at: i, count: n)
            } else {
                i = Int(later[k - n])
            }
            k += 1
            let m = list.pointee[i]
            var child = p
            child.play(m)
            let childHash = child.hash
            if splitting {
                if (i > 0 || firstDefers) && k <= n && busy.unsafelyUnwrapped.isBusy(childHash) {
                    later[deferredCount] = UInt16(truncatingIfNeeded: i)
                    deferredCount += 1
                    continue
                }
                busy.unsafelyUnwrapped.enter(childHash)
            }
            defer { if splitting { busy.unsafelyUnwrapped.leave(childHash) } }
            path[base + ply + 1] = childHash
            let childSince = p.isIrreversible(m) ? base + ply + 1 : since
            var score = 0
            if i == 0 {
                score = -negamax(child, depth: depth - 1, alpha: -beta, beta: -a, ply: ply + 1, since: childSince)
            } else {
                // A quiet move late in the order is first searched a ply shallower.
                score = searchLaterMove(child, depth: depth, alpha: a, beta: beta, ply: ply, since: childSince,
                                        reduce: reduction(depth: depth, index: i, score: scores[i]))
            }
            if aborted { return 0 }
            if score > best {
                best = score
                bestMove = m.raw
                if score > a {
                    a = score
                    // This move, then the child's principal variation.
                    let row = pv + ply * (Self.maxPly + 1), childRow = pv + (ply + 1) * (Self.maxPly + 1)
                    row[0] = m.raw
                    let childLength = pvLength[ply + 1]
                    for j in 0..<childLength { row[j + 1] = childRow[j] }
                    pvLength[ply] = childLength + 1
                    if a >= beta {
                        // Killers and history are for quiet moves; captures are ordered first anyway.
                        if !p.isCapture(m) { rememberCutoff(m.raw, ply: ply, depth: depth) }
                        break
                    }
                }
            }
            // The first move (at least) is searched: the moves left go to idle threads too
            // (not once a move is deferred: it is not among them).
            if mayShare && k + 2 <= n && deferredCount == 0
                && pool.unsafelyUnwrapped.idleCount.load(ordering: .relaxed) > 0 {
                if let value = split(p, depth: depth, alpha: a, beta: beta, ply: ply, since: since, from: k, count: n,
                                     best: best, bestMove: bestMove) {
                    if aborted { return 0 }
                    best = value.best
                    bestMove = value.bestMove
                    break
                }
                mayShare = false
            }
        }
        let bound: TranspositionTable.Bound = best <= alpha ? .upper : best >= beta ? .lower : .exact
        table.store(hash, move: bestMove, score: Self.toTable(best, ply), depth: depth, bound: bound)
        return best
    }

    /// Selection sort step: brings the best-scored of the moves `i..<n` to `i`.
    @inlinable @inline(__always)
    func selectBest(_ list: UnsafeMutablePointer<MoveList<Game.Move>>, _ scores: UnsafeMutablePointer<Int32>,
                    at i: Int, count n: Int) {
        var top = i
        for j in (i + 1)..<max(n, i + 1) where scores[j] > scores[top] { top = j }
        if top != i {
            list.pointee.swapAt(i, top)
            let t = scores[i]; scores[i] = scores[top]; scores[top] = t
        }
    }

    /// Plies a late-move reduction takes off the `index`-th move (ordering score `score`)
    /// of a node `depth` from the horizon: a quiet move from the fourth on (not the table's
    /// move, a capture or a killer), one ply, two from the ninth at depth 5 or more.
    @inlinable @inline(__always)
    func reduction(depth: Int, index i: Int, score: Int32) -> Int {
        settings.reductions && depth >= 3 && i >= 3 && score < (1 << 28) - 1 ? (i >= 8 && depth >= 5 ? 2 : 1) : 0
    }

    /// A quiet move that cut off at `ply`: a killer there, and its history score grows
    /// (all scores halve when one grows too large).
    @inlinable @inline(__always)
    func rememberCutoff(_ raw: UInt16, ply: Int, depth: Int) {
        if killers[2 * ply] != raw {
            killers[2 * ply + 1] = killers[2 * ply]
            killers[2 * ply] = raw
        }
        let slot = HistoryTable.slot(raw)
        let h = history[slot].load(ordering: .relaxed) &+ Int32(depth * depth)
        history[slot].store(h, ordering: .relaxed)
        if h > 1 << 26 {
            for r in 0..<(1 << 16) { history[r].store(history[r].load(ordering: .relaxed) / 2, ordering: .relaxed) }
        }
    }

    /// A move after a node's first: a null-window search (first `reduce` plies shallower,
    /// for a late-move reduction), and a full-window one only when it beats alpha. At a
    /// split point (`sharing`) the next search's window starts at the node's alpha as it is
    /// then: another thread may have raised it since. (Only the window: whether a search is
    /// needed is decided against the alpha the last search had, or a fail-high below the
    /// raised alpha would go unchecked; a move that failed high below the raised alpha is
    /// checked with a null window at it before any full window.)
    @inlinable @inline(__always)
    func searchLaterMove(_ child: Game, depth: Int, alpha: Int, beta: Int, ply: Int, since childSince: Int,
                         reduce: Int, sharing point: SplitPoint<Game>? = nil) -> Int {
        var score = 0, a = alpha
        var searchFull = true
        if reduce > 0 {
            score = -negamax(child, depth: depth - 1 - reduce, alpha: -a - 1, beta: -a, ply: ply + 1, since: childSince)
            if aborted { return 0 }
            searchFull = score > a
        }
        if searchFull {
            if let point { a = point.alpha(atLeast: a) }
            score = -negamax(child, depth: depth - 1, alpha: -a - 1, beta: -a, ply: ply + 1, since: childSince)
        }
        if score > a && score < beta && !aborted {
            if let point, case let raised = point.alpha(atLeast: a), raised > a {
                // Another thread raised the node's alpha past the window this move was
                // searched with: a null window at the new alpha first, as a sequential
                // search would have, so a move that does not beat it costs no full window.
                a = raised
                if a + 1 < beta {
                    score = -negamax(child, depth: depth - 1, alpha: -a - 1, beta: -a, ply: ply + 1, since: childSince)
                    if aborted || score <= a || score >= beta { return score }
                }
            }
            if a < beta {
                score = -negamax(child, depth: depth - 1, alpha: -beta, beta: -a, ply: ply + 1, since: childSince)
            }
        }
        return score
    }

    /// Offers the moves of the node at `ply` from the `first`-th on (those before are
    /// searched: `best`, with alpha `alpha`) to idle threads and searches them with those
    /// that take them. Returns nil when no thread took them (the caller goes on alone, the
    /// moves now fully ordered), else the node's result; `aborted` is then set when the
    /// search above must stop.
    @inlinable
    func split(_ p: Game, depth: Int, alpha: Int, beta: Int, ply: Int, since: Int, from first: Int, count n: Int,
               best: Int, bestMove: UInt16) -> (best: Int, bestMove: UInt16)? {
        let pool = pool.unsafelyUnwrapped
        let list = lists.base + ply
        let scores = order + ply * MoveList<Game.Move>.capacity
        // The order, and the reductions, the loop would have given them.
        var moves: [Game.Move] = [], reductions: [Int8] = []
        moves.reserveCapacity(n - first); reductions.reserveCapacity(n - first)
        for i in first..<n {
            selectBest(list, scores, at: i, count: n)
            moves.append(list.pointee[i])
            reductions.append(Int8(reduction(depth: depth, index: i, score: scores[i])))
        }
        let row = pv + ply * (Self.maxPly + 1)
        let rowPV = (0..<pvLength[ply]).map { row[$0] }
        let point = SplitPoint(parent: currentSplit, position: p, depth: depth, alpha: alpha, beta: beta, ply: ply,
                               since: since, path: (0..<ply).map { path[base + 1 + $0] }, moves: moves,
                               reductions: reductions,
                               killers: (2 * (ply + 1)..<2 * (Self.maxPly + 1)).map { killers[$0] },
                               best: best, bestMove: bestMove, pv: rowPV)
        guard pool.offer(point, from: threadIndex) > 0 else { return nil }
        let outer = currentSplit
        currentSplit = point
        searchSplitMoves(point)
        // Help below while the helpers finish this node's last moves.
        waitForWork(at: point)
        currentSplit = outer
        // Stop if the search is over or a node above was cut off; this node's own cutoff
        // is its result.
        aborted = stop.isSet || (outer?.isCutOff ?? false)
        if aborted { return (0, 0) }
        let result = point.state.withLock { s in (s.best, s.bestMove, s.pv) }
        for (j, m) in result.2.enumerated() { row[j] = m }
        pvLength[ply] = result.2.count
        return (result.0, result.1)
    }

    /// Searches moves of `point` until none is left or it is cut off (the owner and its
    /// helpers alike), reporting each score to it.
    @inlinable
    func searchSplitMoves(_ point: SplitPoint<Game>) {
        let ply = point.ply, depth = point.depth, beta = point.beta
        while !aborted && !point.cutoff.pointee.load(ordering: .relaxed) {
            let (index, a) = point.state.withLock { s -> (Int, Int) in
                guard s.next < point.moves.count else { return (-1, 0) }
                s.next += 1
                return (s.next - 1, s.alpha)
            }
            guard index >= 0 else { return }
            let m = point.moves[index]
            var child = point.position
            child.play(m)
            path[base + ply + 1] = child.hash
            let childSince = point.position.isIrreversible(m) ? base + ply + 1 : point.since
            let score = searchLaterMove(child, depth: depth, alpha: a, beta: beta, ply: ply, since: childSince,
                                        reduce: Int(point.reductions[index]), sharing: point)
            if aborted { return }
            let childRow = pv + (ply + 1) * (Self.maxPly + 1)
            let childLength = pvLength[ply + 1]
            let cut = point.state.withLock { s -> Bool in
                guard score > s.best else { return false }
                s.best = score
                s.bestMove = m.raw
                guard score > s.alpha else { return false }
                s.alpha = score
                s.pv = [m.raw] + (0..<childLength).map { childRow[$0] }
                guard score >= beta else { return false }
                point.cutoff.pointee.store(true, ordering: .relaxed)
                return true
            }
            if cut {
                if !point.position.isCapture(m) { rememberCutoff(m.raw, ply: ply, depth: depth) }
                return
            }
        }
    }

    /// Waits, idle, until `point`'s helpers are done (nil: until the main thread's search
    /// is over), searching any split point given to this thread meanwhile.
    @inlinable
    func waitForWork(at point: SplitPoint<Game>?) {
        let pool = pool.unsafelyUnwrapped
        pool.becomeIdle(threadIndex, waitingAt: point)
        var spins = 0
        while true {
            if pool.hasWork[threadIndex].load(ordering: .acquiring) {
                if let work = pool.takeWork(threadIndex) { help(at: work) }
                pool.becomeIdle(threadIndex, waitingAt: point)
                spins = 0
                continue
            }
            let over = point.map { $0.helpers.load(ordering: .acquiring) == 0 } ?? pool.done.load(ordering: .acquiring)
            if over {
                if let work = pool.leaveIdle(threadIndex) {
                    help(at: work)
                    pool.becomeIdle(threadIndex, waitingAt: point)
                    continue
                }
                return
            }
            spins += 1
            if spins & 63 == 0 { yieldProcessor() }
        }
    }

    /// Searches moves of a split point another thread made, from its position.
    @inlinable
    func help(at point: SplitPoint<Game>) {
        let outer = currentSplit
        currentSplit = point
        for (j, h) in point.path.enumerated() { path[base + 1 + j] = h }
        for (j, k) in point.killers.enumerated() { killers[2 * (point.ply + 1) + j] = k }
        aborted = false
        searchSplitMoves(point)
        aborted = false
        currentSplit = outer
        point.helpers.subtract(1, ordering: .releasing)
    }

    /// Quiescence: the stand-pat evaluation, or better, a capture searched the same way
    /// (at most `left` more plies), so a capture just past the horizon is seen. A side
    /// with no capture takes the evaluation (in these games the goats never capture:
    /// their danger is the evaluation's `danger` term).
    @inlinable
    func quiesce(_ p: Game, alpha: Int, beta: Int, ply: Int, left: Int) -> Int {
        countNode()
        if aborted { return 0 }
        pvLength[ply] = 0
        if let o = p.outcome { return Self.terminalScore(o, sideToMove: p.sideToMove, ply: ply) }
        let stand = evaluator.evaluate(p)
        if left <= 0 || ply >= Self.maxPly || stand >= beta { return stand }
        var best = stand, a = max(alpha, stand)
        let list = lists.base + ply
        list.pointee.removeAll()
        p.generateMoves(into: &list.pointee)
        let n = list.pointee.count
        var i = 0
        while i < n {
            let m = list.pointee[i]
            i &+= 1
            guard p.isCapture(m) else { continue }
            var child = p
            child.play(m)
            let score = -quiesce(child, alpha: -beta, beta: -a, ply: ply + 1, left: left - 1)
            if aborted { return 0 }
            if score > best {
                best = score
                if score > a {
                    a = score
                    if a >= beta { break }
                }
            }
        }
        return best
    }

    /// The principal variation of the last completed root search.
    @inlinable
    func principalVariation() -> [Game.Move] {
        (0..<pvLength[0]).map { Game.Move(raw: pv[$0]) }
    }
}
