import Boards

/// The games the workbench knows, by name: the one place that lists them.
///
/// Adding a game adds a line to ``games`` and one to ``dispatch(_:to:)``.
public enum GameRegistry {
    /// Every game, the default first.
    public static let games: [any WorkbenchGame.Type] = [
        TigersGoats.self,
        CoinSorter.self,
        BaghChal.self,
        Balls.self,
    ]

    /// Runs `visitor` for the game called `name` (the default game when `nil`); an
    /// unknown name is a usage error listing the known ones.
    ///
    /// Each game is a concrete call, and the function is inlined into its caller,
    /// so a command's generic code is specialised for each game in the caller's
    /// module: in `bench`, which is built with the CPU flags the engines need.
    @inlinable
    public static func dispatch<V: GameVisitor>(_ name: String?, to visitor: V) throws(WorkbenchError) -> V.Result {
        switch name ?? defaultGame.name {
        case TigersGoats.name: return try visitor.visitTwoPlayer(TigersGoats.self)
        case CoinSorter.name: return try visitor.visitPuzzle(CoinSorter.self)
        case BaghChal.name: return try visitor.visitTwoPlayer(BaghChal.self)
        case Balls.name: return try visitor.visitPuzzle(Balls.self)
        case let other: throw unknown(other)
        }
    }

    /// The game played when none is named.
    public static var defaultGame: any WorkbenchGame.Type { games[0] }

    /// The names, comma-separated, for messages.
    public static var names: String { games.map { $0.name }.joined(separator: ", ") }

    /// The game called `name` (the default when `nil`); an unknown name is a usage error.
    public static func game(named name: String?) throws(WorkbenchError) -> any WorkbenchGame.Type {
        guard let name else { return defaultGame }
        guard let game = games.first(where: { $0.name == name }) else { throw unknown(name) }
        return game
    }

    @usableFromInline
    static func unknown(_ name: String) -> WorkbenchError { .usage("unknown game '\(name)' (known: \(names))") }
}
