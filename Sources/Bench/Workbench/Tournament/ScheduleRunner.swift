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
        /// In schedule order: the games finished but not yet logged, and the next to log.
        struct InOrder { var waiting: [Int: (record: GameRecord, line: String)] = [:]; var next = 0 }
        let ordered = start.config.sprt != nil, inOrder = Locked(InOrder())
        let tally = Locked(start)
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
                    // and in finishing order.
                    let line = log == nil ? "" : record.jsonLine
                    guard ordered else {
                        let (count, decided) = try tally.withLock { t throws(WorkbenchError) in
                            try log?.append(record, line: line)
                            try t.add(record)
                            return (t.addedCount, t.isDecided)
                        }
                        onRecord?(record, count)
                        if decided { queue.close() }
                        continue
                    }
                    let logged = try tally.withLock { t throws(WorkbenchError) -> [(GameRecord, Int)] in
                        try inOrder.withLock { o throws(WorkbenchError) -> [(GameRecord, Int)] in
                            o.waiting[record.index] = (record, line)
                            var logged: [(GameRecord, Int)] = []
                            while !t.isDecided {
                                // Past the games this run does not play (a resumed run's).
                                while o.next < total && (!plays(o.next) || start.contains(o.next)) { o.next += 1 }
                                guard let (r, l) = o.waiting.removeValue(forKey: o.next) else { break }
                                try log?.append(r, line: l)
                                try t.add(r)
                                logged.append((r, t.addedCount))
                                o.next += 1
                            }
                            if t.isDecided { o.waiting = [:] }
                            return logged
                        }
                    }
                    for (r, count) in logged { onRecord?(r, count) }
                    if tally.withLock({ $0.isDecided }) { queue.close() }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    queue.close()
                    break
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return tally.withLock { $0 }
    }
}
