import Workbench

struct GradeCommand: GameCommand {
    static let name = "grade"
    static let declared: [String: Options.Kind] = ["--game": .value]
    static let help = "usage: bench grade"
    let arguments: [String]
    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {}
    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) {}
}
