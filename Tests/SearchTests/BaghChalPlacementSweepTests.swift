import Foundation
import XCTest
@testable import Boards
@testable import Search

/// The placement sweep against the naive reference (BaghChalReference.swift): reduced
/// games with fewer goats (the sliding index's `goatsPerGame`, their sliding phase solved
/// by the same retrograde analysis) swept completely, every position checked against its
/// children by the reference's moves, and positions of every layer against a plain
/// minimax over the reference's moves down to the sliding phase.
final class BaghChalPlacementSweepTests: XCTestCase {
    override class func tearDown() {
        Reduced.removeFolders(goats: 2)
        super.tearDown()
    }

    /// A reduced game swept completely into a temporary folder, and its layers read back.
    final class Reduced: @unchecked Sendable {
        let goats: Int, captures: Int
        let sliding: BaghChalTablebase
        let index: BaghChalPlacementIndex
        let folder: String
        var layers: [BaghChalPlacementLayer: BaghChalPlacementValues] = [:]
        let reports: [BaghChalPlacementRun.LayerReport]

        init(goats: Int, captures: Int, threads: Int = 2) {
            self.goats = goats
            self.captures = captures
            sliding = BaghChalTablebase.solve(capturesToWin: captures, goatsPerGame: goats, threads: 2)
            index = BaghChalPlacementIndex(sliding: sliding.index)
            folder = NSTemporaryDirectory() + "placement-sweep-\(goats)-\(captures)-\(threads)-\(getpid())"
            let table = sliding
            reports = try! BaghChalPlacementRun.run(index: index, sliding: { table }, folder: folder, threads: threads)
            for layer in index.layers {
                layers[layer] = try! BaghChalPlacementFile.read(BaghChalPlacementRun.path(folder, layer), index: index, layer: layer).values
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Removes this process's folders of the `goats`-goat game: the games are kept in
        /// statics, which are never deinitialised, so each class removes its own at its end.
        static func removeFolders(goats: Int) {
            let tmp = NSTemporaryDirectory()
            for name in (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
            where name.hasPrefix("placement-sweep-\(goats)-") && name.hasSuffix("-\(getpid())") {
                try? FileManager.default.removeItem(atPath: tmp + name)
            }
        }

        /// The value for the side to move of a reference position (−1, 0, +1), from the tables.
        func value(_ n: NaiveBaghChal) -> Int {
            if n.captures >= captures { return n.goatsToMove ? -1 : 1 }
            let (goatsBoard, tigers) = BaghChalPlacementSweepTests.boards(n)
            if n.goatsInHand == 0 {
                let empty = BaghChalTablebaseIndex.allPoints & ~(goatsBoard | tigers)
                let code = sliding.code(atSlot: sliding.index.slot(tigers: tigers, empty: empty, goatsToMove: n.goatsToMove,
                                                                  captured: n.captures))
                return code == 0 ? 0 : ((code - 1) & 1 == 1 ? 1 : -1)
            }
            let layer = BaghChalPlacementLayer(placed: goats - n.goatsInHand, goatsToMove: n.goatsToMove)
            let slot = index.blockOffset(layer, captured: n.captures)
                + index.blockSlot(tigers: tigers, goats: goatsBoard, ranks: index.ranks(layer, captured: n.captures))
            return Int(layers[layer]!.value(slot)) - 1
        }

        /// The reference position of a slot.
        func naive(_ layer: BaghChalPlacementLayer, _ slot: Int) -> NaiveBaghChal {
            let s = index.position(layer, slot: slot)
            var n = NaiveBaghChal()
            for i in 0..<25 {
                let bit = UInt32(1) << UInt32(i)
                n.cells[i] = s.tigers & bit != 0 ? NaiveBaghChal.tigerCell : s.goats & bit != 0 ? NaiveBaghChal.goatCell : NaiveBaghChal.emptyCell
            }
            n.goatsToMove = layer.goatsToMove
            n.goatsInHand = goats - layer.placed
            n.captures = s.captured
            return n
        }

        /// The value by the reference's moves, one ply: the best child's, looked up.
        func fromChildren(_ n: NaiveBaghChal) -> Int {
            let moves = n.legalMoves()
            if moves.isEmpty { return -1 }
            var best = -1
            for m in moves {
                var child = n
                child.play(m)
                best = max(best, -value(child))
            }
            return best
        }

        /// Plain minimax over the reference's moves down to the sliding phase (no table of
        /// the sweep, no symmetry; stops at a win, the best there is).
        func minimax(_ n: NaiveBaghChal) -> Int {
            if n.captures >= captures || n.goatsInHand == 0 { return value(n) }
            let moves = n.legalMoves()
            if moves.isEmpty { return -1 }
            var best = -1
            for m in moves {
                var child = n
                child.play(m)
                best = max(best, -minimax(child))
                if best == 1 { break }
            }
            return best
        }
    }

    static func boards(_ n: NaiveBaghChal) -> (goats: UInt32, tigers: UInt32) {
        var goats: UInt32 = 0, tigers: UInt32 = 0
        for i in 0..<25 {
            if n.cells[i] == NaiveBaghChal.goatCell { goats |= 1 << UInt32(i) }
            if n.cells[i] == NaiveBaghChal.tigerCell { tigers |= 1 << UInt32(i) }
        }
        return (goats, tigers)
    }

    /// Two goats, two captures win: small enough to check every slot.
    static let twoGoats = Reduced(goats: 2, captures: 2)

    // MARK: The index

    /// Burnside's count of each layer's classes equals the canonical slots counted one by
    /// one (the smallest goat rank among the images under the tigers' own symmetries).
    func testBurnsideCountsTheCanonicalSlotsOfEachLayer() {
        let full = BaghChalPlacementIndex(sliding: BaghChalTablebaseIndex())
        for index in [full, Self.twoGoats.index] { Self.checkBurnside(index) }
        // Spot checks of the slot-level test: a slot of a symmetric class that is not canonical exists.
        let layer = BaghChalPlacementLayer(placed: 2, goatsToMove: true)
        XCTAssertTrue((0..<full.slotCount(layer)).contains { !full.isCanonical(layer, slot: $0) })
    }

    /// Burnside's count of each layer up to two goats placed against its canonical slots
    /// counted one by one.
    static func checkBurnside(_ index: BaghChalPlacementIndex) {
        for layer in index.layers where layer.placed <= 2 {
            var canonical = 0
            for c in index.captures(layer) {
                let ranks = index.ranks(layer, captured: c)
                for cls in 0..<index.tigerClassCount {
                    if index.sliding.classStabiliser[cls] == 1 { canonical += ranks; continue }
                    for rank in 0..<ranks where index.sliding.isCanonical(cls: cls, rank: rank, k: layer.placed - c) { canonical += 1 }
                }
            }
            XCTAssertEqual(canonical, index.classCount(layer), "\(layer)")
        }
    }

    /// A slot holds an image of the position it was found for, and positions whose tiger set
    /// has no symmetry of its own have one slot for all 8 images.
    func testASlotHoldsAnImageOfItsPosition() throws {
        let index = BaghChalPlacementIndex(sliding: BaghChalTablebaseIndex())
        for (i, p) in BaghChalPlacementSolverTests.reachable(count: 300, inHand: 7, capturesBelow: 5, seed: 5).enumerated() {
            let (layer, slot) = try XCTUnwrap(index.slot(of: p))
            let s = index.position(layer, slot: slot)
            XCTAssertEqual(s.captured, p.captures)
            let images = (0..<8).map { (index.mapped(p.goats, $0), index.mapped(p.tigers, $0)) }
            XCTAssertTrue(images.contains { $0 == (s.goats, s.tigers) }, "position \(i): \(p.text)")
            if index.sliding.tigerClass(p.tigers).symmetries.nonzeroBitCount == 1 {
                for (goats, tigers) in images {
                    let q = try BaghChal(goats: goats, tigers: tigers, sideToMove: p.sideToMove, goatsInHand: p.goatsInHand,
                                         captures: p.captures)
                    XCTAssertEqual(index.slot(of: q)?.slot, slot)
                }
            }
        }
    }

    // MARK: Reduced games against the reference

    /// Every slot of every layer of the two-goat game equals the best of its children by the
    /// reference's moves. The placement graph has no cycles, so agreement everywhere (with a
    /// right sliding table below) makes every value right, by induction over the layers.
    func testEverySlotOfTheTwoGoatGameAgreesWithItsChildren() {
        let game = Self.twoGoats
        var kinds = Set<Int>()
        for layer in game.index.layers {
            for slot in 0..<game.index.slotCount(layer) {
                let n = game.naive(layer, slot)
                let v = Int(game.layers[layer]!.value(slot)) - 1
                XCTAssertEqual(v, game.fromChildren(n), "\(layer) slot \(slot): \(n.text)")
                kinds.insert(v)
            }
        }
        // The check means something only if the values are not all alike (this game has no draws).
        XCTAssertGreaterThan(kinds.count, 1, "values seen: \(kinds)")
    }

    /// Positions of every layer of the two-goat game against plain minimax.
    func testLayersAgreeWithPlainMinimax() {
        Self.checkAgainstPlainMinimax(Self.twoGoats)
    }

    /// Random slots of every layer of `game` against plain minimax.
    static func checkAgainstPlainMinimax(_ game: Reduced) {
        var rng = SplitMix64(seed: 22)
        for layer in game.index.layers {
            for _ in 0..<(layer.placed == 0 ? 3 : 40) {
                let slot = rng.next(below: game.index.slotCount(layer))
                let n = game.naive(layer, slot)
                let v = Int(game.layers[layer]!.value(slot)) - 1
                XCTAssertEqual(v, game.minimax(n), "\(game.goats) goats, \(layer) slot \(slot): \(n.text)")
            }
        }
    }

    /// The reduced sliding table under the sweep agrees with its children by the reference.
    func testTheReducedSlidingTableAgreesWithItsChildren() {
        Self.checkSlidingTable(Self.twoGoats)
    }

    /// 5,000 random slots of `game`'s sliding table against their children.
    static func checkSlidingTable(_ game: Reduced) {
        var rng = SplitMix64(seed: 4)
        let index = game.sliding.index
        for _ in 0..<5_000 {
            let slot = rng.next(below: index.slotCount)
            let s = index.position(ofSlot: slot)
            var n = NaiveBaghChal()
            for i in 0..<25 {
                let bit = UInt32(1) << UInt32(i)
                n.cells[i] = s.tigers & bit != 0 ? NaiveBaghChal.tigerCell : s.empty & bit != 0 ? NaiveBaghChal.emptyCell : NaiveBaghChal.goatCell
            }
            n.goatsToMove = s.goatsToMove
            n.goatsInHand = 0
            n.captures = s.captured
            let v = game.value(n)
            // A win or a draw by value only (the plies are the retrograde tests' business).
            XCTAssertEqual(v, game.fromChildren(n), "\(game.goats) goats, sliding slot \(slot): \(n.text)")
        }
    }

    // MARK: Files, threads, shards

    /// The files are the same on 1 thread, and the counts per layer are Burnside's.
    func testTheLayerFilesDoNotDependOnTheThreadCount() throws {
        let two = Self.twoGoats
        let one = Reduced(goats: 2, captures: 2, threads: 1)
        for layer in two.index.layers {
            let a = try Data(contentsOf: URL(fileURLWithPath: BaghChalPlacementRun.path(two.folder, layer)))
            let b = try Data(contentsOf: URL(fileURLWithPath: BaghChalPlacementRun.path(one.folder, layer)))
            // Equal but for the seconds in the header (offset 80) and the checksum after the values.
            XCTAssertEqual(a.count, b.count)
            XCTAssertEqual(a[0..<80], b[0..<80], "\(layer)")
            XCTAssertEqual(a[88..<(a.count - 8)], b[88..<(b.count - 8)], "\(layer)")
        }
        for r in two.reports {
            XCTAssertEqual(r.positions, two.index.classCount(BaghChalPlacementLayer(name: r.layer)!))
        }
    }

    /// A run resumes after the last finished layer; shards joined equal the whole layer.
    func testResumeAndShardsGiveTheSameLayers() throws {
        let game = Self.twoGoats
        let folder = NSTemporaryDirectory() + "placement-resume-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let table = game.sliding
        // The first layer, then the next by three shards joined, then the rest.
        let layers = game.index.layers
        XCTAssertGreaterThanOrEqual(layers.count, 3, "a layer after the sharded one")
        _ = try BaghChalPlacementRun.run(index: game.index, sliding: { table }, folder: folder, threads: 2, through: layers[0])
        XCTAssertEqual(BaghChalPlacementRun.nextLayer(index: game.index, folder: folder), layers[1])
        for k in [2, 0, 1] {
            let shard = try BaghChalPlacementRun.shard(k, of: 3, index: game.index, sliding: { table }, folder: folder, threads: 1)
            XCTAssertEqual(shard.layer, layers[1])
        }
        XCTAssertThrowsError(try BaghChalPlacementRun.join(4, index: game.index, folder: folder))
        let joined = try BaghChalPlacementRun.join(3, index: game.index, folder: folder)
        XCTAssertEqual(joined.positions, game.index.classCount(layers[1]))
        let reports = try BaghChalPlacementRun.run(index: game.index, sliding: { table }, folder: folder, threads: 2)
        XCTAssertEqual(reports.map(\.source), ["found", "found"] + Array(repeating: "computed", count: layers.count - 2))
        for layer in layers {
            let a = try BaghChalPlacementFile.read(BaghChalPlacementRun.path(folder, layer), index: game.index).values
            let b = game.layers[layer]!
            XCTAssertEqual(a.count, b.count)
            XCTAssertTrue((0..<a.wordCount).allSatisfy { a.words[$0] == b.words[$0] }, "\(layer)")
        }
    }

    /// A shard into a folder that is not there yet makes it before its work, as the
    /// whole sweep does (it used to compute its slice, then fail to write it).
    func testAShardMakesItsFolder() throws {
        let game = Self.twoGoats
        let root = NSTemporaryDirectory() + "placement-shard-new-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let table = game.sliding
        let shard = try BaghChalPlacementRun.shard(1, of: 2, index: game.index, sliding: { table }, folder: root + "/sweep", threads: 1)
        XCTAssertEqual(shard.layer, game.index.layers[0])
        XCTAssertTrue(FileManager.default.fileExists(atPath: shard.path), shard.path)
    }

    /// A damaged, truncated or foreign layer file is refused with one line.
    func testDamagedLayerFilesAreRefused() throws {
        let game = Self.twoGoats
        let layer = game.index.layers[0]
        let path = BaghChalPlacementRun.path(game.folder, layer)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let bad = NSTemporaryDirectory() + "placement-bad-\(getpid()).bcpl"
        defer { unlink(bad) }
        func refused(_ data: Data, _ what: String) {
            try! data.write(to: URL(fileURLWithPath: bad))
            XCTAssertThrowsError(try BaghChalPlacementFile.read(bad, index: game.index), what) { error in
                let message = (error as! TablebaseFileError).message
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
        var flipped = good
        flipped[100] ^= 0x04
        refused(flipped, "a flipped value bit")
        refused(good.prefix(good.count - 1), "truncated")
        refused(good + [0], "extended")
        var other = good
        other[16] = 3  // another game's goat count
        refused(other, "foreign")
        let standard = BaghChalPlacementIndex(sliding: BaghChalTablebaseIndex())
        try good.write(to: URL(fileURLWithPath: bad))
        XCTAssertThrowsError(try BaghChalPlacementFile.read(bad, index: standard))
        XCTAssertNoThrow(try BaghChalPlacementFile.read(path, index: game.index, layer: layer))
        XCTAssertThrowsError(try BaghChalPlacementFile.read(path, index: game.index, layer: game.index.layers[1]))
    }
}

/// The three-goat game (two captures win): placement one goat deeper than the two-goat
/// game's, checked on samples. Its sliding phase takes about a minute to solve in a
/// debug build, so these run only when `GAMEBENCH_LONG_TESTS=1` is set, not in CI (the
/// two-goat game is checked there slot by slot, which is the induction's proof).
final class BaghChalThreeGoatPlacementSweepTests: XCTestCase {
    override class func tearDown() {
        BaghChalPlacementSweepTests.Reduced.removeFolders(goats: 3)
        super.tearDown()
    }

    static let threeGoats: Result<BaghChalPlacementSweepTests.Reduced, Error> = {
        guard ProcessInfo.processInfo.environment["GAMEBENCH_LONG_TESTS"] == "1" else {
            return .failure(XCTSkip("a long test: GAMEBENCH_LONG_TESTS=1 swift test --filter BaghChalThreeGoat runs it"))
        }
        return .success(BaghChalPlacementSweepTests.Reduced(goats: 3, captures: 2))
    }()

    func testBurnsideCountsTheCanonicalSlotsOfEachLayer() throws {
        BaghChalPlacementSweepTests.checkBurnside(try Self.threeGoats.get().index)
    }

    func testLayersAgreeWithPlainMinimax() throws {
        BaghChalPlacementSweepTests.checkAgainstPlainMinimax(try Self.threeGoats.get())
    }

    /// 2,000 random slots of every layer against their children.
    func testRandomSlotsAgreeWithTheirChildren() throws {
        let game = try Self.threeGoats.get()
        var rng = SplitMix64(seed: 3)
        for layer in game.index.layers {
            for _ in 0..<2_000 {
                let slot = rng.next(below: game.index.slotCount(layer))
                let n = game.naive(layer, slot)
                XCTAssertEqual(Int(game.layers[layer]!.value(slot)) - 1, game.fromChildren(n), "\(layer) slot \(slot): \(n.text)")
            }
        }
    }

    func testTheReducedSlidingTableAgreesWithItsChildren() throws {
        BaghChalPlacementSweepTests.checkSlidingTable(try Self.threeGoats.get())
    }
}

/// The real sweep's layers, checked when their files exist (`$BAGH_CHAL_PLACEMENT`, or
/// `tablebases/bagh-chal-placement` in the package; `bench solve --game bagh-chal
/// --placement-all DIR` makes them, hours in a release build, so not made here), with the
/// sliding table of BaghChalFullTablebaseTests.
final class BaghChalFullPlacementSweepTests: XCTestCase {
    static let folder: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ProcessInfo.processInfo.environment["BAGH_CHAL_PLACEMENT"]
            ?? root.appendingPathComponent("tablebases/bagh-chal-placement").path
    }()

    /// The finished layers' values, read on first use.
    final class Layers: @unchecked Sendable {
        let sliding: BaghChalTablebase
        let index: BaghChalPlacementIndex
        var loaded: [BaghChalPlacementLayer: BaghChalPlacementValues] = [:]

        init(sliding: BaghChalTablebase) {
            self.sliding = sliding
            index = BaghChalPlacementIndex(sliding: sliding.index)
        }

        var done: [BaghChalPlacementLayer] {
            index.layers.filter { FileManager.default.fileExists(atPath: BaghChalPlacementRun.path(BaghChalFullPlacementSweepTests.folder, $0)) }
        }

        func values(_ layer: BaghChalPlacementLayer) throws -> BaghChalPlacementValues? {
            if let v = loaded[layer] { return v }
            let path = BaghChalPlacementRun.path(BaghChalFullPlacementSweepTests.folder, layer)
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            let v = try BaghChalPlacementFile.read(path, index: index, layer: layer).values
            loaded[layer] = v
            return v
        }

        /// −1, 0, +1 for the side to move; `nil` when its layer is not done.
        func value(_ p: BaghChal) throws -> Int? {
            if p.captures >= 5 { return p.sideToMove == BaghChal.goats ? -1 : 1 }
            if p.goatsInHand == 0 {
                switch sliding.value(of: p)! {
                case .win: return 1
                case .draw: return 0
                case .loss: return -1
                }
            }
            let (layer, slot) = index.slot(of: p)!
            guard let values = try values(layer) else { return nil }
            return Int(values.value(slot)) - 1
        }
    }

    static let layers: Result<Layers, Error> = {
        do {
            let table = try BaghChalFullTablebaseTests.table.get()
            guard FileManager.default.fileExists(atPath: folder) else {
                throw XCTSkip("no placement layers at \(folder) (bench solve --game bagh-chal --placement-all DIR makes them)")
            }
            return .success(Layers(sliding: table))
        } catch { return .failure(error) }
    }()

    /// Random slots of every finished layer agree with their children by the naive
    /// reference's moves. Values are read slot by slot through the on-demand reader (the
    /// agent's hook), so the test reads a few MiB, not the 8 GiB of layers; the last
    /// layer is also read whole, checksum and all, and compared with the reader.
    func testRandomSlotsOfTheFinishedLayersAgreeWithTheirChildren() throws {
        let layers = try Self.layers.get()
        var rng = SplitMix64(seed: 2009)
        var checked = 0
        let reader = BaghChalPlacementTable(index: layers.index, folder: Self.folder)
        func value(_ p: BaghChal) throws -> Int {
            if p.captures >= 5 { return p.sideToMove == BaghChal.goats ? -1 : 1 }
            let kind = p.goatsInHand == 0 ? layers.sliding.value(of: p)?.kind : try reader.value(of: p)
            let k = try XCTUnwrap(kind, "no value for \(p.text)")
            return k == .win ? 1 : k == .draw ? 0 : -1
        }
        let done = layers.done
        for layer in done {
            let slots = layers.index.slotCount(layer)
            for _ in 0..<150 {
                let slot = rng.next(below: slots)
                guard let p = layers.index.engine(layer, slot: slot) else { continue }
                let reference = NaiveBaghChal(engine: p)
                var best = -1
                for m in reference.legalMoves() {
                    var child = reference
                    child.play(m)
                    best = max(best, -(try value(BaghChalPlacementSolverTests.engine(child))))
                }
                XCTAssertEqual(try value(p), best, "\(layer) slot \(slot): \(p.text)")
                checked += 1
            }
        }
        if let last = done.last {
            let values = try XCTUnwrap(try layers.values(last))
            for _ in 0..<500 {
                let slot = rng.next(below: values.count)
                guard let p = layers.index.engine(last, slot: slot) else { continue }
                XCTAssertEqual(try value(p), Int(values.value(slot)) - 1, p.text)
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    /// With every layer done, the start is a draw (Lim and Nievergelt's result) and so is
    /// each of the goats' 21 first placements.
    func testTheStartAndEveryFirstPlacementAreDrawn() throws {
        let layers = try Self.layers.get()
        guard layers.done.count == layers.index.layers.count else {
            throw XCTSkip("the sweep in \(Self.folder) is not finished (\(layers.done.count) of \(layers.index.layers.count) layers)")
        }
        let start = BaghChal()
        XCTAssertEqual(try layers.value(start), 0)
        let moves = start.legalMoves
        XCTAssertEqual(moves.count, 21)
        for m in moves {
            var child = start
            child.play(m)
            XCTAssertEqual(try layers.value(child), 0, "after \(m)")
        }
    }

    /// Reachable positions with 1–8 goats in hand: the table's value is the alpha-beta
    /// placement solver's (an independent search down to the sliding table).
    func testTheTableAgreesWithTheAlphaBetaSolver() throws {
        let layers = try Self.layers.get()
        let solver = BaghChalPlacementSolver(table: layers.sliding, tableMegabytes: 64)
        var checked = 0
        for inHand in 1...8 {
            for p in BaghChalPlacementSolverTests.reachable(count: 6, inHand: inHand, capturesBelow: 5, seed: UInt64(900 + inHand)) {
                guard let v = try layers.value(p) else { continue }
                solver.reset()
                guard let kind = solver.value(of: p, nodeLimit: 20_000_000) else { continue }
                XCTAssertEqual(v, kind == .win ? 1 : kind == .draw ? 0 : -1, "\(inHand) in hand: \(p.text)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    /// The agent that reads the layers keeps the value of placement positions whose
    /// children are all valued (1–3 goats in hand: the latest layers are done first).
    func testThePlacementAgentKeepsTheValue() throws {
        let layers = try Self.layers.get()
        let reader = BaghChalPlacementTable(index: layers.index, folder: Self.folder)
        var checked = 0
        for inHand in 1...3 {
            for (i, p) in BaghChalPlacementSolverTests.reachable(count: 20, inHand: inHand, capturesBelow: 5,
                                                                 seed: UInt64(70 + inHand)).enumerated() {
                guard let own = try layers.value(p) else { continue }
                var agent = BaghChalPlacementAgent(spec: "tablebase", placement: reader, sliding: layers.sliding,
                                                   inner: RandomAgent<BaghChal>(seed: 1), seed: UInt64(i))
                let before = p.legalMoves.map { m -> Int? in var c = p; c.play(m); return try? layers.value(c) }
                guard before.allSatisfy({ $0 != nil }) else { continue }
                let result = agent.selectMove(GameHistory(p), budget: SearchBudget(depth: 1))
                var child = p
                child.play(try XCTUnwrap(result.move))
                XCTAssertEqual(-(try XCTUnwrap(try layers.value(child))), own, p.text)
                XCTAssertEqual(result.value.map { $0 > 0 ? 1 : $0 < 0 ? -1 : 0 }, own, p.text)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }
}
