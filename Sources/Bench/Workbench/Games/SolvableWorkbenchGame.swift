import Boards
import Search

/// A two-player game with a tablebase: a part of it solved by retrograde analysis
/// (Bagh-Chal's sliding phase), kept in a file that `bench solve` writes and the
/// `tablebase` agent and `bench grade` read.
///
/// Commands find out whether a game has one with `G.self as? any SolvableWorkbenchGame.Type`,
/// so the one place that knows is the game's conformance.
public protocol SolvableWorkbenchGame: TwoPlayerWorkbenchGame {
    /// The game's tablebase type.
    associatedtype Table: Tablebase where Table.Game == Self

    /// Where the table is kept when no file is named, relative to the current folder.
    static var defaultTablebaseFile: String { get }

    /// The name of the groups of ``TablebaseStatistics/Row`` in tables (`captured`).
    static var tablebaseGroupName: String { get }

    /// Solves seeded positions `steps` placements before the table by search down to
    /// it (`bench solve --placement`; Bagh-Chal: positions with that many goats in
    /// hand, ``PlacementStudy``); `nil` for a game without a placement phase.
    static func placementStudy(table: Table, steps: Int, count: Int, seed: UInt64, nodeLimit: Int, threads: Int,
                               tableMegabytes: Int, progress: (@Sendable (Int, Int) -> Void)?) -> PlacementStudy.Report?

    /// Solves the positions `numbers` of ``placementStudy(table:steps:count:seed:nodeLimit:threads:tableMegabytes:progress:)``
    /// alone (a shard's or a resumed run's), calling `finished` with each as it is
    /// solved; `nil` for a game without a placement phase.
    static func placementSolve(table: Table, steps: Int, numbers: [Int], seed: UInt64, nodeLimit: Int, threads: Int,
                               tableMegabytes: Int, progress: (@Sendable (Int, Int) -> Void)?,
                               finished: (@Sendable (PlacementStudy.Solved) -> Void)?) -> [PlacementStudy.Solved]?
}

extension SolvableWorkbenchGame {
    /// The table in `path` (read once per process and shared, as the `tablebase` agent
    /// reads it); a missing, unreadable, corrupt or foreign file is a runtime error.
    public static func loadTablebase(_ path: String) throws(WorkbenchError) -> Table {
        do { return try TablebaseCache.table(Table.self, path) } catch { throw .runtime(error.message) }
    }
}
