import Boards

/// A solved part of a two-player game: the value under perfect play of every position
/// in it, made by retrograde analysis or read from its file.
public protocol Tablebase<Game>: Sendable, AnyObject {
    associatedtype Game: TwoPlayerGame

    /// The value of `position` for its side to move, or `nil` outside the solved part.
    func value(of position: Game) -> TablebaseValue?

    /// The positions and how they end, per group (captured count) and side to move.
    var statistics: TablebaseStatistics { get }

    /// Bytes per stored value (1 when every ply count fits in a byte, else 2).
    var bytesPerEntry: Int { get }

    /// Solves the game's solved part on `threads` workers (the same table for any count).
    static func solve(threads: Int, progress: (@Sendable (_ group: Int, _ ply: Int, _ decided: Int, _ slots: Int) -> Void)?) -> Self

    /// Reads a table written by ``write(to:)``, checking its header and checksum and,
    /// `surveying`, that no stored value is impossible (a pass over every slot, most of
    /// a load's time: what a table one only looks positions up in can skip).
    static func load(_ path: String, surveying: Bool) throws(TablebaseFileError) -> Self

    /// Writes the table to `path` (a temporary file renamed into place when complete).
    func write(to path: String) throws(TablebaseFileError)
}

extension BaghChalTablebase: Tablebase {
    public typealias Game = BaghChal

    public static func solve(threads: Int, progress: (@Sendable (Int, Int, Int, Int) -> Void)?) -> Self {
        // `Self` is the final class itself.
        solve(capturesToWin: BaghChalTablebaseIndex.standardCapturesToWin, threads: threads, progress: progress) as! Self
    }

    public static func load(_ path: String, surveying: Bool) throws(TablebaseFileError) -> Self {
        try Self(file: path, surveying: surveying)
    }
}
