import Boards

/// Plays a schedule of games on worker threads, appending each finished game to the
/// record log at once, and stops early when `isDecided` says so (an SPRT).
///
/// Game `i` depends only on the schedule and `i` (its opening, its agents' seeds),
/// never on which worker plays it or when, so depth-, node- and playout-bounded
/// tournaments give the same records for any number of threads. A match that stops
/// on a decision (an SPRT) logs its games in schedule order, holding one that finished
/// early until those before it are logged, and none after the deciding pair: its log
/// too is the same for any number of threads (games finished after the decision had
/// been logged in finishing order, a different few each run).
enum ScheduleRunner {
    /// Plays the games of the schedule `0..<total` that this run `plays` (all, or a
    /// shard's `scheduled` games) and `tally` has not seen, folding
    /// each into the tally as it is logged; returns the tally. Only the tally (running
    /// totals) stays in memory, never the records.
    static func run(
        total: Int, scheduled: Int, plays: @Sendable (Int) -> Bool, tally start: TournamentTally, threads: Int, log: RecordLog?,
        onRecord: (@Sendable (GameRecord, _ finished: Int) -> Void)?,
        play: @Sendable (Int) throws(WorkbenchError) -> GameRecord
    ) throws(WorkbenchError) -> TournamentTally {
        // Workers take indices in schedule order and skip those already played: no
        // list of what is left, whatever the schedule's length.
        let left = scheduled - start.addedCount
        /// The tally and, for a match that stops on a decision, the games finished ahead of
        /// schedule order (waiting for those before them) and the next game to log.
        struct Shared { var tally: TournamentTally; var waiting: [Int: (record: GameRecord, line: String)] = [:]; var next = 0 }
        let ordered = start.config.sprt != nil
        let shared = Locked(Shared(tally: start))
        let queue = TaskQueue(count: total)
        let failure = Locked<WorkbenchError?>(nil)
        // A match already decided (on resume) plays no more games.
        if start.isDecided { queue.close() }
        _ = ForkJoin.map(workers: min(threads, max(1, left))) { _ in
            while let index = queue.next() {
                // A shard's run skips the other shards' games.
                if !plays(index) || start.contains(index) { continue }
                do throws(WorkbenchError) {
                    let record = try play(index)
                    // Encoded by this worker; appended under the lock, so lines are whole
                    // and in finishing order (schedule order when ordered).
                    let line = log == nil ? "" : record.jsonLine
                    guard ordered else {
                        let (count, decided) = try shared.withLock { s throws(WorkbenchError) in
                            try log?.append(record, line: line)
                            try s.tally.add(record)
                            return (s.tally.addedCount, s.tally.isDecided)
                        }
                        onRecord?(record, count)
                        if decided { queue.close() }
                        continue
                    }
                    let (logged, decided) = try shared.withLock { s throws(WorkbenchError) -> ([(GameRecord, Int)], Bool) in
                        s.waiting[record.index] = (record, line)
                        var logged: [(GameRecord, Int)] = []
                        while !s.tally.isDecided {
                            // Past the games this run does not play (a resumed run's).
                            while s.next < total && (!plays(s.next) || start.contains(s.next)) { s.next += 1 }
                            guard let (r, l) = s.waiting.removeValue(forKey: s.next) else { break }
                            try log?.append(r, line: l)
                            try s.tally.add(r)
                            logged.append((r, s.tally.addedCount))
                            s.next += 1
                        }
                        if s.tally.isDecided { s.waiting = [:] }
                        return (logged, s.tally.isDecided)
                    }
                    for (r, count) in logged { onRecord?(r, count) }
                    if decided { queue.close() }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    queue.close()
                    break
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return shared.withLock { $0.tally }
    }
}
