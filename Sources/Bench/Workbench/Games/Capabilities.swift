import Boards
import Foundation
import Search

/// A game whose placement phase the workbench solves (Bagh-Chal; docs/placement.md):
/// seeded positions solved down to its tablebase (`bench solve --placement`), the
/// layered retrograde sweep over the whole phase (`--placement-all`), and grading by
/// the sweep's layers (`bench grade --phase placement`).
public protocol PlacementPhaseGame: SolvableWorkbenchGame {
    /// The steps (Bagh-Chal: goats in hand) a study takes; the last is the start itself.
    static var placementSteps: ClosedRange<Int> { get }
    /// Where the sweep's layers are kept when no folder is named.
    static var defaultPlacementFolder: String { get }
    /// The sweep's layers, first to last, by name (for messages).
    static var placementLayerNames: [String] { get }
    /// Plies from the start that a graded placement position is drawn from (0..<plies).
    static var placementGradingPlies: Int { get }

    /// Solves `count` seeded positions `steps` placements before the table by search
    /// down to it (``PlacementStudy``).
    static func placementStudy(table: Table, steps: Int, count: Int, seed: UInt64, nodeLimit: Int, threads: Int,
                               tableMegabytes: Int, progress: (@Sendable (Int, Int) -> Void)?) -> PlacementStudy.Report

    /// Solves the positions `numbers` of ``placementStudy(table:steps:count:seed:nodeLimit:threads:tableMegabytes:progress:)``
    /// alone (a shard's or a resumed run's), calling `finished` with each as it is solved.
    static func placementSolve(table: Table, steps: Int, numbers: [Int], seed: UInt64, nodeLimit: Int, threads: Int,
                               tableMegabytes: Int, progress: (@Sendable (Int, Int) -> Void)?,
                               finished: (@Sendable (PlacementStudy.Solved) -> Void)?) -> [PlacementStudy.Solved]

    /// Grades the agent `spec` of `catalog` on `positions` seeded placement positions by
    /// the sweep's layers in `folder` (all of them must be there).
    static func gradePlacement(spec: String, catalog: AgentCatalog<any TwoPlayerAgent<Self>>, table: Table, folder: String,
                               positions: Int, seed: UInt64, threads: Int,
                               progress: (@Sendable (Int, Int) -> Void)?) throws(WorkbenchError) -> GradingReport

    /// The sweep (``PlacementSweep``) in `folder` over the table at `tablePath`.
    static func sweepPlacement(_ sweep: PlacementSweep.Settings, threads: Int, progress: PlacementSweep.Progress?,
                               onLayer: ((PlacementSweep.LayerReport) -> Void)?) throws(WorkbenchError) -> PlacementSweep.Outcome
}

/// A game whose learned evaluation the workbench trains (Coin Sorter's n-tuple
/// network, `bench train`; docs/learning.md).
public protocol TrainableGame: WorkbenchGame {
    /// Runs (or resumes) a training run in `folder`; `report` is called after every
    /// checkpoint with the curve's new point and its seconds. Returns the run's state
    /// in words (episodes, seed, rate, batch).
    static func train(folder: URL, episodes: Int, threads: Int, seed: UInt64?, alpha: Double?, batch: Int?,
                      method: TrainingMethod, resume: Bool, report: (CoinSorterTraining.CurvePoint, Double) -> Void) throws(WorkbenchError) -> String
    /// Draws the held-out learning curves of the named run folders side by side into `out`.
    static func compareRuns(_ runs: [(name: String, folder: URL)], out: URL) throws(WorkbenchError)
    /// The name of the trained file in the folder (`weights.bin`).
    static var trainedFileName: String { get }
    /// The learning rates a run takes (0 only as the lower bound: the rate is above it).
    static var learningRates: ClosedRange<Double> { get }
    /// The stage counts of a multi-stage network (weight sets by the game's progress);
    /// the most is the default.
    static var trainingStages: ClosedRange<Int> { get }
}

/// A game whose last turns the workbench solves exactly (Coin Sorter, `bench endgame`):
/// what better play and what luck could add to recorded games.
public protocol ExactEndgameGame: WorkbenchGame {
    /// The turns left that can be solved.
    static var endgameTurns: ClosedRange<Int> { get }
    /// The table (Markdown) of the games of the tournament folder `folder`, and a note
    /// when its log's last line was cut short (not counted).
    static func endgame(folder: URL, agents: [String]?, turns: Int, deals: Int?,
                        threads: Int) throws(WorkbenchError) -> (table: String, note: String?)
}

/// A puzzle whose deals the workbench solves (Balls!, `bench solve`): per deal the
/// best result found over a space of actions and whether the level can be passed.
public protocol DealSolvingGame: PuzzleWorkbenchGame {
    /// The levels.
    static var levels: ClosedRange<Int> { get }
    /// The last tick of the action space (its default and its range).
    static var defaultLastTick: Int { get }
    static var lastTicks: ClosedRange<Int> { get }
    /// Solves the deals `seeds` of `level` on `threads` threads (the results do not depend on them).
    static func solveDeals(_ settings: DealSolving.Settings, threads: Int) -> DealSolving.Summary
    /// Times the simulator on `taps` seeded taps of `level` (`bench balls-speed`).
    static func simulatorSpeed(level: Int, deals: Int, taps: Int, hits: Bool) -> BallsTapProfile.Result
}

/// A capability a game may offer, for ``GameRegistry/game(named:offering:)``: the
/// protocol's metatype and what a game without it lacks, in words.
public struct Capability<Offering>: Sendable {
    /// `has no tablebase`.
    public let lacking: String
    /// `solvable`: what the games that have it are, for the list in the refusal.
    public let listName: String
}

extension Capability where Offering == any SolvableWorkbenchGame.Type {
    public static var tablebase: Self { Self(lacking: "has no tablebase", listName: "solvable") }
}

extension Capability where Offering == any PlacementPhaseGame.Type {
    public static var placementPhase: Self { Self(lacking: "has no placement phase", listName: "with one") }
}

extension Capability where Offering == any TrainableGame.Type {
    public static var training: Self { Self(lacking: "has no learned evaluation to train", listName: "trainable") }
}

extension Capability where Offering == any ExactEndgameGame.Type {
    public static var exactEndgame: Self { Self(lacking: "has no exact end-game solver", listName: "with one") }
}

extension Capability where Offering == any DealSolvingGame.Type {
    public static var dealSolver: Self { Self(lacking: "has no deal solver", listName: "with one") }
}

extension GameRegistry {
    /// The game called `name` as one offering `capability`; no name (there is no default
    /// here), or a game without it, is a usage error naming the games that have it. The one place
    /// that asks a game's type what it can do.
    public static func game<C>(named name: String?, offering capability: Capability<C>) throws(WorkbenchError) -> C {
        // No default here: the default game may not offer it ("tigers-goats has no ..."
        // would blame a game nobody named).
        guard let name else { throw .usage("is required (\(capability.listName): \(names(offering: capability)))", field: "game") }
        let game = try game(named: name)
        guard let offering = game as? C else {
            throw .usage("\(game.name) \(capability.lacking) (\(capability.listName): \(names(offering: capability)))")
        }
        return offering
    }

    /// The names of the games offering `capability`, comma-separated.
    public static func names<C>(offering capability: Capability<C>) -> String {
        games.filter { $0 is C }.map { $0.name }.joined(separator: ", ")
    }

    /// The games offering `capability`.
    public static func games<C>(offering capability: Capability<C>) -> [C] { games.compactMap { $0 as? C } }
}

extension DealSolvingGame {
    /// Solves the deals of `settings` after checking them against the game's ranges.
    public static func solve(_ s: DealSolving.Settings, threads: Int) throws(WorkbenchError) -> DealSolving.Summary {
        guard levels.contains(s.level) else { throw .usage("\(s.level) is out of range \(levels.lowerBound)...\(levels.upperBound)", field: "level") }
        guard lastTicks.contains(s.lastTick) else {
            throw .usage("\(s.lastTick) is out of range \(lastTicks.lowerBound)...\(lastTicks.upperBound)", field: "last")
        }
        guard DealSolving.Settings.goals.contains(s.goal) else {
            throw .usage("must be \(DealSolving.Settings.goals.joined(separator: " or ")), got '\(s.goal)'", field: "goal")
        }
        guard DealSolving.Settings.searchRange.contains(s.search) else { throw .usage("\(s.search) is out of range", field: "search") }
        return solveDeals(s, threads: threads)
    }
}
