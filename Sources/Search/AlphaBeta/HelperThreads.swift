import Dispatch
import Foundation
import Synchronization

/// The helper threads of an agent that searches on several threads, started once when
/// the agent is made and parked between its searches (on a semaphore: a parked thread
/// takes no processor time from the opponent's search or other games).
///
/// A search on threads of its own started them each time: a thread's start, its first
/// touches of its stack and of its allocator's memory are paid by every search, which a
/// search of a few milliseconds cannot win back (results/search-strength/threads-short.md).
/// Here a search wakes the parked threads and hands them its job.
///
/// The threads hold only the ``HelperCrew`` they serve, never this object: when the agent
/// (the last holder of this object) goes, `deinit` tells them to leave.
@usableFromInline
final class HelperThreads: Sendable {
    @usableFromInline let crew: HelperCrew
    /// The busy table (``BusyTable``) of the search that holds the threads, made with the
    /// agent: a search that allocated its own paid for mapping its 64 pages, about as long
    /// as a search of a few hundred nodes. Cleared by each search that brings the helpers in.
    @usableFromInline let busy = BusyTable()

    /// Starts `count` helper threads and returns once each is parked, waiting for a search.
    ///
    /// Waiting here keeps a thread's start (its stack's mapping, its first run) out of the
    /// first search: started and not waited for, it ran on the other core while that search
    /// did, and a search of a millisecond or two on 2 threads took 2-3% longer than on one
    /// (results/search-strength/threads-short.md).
    @usableFromInline
    init(count: Int) {
        crew = HelperCrew(count: count)
        for i in 1...crew.count {
            let crew = crew
            let thread = Thread { crew.serve(i) }
            // The search recurses up to AlphaBetaWorker.maxPly plies.
            thread.stackSize = 16 << 20
            thread.start()
        }
        for _ in 1...crew.count { crew.parked.wait() }
    }

    deinit { crew.dismiss() }

    /// Takes the threads (and ``busy``) for a search; false when another search holds
    /// them (copies of an agent searching at once): that search starts threads of its own.
    @inlinable
    func reserve() -> Bool { crew.reserve() }

    /// Runs `helper(i)` for the helpers 1...count on the parked threads of a search that
    /// holds them (``reserve()``), while the calling thread goes on with its own search.
    @inlinable
    func start(_ helper: @escaping @Sendable (Int) -> Int) { crew.start(helper) }

    /// Waits for the helpers ``start(_:)`` set to work, if any; their results' sum. The
    /// threads are free again for the next search.
    @inlinable
    func join() -> Int { crew.join() }
}

/// What an agent's helper threads share with the thread that searches: the job, the
/// semaphores that wake them and say they are done, and the sum of their results.
@usableFromInline
final class HelperCrew: Sendable {
    @usableFromInline let count: Int
    /// The job of the search in progress; nil between searches. Under ``SpinLocked``, not
    /// a `Mutex`: the thread sanitizer does not see Synchronization's `Mutex` lock (it took
    /// two helpers reading the job for a race), and a spin lock taken once a search costs
    /// nothing.
    @usableFromInline let job = SpinLocked<(@Sendable (Int) -> Int)?>(nil)
    /// Set when the agent is gone: a woken thread leaves.
    @usableFromInline let dismissed = Atomic<Bool>(false)
    /// A search holds the threads.
    @usableFromInline let busy = Atomic<Bool>(false)
    /// The search holding the threads has woken them (only that search's thread touches it).
    @usableFromInline let started = Atomic<Bool>(false)
    @usableFromInline let wake: [DispatchSemaphore]
    @usableFromInline let finished = DispatchSemaphore(value: 0)
    /// Signalled once by each thread when it first parks (``HelperThreads/init(count:)`` waits).
    @usableFromInline let parked = DispatchSemaphore(value: 0)
    @usableFromInline let total = Atomic<Int>(0)

    @usableFromInline
    init(count: Int) {
        self.count = max(1, count)
        wake = (0..<max(1, count)).map { _ in DispatchSemaphore(value: 0) }
    }

    /// Takes the threads for a search; false when another search holds them.
    @inlinable
    func reserve() -> Bool {
        busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    /// Wakes the threads of a search that holds them on `helper`.
    @inlinable
    func start(_ helper: @escaping @Sendable (Int) -> Int) {
        job.withLock { $0 = helper }
        total.store(0, ordering: .relaxed)
        started.store(true, ordering: .relaxed)
        for w in wake { w.signal() }
    }

    /// Waits for every helper to finish the job, if ``start(_:)`` gave them one; their
    /// results' sum. The threads are free again for the next search.
    @inlinable
    func join() -> Int {
        var sum = 0
        if started.load(ordering: .relaxed) {
            for _ in 0..<count { finished.wait() }
            // Dropped here, not when the next search sets its own: the job holds the search's
            // shared state (its split pool, tables), freed now.
            job.withLock { $0 = nil }
            sum = total.load(ordering: .acquiring)
            started.store(false, ordering: .relaxed)
        }
        busy.store(false, ordering: .releasing)
        return sum
    }

    /// Helper `i`'s life: parked until woken, a job, parked again, until dismissed.
    @usableFromInline
    func serve(_ i: Int) {
        parked.signal()
        while true {
            wake[i - 1].wait()
            if dismissed.load(ordering: .acquiring) { return }
            guard let work = job.withLock({ $0 }) else { continue }
            total.add(work(i), ordering: .releasing)
            finished.signal()
        }
    }

    /// The agent is gone: every thread leaves (none is in a search then, since a search
    /// holds the agent).
    @usableFromInline
    func dismiss() {
        dismissed.store(true, ordering: .releasing)
        for w in wake { w.signal() }
    }
}
