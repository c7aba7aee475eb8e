import Boards

/// The games the workbench knows, by name: the one place that lists them.
public enum GameRegistry {
    /// Every game, the default first.
    public static let games: [any WorkbenchGame.Type] = [
        TigersGoats.self,
        CoinSorter.self,
    ]

    /// The game played when none is named.
    public static var defaultGame: any WorkbenchGame.Type { games[0] }

    /// The names, comma-separated, for messages.
    public static var names: String { games.map { $0.name }.joined(separator: ", ") }

    /// The game called `name` (the default when `nil`); an unknown name is a usage error.
    public static func game(named name: String?) throws(WorkbenchError) -> any WorkbenchGame.Type {
        guard let name else { return defaultGame }
        guard let game = games.first(where: { $0.name == name }) else {
            throw .usage("unknown game '\(name)' (known: \(names))")
        }
        return game
    }
}
