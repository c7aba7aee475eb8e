import Boards
import Search

/// A two-player game with a tablebase: a part of it solved by retrograde analysis
/// (Bagh-Chal's sliding phase), kept in a file that `bench solve` writes and the
/// `tablebase` agent and `bench grade` read.
///
/// Commands ask ``GameRegistry/game(named:offering:)`` for a game with one
/// (``Capability/tablebase``), so the one place that knows is the game's conformance.
public protocol SolvableWorkbenchGame: TwoPlayerWorkbenchGame {
    /// The game's tablebase type.
    associatedtype Table: Tablebase where Table.Game == Self

    /// Where the table is kept when no file is named, relative to the current folder.
    static var defaultTablebaseFile: String { get }

    /// The name of the groups of ``TablebaseStatistics/Row`` in tables (`captured`).
    static var tablebaseGroupName: String { get }
}

extension SolvableWorkbenchGame {
    /// The table in `path` (read once per process and shared, as the `tablebase` agent
    /// reads it); a missing, unreadable, corrupt or foreign file is a runtime error.
    /// `surveying: false` checks the header and checksum only (``Tablebase/load(_:surveying:)``).
    public static func loadTablebase(_ path: String, surveying: Bool = true) throws(WorkbenchError) -> Table {
        do { return try TablebaseCache.table(Table.self, path, surveying: surveying) } catch { throw .runtime(error.message) }
    }
}
