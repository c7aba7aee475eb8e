import Boards
import Dispatch
import Foundation
import Synchronization

/// A node whose remaining moves several threads search together (Young Brothers Wait,
/// after Feldmann; the scheme Stockfish used before Lazy SMP): the thread that owns the
/// node searches its first move alone, then, if a thread is idle, offers the rest here.
/// Each thread takes the next untaken move, searches it against the node's current
/// alpha, and reports its score; a beta cutoff sets ``cutoff``, which stops every thread
/// still below this node. The owner waits for its helpers before it returns the node's
/// value, and while it waits it helps at split points below its own.
///
/// What never changes after the split (the position, the moves, the path) is a `let`;
/// the scores go through ``state``.
@usableFromInline
final class SplitPoint<Game: TwoPlayerGame>: @unchecked Sendable {
    /// The split point this node lies below, if any: a cutoff there stops this one too.
    @usableFromInline let parent: SplitPoint?
    @usableFromInline let position: Game
    @usableFromInline let depth: Int
    @usableFromInline let beta: Int
    @usableFromInline let ply: Int
    /// The path index after the last irreversible move (repetitions are looked for after it).
    @usableFromInline let since: Int
    /// Hashes of the positions from the root's first child to this node (plies 1...ply).
    @usableFromInline let path: [UInt64]
    /// The moves not yet searched when the node split, best ordered first.
    @usableFromInline let moves: [Game.Move]
    /// For each move, how many plies its late-move reduction takes off (0: none).
    @usableFromInline let reductions: [Int8]
    /// The owner's killers for the plies below this node when it split: a helper starts
    /// from them, so it orders moves as the owner would.
    @usableFromInline let killers: [UInt16]
    @usableFromInline let state: SpinLocked<State>
    /// Set when some thread's move reached beta: the others' searches below are wasted.
    @usableFromInline let cutoff: UnsafeMutablePointer<Atomic<Bool>>
    /// This node's `cutoff`, then its parent's, and so on up (`watchCount` of them): what
    /// a thread below looks at every 16 nodes. Raw pointers, not the chain of split
    /// points, so that looking counts no references: two threads counting references to
    /// the same split points would pass the count's cache line between their cores.
    @usableFromInline let watch: UnsafeMutablePointer<UnsafeMutablePointer<Atomic<Bool>>>
    @usableFromInline let watchCount: Int
    /// Threads other than the owner still searching moves of this node.
    @usableFromInline let helpers = Atomic<Int>(0)

    /// The node's running result.
    @usableFromInline
    struct State {
        @usableFromInline var next = 0
        @usableFromInline var alpha: Int
        @usableFromInline var best: Int
        @usableFromInline var bestMove: UInt16
        /// The principal variation from this node, when `best` raised alpha.
        @usableFromInline var pv: [UInt16]

        @inlinable init(alpha: Int, best: Int, bestMove: UInt16, pv: [UInt16]) {
            self.alpha = alpha
            self.best = best
            self.bestMove = bestMove
            self.pv = pv
        }
    }

    @inlinable
    init(parent: SplitPoint?, position: Game, depth: Int, alpha: Int, beta: Int, ply: Int, since: Int,
         path: [UInt64], moves: [Game.Move], reductions: [Int8], killers: [UInt16],
         best: Int, bestMove: UInt16, pv: [UInt16]) {
        self.killers = killers
        self.parent = parent
        self.position = position
        self.depth = depth
        self.beta = beta
        self.ply = ply
        self.since = since
        self.path = path
        self.moves = moves
        self.reductions = reductions
        state = SpinLocked(State(alpha: alpha, best: best, bestMove: bestMove, pv: pv))
        cutoff = .allocate(capacity: 1)
        cutoff.initialize(to: Atomic<Bool>(false))
        // This node holds its parent (`parent`), and so on up: every flag in `watch`
        // lives as long as this node does.
        watchCount = 1 + (parent?.watchCount ?? 0)
        watch = .allocate(capacity: watchCount)
        watch[0] = cutoff
        if let parent { (watch + 1).initialize(from: parent.watch, count: parent.watchCount) }
    }

    @inlinable
    deinit {
        cutoff.deinitialize(count: 1)
        cutoff.deallocate()
        watch.deallocate()
    }

    /// `alpha`, or the node's alpha if another thread has raised it above.
    @inlinable
    func alpha(atLeast alpha: Int) -> Int { max(alpha, state.withLock { $0.alpha }) }

    /// Whether this node or one it lies below has been cut off.
    @inlinable
    var isCutOff: Bool { Self.anyCutOff(watch, count: watchCount) }

    /// Whether any of the `count` flags at `watch` is set.
    @inlinable @inline(__always)
    static func anyCutOff(_ watch: UnsafeMutablePointer<UnsafeMutablePointer<Atomic<Bool>>>, count: Int) -> Bool {
        for i in 0..<count where watch[i].pointee.load(ordering: .relaxed) { return true }
        return false
    }

    /// Whether `ancestor` is this split point's parent, or its parent's, and so on.
    @inlinable
    func lies(below ancestor: SplitPoint) -> Bool {
        var s = parent
        while let t = s {
            if t === ancestor { return true }
            s = t.parent
        }
        return false
    }
}

/// The threads of one search that splits nodes (``SplitPoint``): which are idle, and the
/// split point each has been given.
///
/// A thread is idle either at the top (a helper with nothing to do) or as the owner of a
/// split point waiting for its helpers; the latter may only join split points below its
/// own, whose results it is waiting for anyway (the "helpful master"), so it is free again
/// by the time its own node is done.
@usableFromInline
final class SplitPool<Game: TwoPlayerGame>: @unchecked Sendable {
    @usableFromInline
    struct Slot {
        @usableFromInline var idle = false
        /// The split point an idle owner is waiting at; nil for a helper at the top.
        @usableFromInline var waitingAt: SplitPoint<Game>? = nil
        @usableFromInline var work: SplitPoint<Game>? = nil
        @inlinable init() {}
    }

    @usableFromInline let threads: Int
    @usableFromInline let slots: SpinLocked<[Slot]>
    /// How many threads are idle: a node looks here (cheaply) before it tries to split.
    @usableFromInline let idleCount = Atomic<Int>(0)
    /// Per thread: a split point is waiting for it in its slot.
    @usableFromInline let hasWork: UnsafeMutablePointer<Atomic<Bool>>
    /// The main thread's search is over: the helpers at the top leave.
    @usableFromInline let done = Atomic<Bool>(false)
    /// The nodes the helpers counted, added as each ends.
    @usableFromInline let helperNodes = Atomic<Int>(0)
    /// The threads of this search's own (``start(helper:)``) still running.
    @usableFromInline let ownThreads = DispatchGroup()

    @inlinable
    init(threads: Int) {
        self.threads = threads
        slots = SpinLocked([Slot](repeating: Slot(), count: threads))
        hasWork = .allocate(capacity: threads)
        for i in 0..<threads { (hasWork + i).initialize(to: Atomic<Bool>(false)) }
    }

    @inlinable
    deinit {
        hasWork.deinitialize(count: threads)
        hasWork.deallocate()
    }

    /// The main thread's search is over: the helpers at the top may leave.
    @inlinable func finish() { done.store(true, ordering: .releasing) }

    /// Gives `point` to every idle thread that may join it; returns how many took it.
    @inlinable
    func offer(_ point: SplitPoint<Game>, from thread: Int) -> Int {
        slots.withLock { slots in
            var given = 0
            for j in 0..<threads where j != thread && slots[j].idle && slots[j].work == nil {
                if let waiting = slots[j].waitingAt, !point.lies(below: waiting) { continue }
                slots[j].idle = false
                slots[j].work = point
                point.helpers.add(1, ordering: .relaxed)
                idleCount.subtract(1, ordering: .relaxed)
                hasWork[j].store(true, ordering: .releasing)
                given += 1
            }
            return given
        }
    }

    /// `thread` is idle, at the top (`waitingAt` nil) or waiting at its own split point.
    @inlinable
    func becomeIdle(_ thread: Int, waitingAt: SplitPoint<Game>?) {
        slots.withLock { slots in
            slots[thread].idle = true
            slots[thread].waitingAt = waitingAt
        }
        idleCount.add(1, ordering: .relaxed)
    }

    /// The split point given to `thread` (which is no longer idle), if any.
    @inlinable
    func takeWork(_ thread: Int) -> SplitPoint<Game>? {
        slots.withLock { slots in
            let w = slots[thread].work
            slots[thread].work = nil
            hasWork[thread].store(false, ordering: .relaxed)
            return w
        }
    }

    /// `thread` stops being idle, unless a split point was given to it first: then it
    /// gets that (and must search it before it leaves).
    @inlinable
    func leaveIdle(_ thread: Int) -> SplitPoint<Game>? {
        slots.withLock { slots in
            if let w = slots[thread].work {
                slots[thread].work = nil
                hasWork[thread].store(false, ordering: .relaxed)
                return w
            }
            if slots[thread].idle {
                slots[thread].idle = false
                slots[thread].waitingAt = nil
                idleCount.subtract(1, ordering: .relaxed)
            }
            return nil
        }
    }

    /// Starts `helper(i)` for the helpers 1..<threads on threads of their own (when the
    /// agent's kept threads, ``HelperThreads``, are held by another search), while the
    /// calling thread searches on. Own threads, not a shared pool: a helper waits for work
    /// that only the main thread makes, so all must run at once.
    @inlinable
    func start(helper: @escaping @Sendable (Int) -> Int) {
        for i in 1..<threads {
            ownThreads.enter()
            let thread = Thread { [self] in
                helperNodes.add(helper(i), ordering: .releasing)
                ownThreads.leave()
            }
            // The search recurses up to AlphaBetaWorker.maxPly plies.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// Waits for the threads ``start(helper:)`` started, if any; the nodes they counted.
    @inlinable
    func join() -> Int {
        ownThreads.wait()
        return helperNodes.load(ordering: .acquiring)
    }
}

/// A value that threads share, under a spin lock: for the few instructions a split point
/// or the pool is held (a `Mutex` would park a thread in the kernel, too slow a wake for
/// a node). Built on an `Atomic` in this module, so the thread sanitizer sees the lock.
@usableFromInline
final class SpinLocked<Value>: @unchecked Sendable {
    @usableFromInline let flag = Atomic<Bool>(false)
    @usableFromInline var value: Value

    @inlinable init(_ value: Value) { self.value = value }

    @inlinable
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        var spins = 0
        while !flag.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            // Wait on plain loads, giving the processor away now and then in case the
            // holder is not running (more threads than cores).
            while flag.load(ordering: .relaxed) {
                spins += 1
                if spins & 63 == 0 { yieldProcessor() }
            }
        }
        defer { flag.store(false, ordering: .releasing) }
        return try body(&value)
    }
}

/// Quiet moves' cutoff scores by raw move, each at ``slot(_:)`` (history move ordering),
/// one table per thread or one for all threads of a search that splits nodes. Relaxed
/// atomics: threads may lose each other's updates (an ordering hint), never read torn values.
@usableFromInline
final class HistoryTable: @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutablePointer<Atomic<Int32>>
    @inlinable init() {
        slots = .allocate(capacity: 1 << 16)
        for i in 0..<(1 << 16) { (slots + i).initialize(to: Atomic<Int32>(0)) }
    }
    /// The slot of a raw move: the raw move times an odd number, modulo 2^16 (a one-to-one
    /// map, so no two moves share a slot). Moves whose raw values are close, as a game's
    /// common moves are, land on different cache lines: two threads updating the scores
    /// of different moves do not pass a line between their cores.
    @inlinable @inline(__always)
    static func slot(_ raw: UInt16) -> Int { Int(raw &* 40503) }

    @inlinable deinit {
        slots.deinitialize(count: 1 << 16)
        slots.deallocate()
    }
}

/// Gives the processor to another thread while an idle search thread waits.
@inlinable
func yieldProcessor() {
    sched_yield()  // from Glibc or Darwin, through Foundation
}
