import Dispatch
import Synchronization

/// Fork-join parallelism: the one way the workbench runs work on several threads.
///
/// Every parallel loop (perft, playouts, tournaments, Lazy SMP, root-parallel MCTS)
/// is "start N workers, wait for all of them, collect what each produced". This type
/// does exactly that, so the unsafe part — handing each worker's result back to the
/// caller — is written once: each worker writes only its own slot, and the caller
/// reads the slots after `concurrentPerform` has joined every worker, which orders
/// every write before every read (and ThreadSanitizer sees that order).
public enum ForkJoin {
    /// Runs `body(worker)` for `worker` in `0..<workers`, on up to `workers` threads
    /// at once, and returns the results in worker order. One worker runs on the
    /// calling thread without dispatch.
    ///
    /// - Parameters:
    ///   - workers: how many workers (at least 1).
    ///   - body: one worker's work; it may share only `Sendable` state with the others.
    /// - Returns: `body`'s result for each worker, in worker order.
    @inlinable
    public static func map<T>(workers: Int, _ body: @Sendable (_ worker: Int) -> T) -> [T] {
        let n = max(1, workers)
        if n == 1 { return [body(0)] }
        let slots = ResultSlots<T>(count: n)
        DispatchQueue.concurrentPerform(iterations: n) { slots.store(body($0), at: $0) }
        return slots.take()
    }

    /// Runs `body(task)` for every `task` in `0..<count` on `workers` threads, each
    /// worker claiming the next unclaimed task, and returns the results in task order
    /// (whichever worker computed them). Use it when tasks are independent and
    /// uneven in size; the result does not depend on the number of workers.
    @inlinable
    public static func mapTasks<T>(count: Int, workers: Int, _ body: @Sendable (_ task: Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<T>(count: count)
        let queue = TaskQueue(count: count)
        _ = map(workers: min(max(1, workers), count)) { _ in
            while let task = queue.next() { slots.store(body(task), at: task) }
        }
        return slots.take()
    }
}

/// Hands out task indices `0..<count` to workers, each index once, in increasing order.
public final class TaskQueue: Sendable {
    /// The number of tasks.
    public let count: Int
    @usableFromInline let claimed = Atomic<Int>(0)

    /// A queue of `count` tasks.
    public init(count: Int) { self.count = count }

    /// The next unclaimed task, or `nil` when every task has been handed out.
    @inlinable
    public func next() -> Int? {
        let task = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
        return task < count ? task : nil
    }

    /// Hands out no more tasks (an early stop: workers finish what they hold).
    @inlinable
    public func close() { claimed.store(.max / 2, ordering: .relaxed) }
}

/// One result slot per worker or task. Each slot is written by exactly one worker and
/// read only after all workers are joined, so no lock is needed; that contract is
/// why this type is `@unchecked Sendable` and internal to ``ForkJoin``.
@usableFromInline
final class ResultSlots<T>: @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutableBufferPointer<T?>

    @inlinable
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    @inlinable
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    @inlinable
    func store(_ value: T, at index: Int) { slots[index] = value }

    /// The results after the join; every slot must have been written.
    @inlinable
    func take() -> [T] { slots.map { $0! } }
}
