import Boards
import Search

/// Bagh-Chal in the workbench: its rule option, agents and board display.
extension BaghChal: TwoPlayerWorkbenchGame {
    public typealias Evaluator = BaghChalEvaluator
    public typealias Format = ColourSwappedPairs<BaghChal>

    public static var title: String { "Bagh-Chal" }

    public static var defaultRules: Rules { .standard }

    public static var moveSummary: String { "a goat placement, a step along a line, or a tiger's capturing jump" }

    public static var ruleParameters: [Parameter] {
        [Parameter("ply-limit", .integer(Rules.plyLimits), default: .integer(Rules.standard.plyLimit), help: "draw at this ply")]
    }

    public static func rules(_ values: RuleValues) throws(WorkbenchError) -> Rules {
        Rules(plyLimit: values.int("ply-limit"))
    }

    public static var defaultAgents: [String] { ["random", "greedy", "alphabeta:depth=4", "mcts:playouts=1000,cap=10"] }

    /// The agents of every game with an evaluation, and `tablebase` (docs/tablebase.md).
    @inlinable
    public static var agentCatalog: AgentCatalog<any TwoPlayerAgent<BaghChal>> {
        let tablebase = AgentKind<any TwoPlayerAgent<BaghChal>>(
            BaghChalTablebaseAgents.description(defaultFile: defaultTablebaseFile)
        ) { spec, seed throws(ParseError) in try BaghChalTablebaseAgents.make(spec, seed: seed) }
        return AgentCatalog(game: name, kinds: TwoPlayerAgents<Evaluator>.catalog.kinds + [tablebase])
    }

    public static func start(_ rules: Rules) -> BaghChal { BaghChal(rules: rules) }

    public static func position(parsing text: String, rules: Rules) throws(ParseError) -> BaghChal {
        try BaghChal(parsing: text, rules: rules)
    }

    /// The board with its lines, rank 5 at the top: tigers yellow, goats in danger red
    /// (without colour they are listed below the board).
    ///
    /// ```
    /// 5  T---.---.---.---T
    ///    | \ | / | \ | / |
    /// 4  .---.---.---.---.
    /// ```
    public static func board(_ p: BaghChal, color: Bool) -> String {
        let danger = p.goatsInDanger
        var lines: [String] = []
        for rank in stride(from: 4, through: 0, by: -1) {
            var row = "\(rank + 1)  "
            for file in 0..<5 {
                let b = UInt32(1) << UInt32(rank * 5 + file)
                if p.tigers & b != 0 {
                    row += color ? "\u{1B}[1;33mT\u{1B}[0m" : "T"
                } else if p.goats & b != 0 {
                    row += color && danger & b != 0 ? "\u{1B}[1;31mG\u{1B}[0m" : "G"
                } else {
                    row += "."
                }
                if file < 4 { row += "---" }
            }
            lines.append(row)
            if rank > 0 {
                // The square below this rank: a diagonal leaves its lower-left corner
                // upwards (/) when that corner has file + rank even, else downwards (\).
                var links = "   |"
                for file in 0..<4 { links += (file + rank - 1) % 2 == 0 ? " / |" : " \\ |" }
                lines.append(links)
            }
        }
        lines.append("   a   b   c   d   e")
        var status = "\(sideName(p.sideToMove)) to move, goats in hand \(p.goatsInHand), "
            + "goats captured \(p.captures), ply \(p.plyCount)"
        if danger != 0 {
            let points = (0..<25).filter { danger & (UInt32(1) << UInt32($0)) != 0 }.map(Notation.pointName)
            status += ", goats in danger: " + points.joined(separator: " ")
        }
        lines.append(status)
        return lines.joined(separator: "\n")
    }
}

/// Bagh-Chal's sliding phase is solved: the tablebase of docs/tablebase.md.
extension BaghChal: SolvableWorkbenchGame {
    public typealias Table = BaghChalTablebase

    public static var defaultTablebaseFile: String { "tablebases/bagh-chal.tb" }

    public static var tablebaseGroupName: String { "captured" }
}

/// Bagh-Chal's placement phase is solved down to the tablebase: studies of seeded
/// positions, the layered sweep and grading by its layers (docs/placement.md).
extension BaghChal: PlacementPhaseGame {
    public static var placementSteps: ClosedRange<Int> { 1...20 }

    public static var defaultPlacementFolder: String { BaghChalTablebaseAgents.defaultPlacementFolder }

    public static var placementLayerNames: [String] { PlacementSweep.layerNames }

    public static var placementGradingPlies: Int { PlacementGrading.plies }

    /// Positions with `steps` goats in hand, solved down to the tablebase.
    public static func placementStudy(table: BaghChalTablebase, steps: Int, count: Int, seed: UInt64, nodeLimit: Int,
                                      threads: Int, tableMegabytes: Int,
                                      progress: (@Sendable (Int, Int) -> Void)?) -> PlacementStudy.Report {
        PlacementStudy.run(table: table, goatsInHand: steps, count: count, seed: seed, nodeLimit: nodeLimit,
                           threads: threads, tableMegabytes: tableMegabytes, progress: progress)
    }

    public static func placementSolve(table: BaghChalTablebase, steps: Int, numbers: [Int], seed: UInt64, nodeLimit: Int,
                                      threads: Int, tableMegabytes: Int, progress: (@Sendable (Int, Int) -> Void)?,
                                      finished: (@Sendable (PlacementStudy.Solved) -> Void)?) -> [PlacementStudy.Solved] {
        PlacementStudy.solve(table: table, goatsInHand: steps, numbers: numbers, seed: seed, nodeLimit: nodeLimit,
                             threads: threads, tableMegabytes: tableMegabytes, progress: progress, finished: finished)
    }

    public static func gradePlacement(spec: String, catalog: AgentCatalog<any TwoPlayerAgent<BaghChal>>, table: BaghChalTablebase,
                                      folder: String, positions: Int, seed: UInt64, threads: Int,
                                      progress: (@Sendable (Int, Int) -> Void)?) throws(WorkbenchError) -> GradingReport {
        let placement = BaghChalPlacementTable(index: BaghChalPlacementIndex(sliding: table.index), folder: folder)
        let missing = PlacementGrading.missingLayers(placement)
        if !missing.isEmpty {
            throw .runtime("\(missing.count) of the \(placementLayerNames.count) placement layers are missing in \(folder) "
                + "(first \(missing[0])); the placement sweep makes them", field: "placementFolder")
        }
        return try PlacementGrading.grade(spec: spec, catalog: catalog, placement: placement, sliding: table,
                                          positions: positions, seed: seed, threads: threads, progress: progress)
    }

    public static func sweepPlacement(_ sweep: PlacementSweep.Settings, threads: Int, progress: PlacementSweep.Progress?,
                                      onLayer: ((PlacementSweep.LayerReport) -> Void)?) throws(WorkbenchError) -> PlacementSweep.Outcome {
        try PlacementSweep.run(sweep, threads: threads, progress: progress, onLayer: onLayer)
    }
}

/// The rules as `tournament.json` stores them: `plyLimit` beside the tournament's
/// other settings.
extension BaghChal.Rules: Codable {
    enum CodingKeys: String, CodingKey { case plyLimit }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(plyLimit: try c.decodeIfPresent(Int.self, forKey: .plyLimit) ?? Self.standard.plyLimit)
        // A stored ply limit out of range is refused, not clamped.
        do { _ = try validated() } catch {
            throw DecodingError.dataCorruptedError(forKey: .plyLimit, in: c, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(plyLimit, forKey: .plyLimit)
    }
}
