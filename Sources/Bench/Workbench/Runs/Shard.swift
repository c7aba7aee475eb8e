import Foundation
import Boards

/// One of N parts of a run, computed apart (a Slurm array task) and merged afterwards
/// (`bench merge`; ``ShardedRuns``). The one shard scheme of every sharded run: the
/// run's work is numbered in units (a tournament's game pair or deal, a graded
/// position, a solved placement position), and shard K of N does the units u with
/// u mod N = K, so every shard gets some of every part of the run.
public struct Shard: Codable, Equatable, Sendable, CustomStringConvertible {
    /// K, from 0.
    public var index: Int
    /// N, the number of shards.
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The number of shards a run may be split into.
    public static let countRange = 1...1_000_000

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The shard `K/N` spells (plain decimal); `nil` when it is not one.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = NumberText.wholeNumber(parts[0]), let n = NumberText.wholeNumber(parts[1]),
              Self.countRange.contains(n), (0..<n).contains(k) else { return nil }
        self.init(index: k, count: n)
    }

    /// Whether unit `u` of the run is this shard's.
    public func owns(unit u: Int) -> Bool { u % count == index }

    /// How many of a run's `units` units are this shard's.
    public func units(of units: Int) -> Int { index < units ? (units - index + count - 1) / count : 0 }

    /// Checks, for a merge, that the folders' `shards` belong together: each folder a
    /// shard (its `configName` has one), each of the first one's run (`sameRun(i)`)
    /// and count, each K once. Returns the position in `folders` of each K's folder.
    /// Every refusal is a one-line usage error.
    package static func together(_ shards: [Shard?], folders: [URL], configName: String, what run: String, differ: String,
                                 sameRun: (Int) -> Bool) throws(WorkbenchError) -> [Int: Int] {
        guard !shards.isEmpty else { throw .usage("no shard folders given", field: "shards") }
        var byIndex = [Int: Int]()
        for (i, shard) in shards.enumerated() {
            guard let shard else { throw .usage("\(folders[i].path) is not a shard (its \(configName) has no shard)") }
            guard sameRun(i), shard.count == shards[0]?.count else {
                throw .usage("\(folders[i].path) is a shard of another \(run) than \(folders[0].path) (\(differ) differ)")
            }
            if let earlier = byIndex[shard.index] {
                throw .usage("shard \(shard) is given twice (\(folders[earlier].path), \(folders[i].path))")
            }
            byIndex[shard.index] = i
        }
        return byIndex
    }

    /// The end of a merge's message about missing work: the shards not given (the
    /// first ten), or nothing when every shard was given.
    package static func absentText(_ byIndex: [Int: Int], count: Int) -> String {
        let absent = (0..<count).filter { byIndex[$0] == nil }
        guard !absent.isEmpty else { return "" }
        return "; shards not given: " + absent.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ") + (absent.count > 10 ? ", …" : "")
    }
}

/// What a merge of shards did (``ShardedRuns/merge(_:into:partial:command:)``).
public struct MergeOutcome: Sendable {
    /// What the merged folder's report says (summary.md, report.md), to print.
    public var text: String
    /// Units of the run found in no shard (only with `partial`), and what they are.
    public var missing: Int
    public var missingWhat: String
    /// The shards merged.
    public var shards: Int
}

/// A kind of run that can be split into shards (``Shard``) and merged.
public protocol ShardedRunKind: Sendable {
    /// Whether `folder` holds a run of this kind.
    static func holds(_ folder: URL) throws(WorkbenchError) -> Bool
    /// Joins the shards' `folders` into the new folder `out`, as one machine would have
    /// written it; `command` turns a shard's command into the whole run's. Missing
    /// work is a runtime error naming it unless `partial`; nothing is left in `out`
    /// when it fails.
    static func merge(_ folders: [URL], into out: URL, partial: Bool,
                      command: (String) -> String) throws(WorkbenchError) -> MergeOutcome
}

/// Every kind of sharded run, for `bench merge`: adding one is a line here.
public enum ShardedRuns {
    public static let kinds: [any ShardedRunKind.Type] = [
        TournamentRun.self,
        PositionRunKind<GradingSpec>.self,
        PositionRunKind<PlacementStudySpec>.self,
    ]

    /// Merges the shards in `folders` (of whichever kind the first holds) into `out`.
    public static func merge(_ folders: [URL], into out: URL, partial: Bool,
                             command: (String) -> String) throws(WorkbenchError) -> MergeOutcome {
        guard let first = folders.first else { throw .usage("no shard folders given", field: "shards") }
        for kind in kinds where try kind.holds(first) {
            return try kind.merge(folders, into: out, partial: partial, command: command)
        }
        throw .usage("\(first.path) is not the folder of a sharded run (no \(TournamentFolder.configName) or \(PositionRun.configName) of a known kind)")
    }
}
