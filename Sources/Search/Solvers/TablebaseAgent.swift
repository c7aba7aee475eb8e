import Boards
import Foundation

/// Plays from a tablebase where it has the position, and lets another agent play elsewhere.
///
/// In the solved part it plays a move that keeps the position's value: the fastest
/// win, the slowest loss, or a drawing move, ties broken by its seeded stream. Outside
/// it (Bagh-Chal's placement phase) the fallback agent moves: for the `tablebase` spec,
/// alpha-beta at the spec's depth whose leaves read the table once all goats are placed
/// (``TablebaseEvaluator``; docs/tablebase.md, "The tablebase agent").
public struct TablebaseAgent<T: Tablebase, Fallback: TwoPlayerAgent>: TwoPlayerAgent where Fallback.Game == T.Game {
    public typealias Game = T.Game

    public let spec: String
    public let table: T
    public var fallback: Fallback
    @usableFromInline var rng: SplitMix64
    @usableFromInline var moves = MoveList<Game.Move>(filler: Game.nullMove)

    public var budget: SearchBudget { fallback.budget }

    @inlinable
    public init(spec: String, table: T, fallback: Fallback, seed: UInt64) {
        self.spec = spec
        self.table = table
        self.fallback = fallback
        rng = SplitMix64(seed: seed)
    }

    public mutating func selectMove(_ game: GameHistory<Game>, budget: SearchBudget) -> SearchResult<Game.Move> {
        let p = game.position
        guard game.outcome == nil else { return SearchResult(move: nil) }
        guard table.value(of: p) != nil else { return fallback.selectMove(game, budget: budget) }
        moves.removeAll()
        p.generateMoves(into: &moves)
        var best: TablebaseValue? = nil, chosen: Game.Move? = nil, ties = 0
        for i in 0..<moves.count {
            var child = p
            child.play(moves[i])
            guard let after = table.value(of: child)?.beforeMove else { continue }
            if best == nil || after.isBetter(than: best!) {
                best = after; chosen = moves[i]; ties = 1
            } else if after == best! {
                // Reservoir sampling: each move of the best value is equally likely.
                ties += 1
                if rng.next(below: ties) == 0 { chosen = moves[i] }
            }
        }
        var result = SearchResult<Game.Move>(move: chosen)
        result.nodes = moves.count
        result.depth = 1
        if let best {
            switch best {
            case .win(let n): result.value = Double(Evaluation.winScore - n)
            case .loss(let n): result.value = Double(-(Evaluation.winScore - n))
            case .draw: result.value = 0
            }
        }
        if let chosen { result.principalVariation = [chosen] }
        return result
    }
}

/// Bagh-Chal's `tablebase` agent kind.
public enum BaghChalTablebaseAgents {
    /// The placement sweep's folder unless the spec names one.
    public static let defaultPlacementFolder = "tablebases/bagh-chal-placement"

    /// The `tablebase` kind, its table in `defaultFile` unless the spec names one.
    public static func description(defaultFile: String) -> AgentDescription {
        AgentDescription(
            name: "tablebase", summary: "perfect play from the sliding-phase tablebase; alpha-beta reading it before",
            parameters: [
                Parameter("file", .text, default: .text(defaultFile), help: "the tablebase file (bench solve writes it)"),
                Parameter("depth", .integer(1...30), default: .integer(4),
                          help: "alpha-beta depth in the placement phase, its leaves read from the table"),
                Parameter("placement", .text, default: .text(defaultPlacementFolder),
                          help: "the placement sweep's folder (bench solve --placement-all); where its layers are finished "
                              + "the agent plays perfectly in the placement phase too (no search)"),
            ])
    }

    /// The agent of `spec` (`tablebase`, `tablebase:file=PATH,depth=N,placement=DIR`); a
    /// table that cannot be read throws, saying how to make it. When the placement folder
    /// exists, its finished layers are read for the placement phase.
    public static func make(_ spec: AgentSpec, seed: UInt64) throws(ParseError) -> any TwoPlayerAgent<BaghChal> {
        let agent = try makeSliding(spec, seed: seed)
        let folder = spec.string("placement") ?? defaultPlacementFolder
        var info = stat()
        guard !folder.isEmpty, stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return agent }
        let placement = BaghChalPlacementTable(index: BaghChalPlacementIndex(sliding: agent.table.index), folder: folder)
        return BaghChalPlacementAgent(spec: spec.text, placement: placement, sliding: agent.table, inner: agent, seed: seed)
    }

    /// The agent of `spec` without the placement layers: the sliding table, alpha-beta before it.
    @inlinable
    public static func makeSliding(_ spec: AgentSpec, seed: UInt64) throws(ParseError)
        -> TablebaseAgent<BaghChalTablebase, AlphaBetaAgent<TablebaseEvaluator<BaghChalEvaluator, BaghChalTablebase>>> {
        let path = spec.string("file")!, depth = spec.int("depth")!
        let table: BaghChalTablebase
        do { table = try TablebaseCache.table(BaghChalTablebase.self, path) } catch {
            throw .runtime("agent '\(spec.text)': \(error.message) (make it with: bench solve --game bagh-chal --out \(path))")
        }
        let fallback = AlphaBetaAgent(spec: "alphabeta:depth=\(depth)",
                                      evaluator: TablebaseEvaluator(base: BaghChalEvaluator(), table: table),
                                      budget: SearchBudget(depth: depth), threads: 1,
                                      tableMegabytes: AgentParameters.alphaBetaTable.defaultValue!.int!, seed: seed)
        return TablebaseAgent(spec: spec.text, table: table, fallback: fallback, seed: seed)
    }
}

/// The tables read from files, each kept for the life of the process: a tournament
/// makes an agent per game, and `bench grade` reads the table it grades with, but a
/// file is read (and checked) once.
public enum TablebaseCache {
    static let loaded = Locked<[String: (table: any Tablebase, surveyed: Bool)]>([:])

    /// The table of type `T` in `path`, read on first use. `surveying: false` (the report
    /// page's perfect-play marks) trusts the header and checksum and skips the pass over
    /// every slot (``Tablebase/load(_:surveying:)``); a later surveying request reads
    /// the file again.
    public static func table<T: Tablebase>(_ type: T.Type, _ path: String, surveying: Bool = true)
        throws(TablebaseFileError) -> T {
        let key = "\(T.self)\u{0}\(path)"
        let result: Result<T, TablebaseFileError> = loaded.withLock { cache in
            if let kept = cache[key], kept.surveyed || !surveying, let table = kept.table as? T { return .success(table) }
            do throws(TablebaseFileError) {
                let table = try T.load(path, surveying: surveying)
                cache[key] = (table, surveying)
                return .success(table)
            } catch { return .failure(error) }
        }
        return try result.get()
    }
}
