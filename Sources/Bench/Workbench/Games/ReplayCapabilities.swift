import Boards
import Foundation
import Search

// What the replay viewer of report.html asks a game beyond its position text: the
// exact values of its positions (Bagh-Chal's tablebase and placement layers) and the
// steps a move goes through (Coin Sorter's cascade, Balls!' chain reaction). Every
// value, position and step comes from the engine: the page's script only draws.

/// The exact value of a position for its side to move: win, draw or loss, with the
/// plies to the end when the table knows them (the sliding tablebase does, the
/// placement layers do not).
public struct ExactValue: Sendable, Hashable {
    public var kind: TablebaseValue.Kind
    public var plies: Int?

    public init(_ kind: TablebaseValue.Kind, plies: Int? = nil) {
        self.kind = kind
        self.plies = plies
    }

    /// The value for the side that moved into a position of this value.
    public var forMover: ExactValue {
        switch kind {
        case .win: return ExactValue(.loss, plies: plies.map { $0 + 1 })
        case .loss: return ExactValue(.win, plies: plies.map { $0 + 1 })
        case .draw: return self
        }
    }

    /// Short text: `W12` a win in 12 plies, `L8`, `D`; `W`, `L` without the plies.
    public var code: String {
        let letter = kind == .win ? "W" : kind == .loss ? "L" : "D"
        return kind == .draw ? letter : letter + (plies.map(String.init) ?? "")
    }
}

/// What a move did to the mover's exact value.
public enum MoveMark: String, Sendable, CaseIterable {
    /// The value kept (a loss stays a loss whatever is played).
    case kept = "="
    case winToDraw = "WD"
    case drawToLoss = "DL"
    case winToLoss = "WL"

    /// The mark of a move from a position worth `before` to its mover into one worth
    /// `after` to the side to move there (the opponent); `nil` when either is unknown.
    public static func of(before: ExactValue?, after: ExactValue?) -> MoveMark? {
        guard let before, let after else { return nil }
        switch (before.kind, after.forMover.kind) {
        case (.win, .draw): return .winToDraw
        case (.win, .loss): return .winToLoss
        case (.draw, .loss): return .drawToLoss
        default: return .kept
        }
    }

    /// The marks of a game whose positions, ply by ply from the start, are worth
    /// `values` to their side to move: mark k is the move from position k to k + 1.
    public static func marks(_ values: [ExactValue?]) -> [MoveMark?] {
        values.indices.dropLast().map { of(before: values[$0], after: values[$0 + 1]) }
    }
}

/// A game whose positions the workbench can value exactly from tables on disk
/// (Bagh-Chal: the sliding tablebase and the placement layers).
public protocol PerfectPlayGame: TwoPlayerWorkbenchGame {
    /// The look-up of exact values (`nil` outside the tables) when the tables are
    /// present; otherwise `nil`, with `note` saying how to make them.
    static func perfectPlay() -> (lookup: (@Sendable (Self) -> ExactValue?)?, note: String)
}

extension BaghChal: PerfectPlayGame {
    /// The sliding table in ``defaultTablebaseFile`` and the placement layers in
    /// ``defaultPlacementFolder`` (relative to the current folder), those present.
    public static func perfectPlay() -> (lookup: (@Sendable (BaghChal) -> ExactValue?)?, note: String) {
        let file = defaultTablebaseFile, folder = defaultPlacementFolder
        let how = "make them with `bench solve --game bagh-chal` (the sliding tablebase, \(file)) and "
            + "`bench solve --game bagh-chal --placement-all` (the placement layers, \(folder)), then run `bench report --in DIR`"
        // Looked up only, for marks: the header and checksum are checked, not every slot
        // (that pass took 2 s, longer than a cheap tournament whose page this is).
        guard FileManager.default.fileExists(atPath: file), let table = try? loadTablebase(file, surveying: false) else {
            return (nil, "Perfect-play marks need the Bagh-Chal tables, absent here: " + how + ".")
        }
        let placement = BaghChalPlacementTable(index: BaghChalPlacementIndex(sliding: table.index), folder: folder)
        let missing = placementLayerNames.count - PlacementGrading.missingLayers(placement).count
        let lookup: @Sendable (BaghChal) -> ExactValue? = { p in
            if p.goatsInHand == 0 {
                // Five captures end the game and are not stored: a loss for the goats, to move.
                if p.captures >= 5 { return ExactValue(.loss, plies: 0) }
                return table.value(of: p).map { v in
                    switch v {
                    case .win(let n): return ExactValue(.win, plies: n)
                    case .loss(let n): return ExactValue(.loss, plies: n)
                    case .draw: return ExactValue(.draw)
                    }
                }
            }
            return (try? placement.value(of: p)).flatMap { $0.map { ExactValue($0) } }
        }
        return (lookup, "Perfect-play marks from \(file) (sliding phase, with plies to the end) and \(missing) of the "
            + "\(placementLayerNames.count) placement layers in \(folder) (win, draw or loss)"
            + (missing < placementLayerNames.count ? "; positions of missing layers are unmarked (" + how + ")." : "."))
    }
}

/// A puzzle whose moves go through steps worth drawing (Coin Sorter's cascade of
/// matches and refills, Balls!' chain reaction), computed by the engine.
public protocol SteppedReplayGame: PuzzleWorkbenchGame {
    /// The steps of the game dealt by `seed` under `rules` with `moves`, as one JSON
    /// value (the viewer's format, docs/report.md); `nil` when they cannot be made.
    static func replaySteps(seed: UInt64, rules: Rules, moves: [Move]) -> String?
}

extension CoinSorter: SteppedReplayGame {
    /// Per swap: the board after the two coins trade places, then per wave of the
    /// cascade `[rows, columns, board]`: the lines matched (bit masks, row 1 / column a
    /// lowest) and the board once their new coins are in. The coins are drawn as the
    /// referee draws them (docs/rules.md); each turn's end is checked against the referee.
    public static func replaySteps(seed: UInt64, rules: NoRules, moves: [Swap]) -> String? {
        var stream = SplitMix64(seed: seed)
        var referee = CoinSorterReferee(seed: seed, rules: rules)
        func draw() -> Coin { Coin(rawValue: UInt8(stream.next() % 3))! }
        var s = CoinSorter(dealing: (0..<25).map { _ in draw() })
        while s.isChanceNode { s.applyChance(draw()) }
        guard s == referee.state else { return nil }
        var turns: [String] = []
        for swap in moves {
            let swapped = s.exchanging(swap)
            s.play(swap)
            var waves: [String] = []
            while s.isChanceNode {
                let lines = s.completeLines
                let draws = (lines.rows.nonzeroBitCount + lines.columns.nonzeroBitCount) * 5
                for _ in 0..<draws { s.applyChance(draw()) }
                waves.append("[\(lines.rows),\(lines.columns),\(JSONText.string(s.text))]")
            }
            referee.play(swap)
            guard s == referee.state else { return nil }
            turns.append("[\(JSONText.string(swapped.text))" + waves.map { "," + $0 }.joined() + "]")
        }
        return "[" + turns.joined(separator: ",") + "]"
    }
}

extension Balls: SteppedReplayGame {
    /// The tap's chain reaction: `{"tap":[t,x,y],"end":E,"explosions":[[ball,x,y,tick,birth]…],
    /// "radius":[r at age 0…],"tracks":[[caught tick or -1, t,x,y, t,x,y…]…]}`, one track per
    /// ball dealt, a point at the tap, at each bounce and at its end (caught, or the end
    /// of the level): the ball moves in a straight line between two points. Checked
    /// against the referee's result (the same balls caught, the same end).
    public static func replaySteps(seed: UInt64, rules: BallsRules, moves: [BallsTap]) -> String? {
        var referee = BallsReferee(seed: seed, rules: rules)
        let dealt = referee.state
        guard let tap = moves.first else { return "null" }
        referee.play(tap)
        let over = referee.state
        let chain = dealt.chain(tap)
        guard chain.count - 1 == over.score, over.isOver else { return nil }
        let end = over.tick, t = Int(tap.t)
        var caught = [Int?](repeating: nil, count: dealt.ballCount)
        for e in chain { if let b = e.ball { caught[b] = e.tick } }
        var tracks: [String] = []
        for i in 0..<dealt.ballCount {
            let last = caught[i] ?? end
            var previous = dealt.ball(i, atTick: t)
            var points = [t, previous.x, previous.y]
            if last > t {
                for tick in (t + 1)...last {
                    let b = dealt.ball(i, atTick: tick)
                    if b.dx != previous.dx || b.dy != previous.dy || tick == last { points += [tick, b.x, b.y] }
                    previous = b
                }
            }
            tracks.append("[\(caught[i] ?? -1)," + points.map(String.init).joined(separator: ",") + "]")
        }
        let radius = (0...(2 * BallsField.peakRadius + 2)).map { String(BallsExplosion.radius(age: $0)) }
        let explosions = chain.map { "[\($0.ball ?? -1),\($0.x),\($0.y),\($0.tick),\($0.birth)]" }
        return "{\"tap\":[\(t),\(tap.x),\(tap.y)],\"end\":\(end),\"explosions\":[\(explosions.joined(separator: ","))],"
            + "\"radius\":[\(radius.joined(separator: ","))],\"tracks\":[\(tracks.joined(separator: ","))]}"
    }
}
