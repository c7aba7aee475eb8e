import Boards
import Foundation
import Search
@testable import Workbench
import XCTest

/// SPSA tuning: the schedules and the step, a synthetic objective it provably
/// climbs, weights independent of the thread count, resume after a cut log, the
/// tuned spec, the log checks and the settings' validation.
final class TuningTests: XCTestCase {
    // MARK: - Schedules and the step

    func testSchedulesMatchTheFormulas() {
        let n = 100
        let schedule = SPSASchedule(iterations: n)
        XCTAssertEqual(schedule.A, 10)
        XCTAssertEqual(schedule.alpha, 0.602)
        XCTAssertEqual(schedule.gamma, 0.101)
        let cEnd = 2.0, rEnd = 0.002
        let gains = schedule.gains(cEnd: cEnd, rEnd: rEnd)
        let aEnd = rEnd * cEnd * cEnd
        XCTAssertEqual(gains.c, cEnd * pow(100, 0.101), accuracy: 1e-12)
        XCTAssertEqual(gains.a, aEnd * pow(10 + 100, 0.602), accuracy: 1e-15)
        for k in [0, 1, 7, 50, 99] {
            XCTAssertEqual(gains.c(at: k), gains.c / pow(Double(k + 1), 0.101), accuracy: 1e-12)
            XCTAssertEqual(gains.a(at: k), gains.a / pow(10 + Double(k) + 1, 0.602), accuracy: 1e-15)
        }
        // The end values are reached at the last iteration, k = N − 1.
        XCTAssertEqual(gains.c(at: n - 1), cEnd, accuracy: 1e-12)
        XCTAssertEqual(gains.a(at: n - 1), aEnd, accuracy: 1e-15)
        // Both decrease.
        XCTAssertGreaterThan(gains.c(at: 0), gains.c(at: 1))
        XCTAssertGreaterThan(gains.a(at: 0), gains.a(at: 1))
        var sum = 0.0
        for k in 0..<n { sum += gains.a(at: k) / (2 * gains.c(at: k)) }
        XCTAssertEqual(gains.movePerUnitResult, sum, accuracy: 1e-15)
    }

    func testPerturbationIsASeededVectorOfSigns() {
        let a = SPSA.perturbation(seed: 42, count: 1000)
        XCTAssertEqual(a, SPSA.perturbation(seed: 42, count: 1000))
        XCTAssertNotEqual(a, SPSA.perturbation(seed: 43, count: 1000))
        XCTAssertTrue(a.allSatisfy { $0 == 1 || $0 == -1 })
        let plus = a.filter { $0 == 1 }.count
        XCTAssertTrue((420...580).contains(plus), "about half are +1: \(plus)")
        // A prefix of the stream: fewer parameters see the same first signs.
        XCTAssertEqual(Array(a.prefix(3)), SPSA.perturbation(seed: 42, count: 3))
    }

    func testStepIsTheGradientEstimateTimesTheGainClampedToTheBounds() {
        let bounds = [-10.0...10.0, 0.0...1.0]
        let probes = SPSA.probes(theta: [1, 0.9], delta: [1, 1], c: [2, 0.5], bounds: bounds)
        XCTAssertEqual(probes.plus, [3, 1])      // 0.9 + 0.5 clamped to 1
        XCTAssertEqual(probes.minus, [-1, 0.4])
        let step = SPSA.step(theta: [1, 0.9], delta: [1, -1], c: [2, 0.5], a: [0.5, 0.1], result: 3, bounds: bounds)
        XCTAssertEqual(step.gradient, [3.0 / 4, -3.0])
        XCTAssertEqual(step.theta[0], 1 + 0.5 * 0.75)
        XCTAssertEqual(step.theta[1], 0.9 - 0.3, accuracy: 1e-15)
        let clamped = SPSA.step(theta: [9.9, 0.9], delta: [1, 1], c: [1, 1], a: [10, 10], result: 1, bounds: bounds)
        XCTAssertEqual(clamped.theta, [10, 1])
        // A zero result gives zero gradients, never −0.
        let zero = SPSA.step(theta: [1, 0.5], delta: [-1, -1], c: [1, 1], a: [1, 1], result: 0, bounds: bounds)
        XCTAssertEqual(zero.gradient.map { $0.sign }, [.plus, .plus])
    }

    // MARK: - A synthetic objective

    /// A noiseless or noisy concave objective −Σ (θᵢ − targetᵢ)², played as one
    /// "deal" per iteration: θ+ scores f(θ+) and θ− scores f(θ−) (plus noise drawn
    /// from the iteration's seed).
    struct Quadratic: TuningGames {
        let settings: TuningSettings<NoRules>
        let target: [Double]
        let noise: Double

        func f(_ theta: [Double]) -> Double { -zip(theta, target).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } }

        func play(seed: UInt64, plus: [Double], minus: [Double], threads: Int) throws(WorkbenchError)
            -> (plus: [Double], minus: [Double]) {
            var rng = SplitMix64(seed: seed)
            func e() -> Double { noise * (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) }
            return ([f(plus) + e()], [f(minus) + e()])
        }

        func spec(theta: [Double], rounded: Bool) throws(WorkbenchError) -> String {
            "synthetic:" + theta.map { "\($0)" }.joined(separator: ",")
        }

        func verify(tuned: String, seed: UInt64, folder: URL, threads: Int,
                    observer: TuningObserver) throws(WorkbenchError) -> TuningVerification {
            throw .runtime("no verification for a synthetic objective")
        }

        init(start: [Double], target: [Double], cEnd: Double, rEnd: Double, iterations: Int, noise: Double = 0) {
            let parameters = start.enumerated().map {
                TuningParameter(name: "x\($0.offset)", start: $0.element, lower: -20, upper: 20, cEnd: cEnd, rEnd: rEnd)
            }
            settings = TuningSettings(game: "synthetic", kind: .puzzle, rules: NoRules(), agent: "synthetic",
                                      parameters: parameters, iterations: iterations, batch: 1, openingPlies: 0, seed: 9,
                                      verification: 0)
            self.target = target
            self.noise = noise
        }
    }

    /// One weight, no noise: result = f(θ+) − f(θ−) = −4cₖΔ(θ − 5), so the gradient
    /// estimate is exactly −2(θ − 5), and with 2aₖ < 1 every step moves θ toward 5
    /// without passing it.
    func testOneWeightOnANoiselessObjectiveMovesTowardTheOptimumEveryIteration() throws {
        let games = Quadratic(start: [0], target: [5], cEnd: 0.5, rEnd: 0.5, iterations: 50)
        let tuner = Tuner(games: games)
        XCTAssertLessThan(2 * games.settings.gains[0].a(at: 0), 1)
        var theta = games.settings.start
        for k in 0..<50 {
            let r = try tuner.iterate(k, from: theta, threads: 1)
            XCTAssertEqual(r.gradient[0], -2 * (theta[0] - 5), accuracy: 1e-9, "iteration \(k)")
            XCTAssertLessThan(abs(r.thetaAfter[0] - 5), abs(theta[0] - 5), "iteration \(k) moves toward 5")
            XCTAssertLessThanOrEqual(r.thetaAfter[0], 5, "iteration \(k) does not overshoot")
            theta = r.thetaAfter
        }
        XCTAssertEqual(theta[0], 5, accuracy: 0.01)
    }

    /// Three weights with noise: each estimate is biased by the others' terms and the
    /// noise, but they average out, and the point ends far closer to the optimum.
    func testSeveralWeightsOnANoisyObjectiveEndNearTheOptimum() throws {
        let target = [3.0, -2.0, 6.0]
        let games = Quadratic(start: [0, 0, 0], target: target, cEnd: 0.5, rEnd: 0.2, iterations: 400, noise: 1)
        let theta = try Tuner(games: games).run(from: games.settings.start, threads: 1)
        let before = zip(games.settings.start, target).map { abs($0 - $1) }.max()!
        let after = zip(theta, target).map { abs($0 - $1) }.max()!
        XCTAssertLessThan(after, before / 10, "θ \(theta)")
    }

    // MARK: - Real games

    func tigersGoats(iterations: Int = 3, verification: Int = 0) throws -> Tuner<WorkbenchTuningGames<TigersGoats>> {
        let settings = try TuningSettings(game: TigersGoats.self, rules: TigersGoats.defaultRules, agent: "alphabeta:depth=1",
                                          iterations: iterations, batch: 2, openingPlies: 4, seed: 5,
                                          verification: verification, rEnd: PerWeight(label: "r_end", all: 1))
        return Tuner(games: WorkbenchTuningGames<TigersGoats>(settings: settings))
    }

    func coinSorter(iterations: Int = 4, verification: Int = 0) throws -> Tuner<WorkbenchTuningGames<CoinSorter>> {
        // Large perturbations, so that the probes play differently.
        let settings = try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", iterations: iterations,
                                          batch: 4, seed: 2, verification: verification,
                                          cEnd: PerWeight(label: "c_end", all: 0.5), rEnd: PerWeight(label: "r_end", all: 1))
        return Tuner(games: WorkbenchTuningGames<CoinSorter>(settings: settings))
    }

    func withoutTimes(_ records: [TuningRecord]) -> [TuningRecord] { records.map { var r = $0; r.seconds = 0; return r } }

    func records<G: TuningGames>(_ tuner: Tuner<G>, threads: Int) throws -> [TuningRecord] {
        var out: [TuningRecord] = []
        _ = try tuner.run(from: tuner.settings.start, threads: threads) { out.append($0) }
        return withoutTimes(out)
    }

    func testTheWeightsAreTheSameOnOneAndTwoThreads() throws {
        let tg = try tigersGoats()
        let one = try records(tg, threads: 1), two = try records(tg, threads: 2)
        XCTAssertEqual(one, two)
        XCTAssertEqual(one.count, 3)
        XCTAssertTrue(one.allSatisfy { $0.plus.count == 4 })
        XCTAssertTrue(one.contains { $0.result != 0 }, "some iteration moves the weights")
        let cs = try coinSorter()
        let csOne = try records(cs, threads: 1), csTwo = try records(cs, threads: 2)
        XCTAssertEqual(csOne, csTwo)
        XCTAssertTrue(csOne.allSatisfy { $0.plus.count == 4 && $0.minus.count == 4 })
        XCTAssertTrue(csOne.contains { $0.plus != $0.minus }, "the probes play differently")
    }

    func testIterationsDependOnlyOnTheSeedTheIterationAndTheGame() throws {
        let tuner = try coinSorter()
        let s = tuner.settings
        let a = try tuner.iterate(2, from: s.start, threads: 1), b = try tuner.iterate(2, from: s.start, threads: 2)
        XCTAssertEqual(withoutTimes([a]), withoutTimes([b]))
        XCTAssertEqual(a.seed, s.derivedSeed(.tuningGames, 2))
        XCTAssertEqual(a.delta, SPSA.perturbation(seed: s.derivedSeed(.perturbation, 2), count: 3))
        XCTAssertNotEqual(a.seed, try tuner.iterate(3, from: s.start, threads: 1).seed)
    }

    // MARK: - Folders, resume

    func folder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-\(name)-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func decode(_ lines: [String]) throws -> [TuningRecord] {
        try lines.map { try JSONDecoder().decode(TuningRecord.self, from: Data($0.utf8)) }
    }

    func testResumeAfterACutLogGivesTheWeightsOfAnUninterruptedRun() throws {
        let tuner = try tigersGoats(iterations: 5)
        let whole = folder("whole"), cut = folder("cut")
        let full = try tuner.run(in: whole, resume: false, threads: 2)
        let log = try lines(whole.appendingPathComponent(TuningFiles.log))
        XCTAssertEqual(log.count, 5)
        // The first two iterations, then half of the third, as a kill leaves them.
        try FileManager.default.createDirectory(at: cut, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: whole.appendingPathComponent(TuningFiles.settings),
                                         to: cut.appendingPathComponent(TuningFiles.settings))
        let torn = log[0] + "\n" + log[1] + "\n" + log[2].prefix(log[2].count / 2)
        try Data(torn.utf8).write(to: cut.appendingPathComponent(TuningFiles.log))
        let notes = NoteList()
        let resumed = try tuner.run(in: cut, resume: true, threads: 1,
                                    observer: TuningObserver(note: { notes.add($0) }))
        XCTAssertEqual(resumed.theta, full.theta)
        XCTAssertEqual(resumed.tunedSpec, full.tunedSpec)
        XCTAssertEqual(resumed.iterationsThisRun, 3)
        XCTAssertEqual(resumed.nonZeroResults, full.nonZeroResults)
        XCTAssertTrue(full.markdown.contains("iterations had a non-zero result") || full.markdown.contains("No iteration had"))
        XCTAssertTrue(notes.all.contains { $0.contains("cut the last line") }, "\(notes.all)")
        XCTAssertEqual(withoutTimes(try decode(try lines(cut.appendingPathComponent(TuningFiles.log)))),
                       withoutTimes(try decode(log)))
        XCTAssertEqual(try lines(cut.appendingPathComponent(TuningFiles.tuned)),
                       try lines(whole.appendingPathComponent(TuningFiles.tuned)))
        // Resuming a finished run plays nothing and writes the same weights.
        let again = try tuner.run(in: cut, resume: true, threads: 2)
        XCTAssertEqual(again.theta, full.theta)
        XCTAssertEqual(again.iterationsThisRun, 0)
    }

    func testTheTunedSpecParsesAndCarriesTheRoundedWeights() throws {
        let tuner = try coinSorter(iterations: 3)
        let dir = folder("spec")
        let outcome = try tuner.run(in: dir, resume: false, threads: 2)
        let tuned = try lines(dir.appendingPathComponent(TuningFiles.tuned))
        XCTAssertEqual(tuned.count, 2)
        XCTAssertEqual(tuned[0], "greedy")
        XCTAssertEqual(tuned[1], outcome.tunedSpec)
        let spec = try CoinSorter.agentCatalog.parse(tuned[1])
        XCTAssertEqual(spec.kind, "greedy")
        XCTAssertEqual(spec.weights.map(\.name), ["four", "three", "double"])
        _ = try CoinSorter.agentCatalog.make(spec, seed: 1)
        let weights = spec.evaluationWeights
        for (i, p) in tuner.settings.parameters.enumerated() {
            XCTAssertEqual(weights[p.name], outcome.theta[i], accuracy: p.cEnd / 100)
        }
        let svg = try String(contentsOf: dir.appendingPathComponent(TuningFiles.trajectory), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg"))
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 3)
        let summary = try String(contentsOf: dir.appendingPathComponent(TuningFiles.summary), encoding: .utf8)
        XCTAssertTrue(summary.contains("## Final weights") && summary.contains(outcome.tunedSpec))
        XCTAssertTrue(summary.contains("skipped"), "no verification was asked for")
    }

    func testASpecKeepsItsOtherParametersAndReplacesTunedOverrides() throws {
        let settings = try TuningSettings(game: TigersGoats.self, rules: TigersGoats.defaultRules,
                                          agent: "alphabeta:depth=3,w.edge=5,w.mobility=1", parameters: ["edge"],
                                          iterations: 3, batch: 1)
        let games = WorkbenchTuningGames<TigersGoats>(settings: settings)
        XCTAssertEqual(try games.spec(theta: [2.5], rounded: true), "alphabeta:depth=3,w.mobility=1,w.edge=2.5")
        let puzzle = WorkbenchTuningGames<CoinSorter>(settings: try TuningSettings(
            game: CoinSorter.self, rules: NoRules(), agent: "greedy", parameters: ["four", "three"], iterations: 3, batch: 1))
        XCTAssertEqual(try puzzle.spec(theta: [0.7, 0.1], rounded: true), "greedy:w.four=0.7,w.three=0.1")
    }

    func testRoundingFollowsThePerturbationSize() {
        func p(_ cEnd: Double) -> TuningParameter { TuningParameter(name: "x", start: 0, lower: -1000, upper: 1000, cEnd: cEnd, rEnd: 0.002) }
        XCTAssertEqual(p(10).rounded(103.456), "103.5")
        XCTAssertEqual(p(0.2).rounded(2.00049), "2")
        XCTAssertEqual(p(0.2).rounded(2.1234), "2.123")
        XCTAssertEqual(p(0.012).rounded(0.123456), "0.1235")
        XCTAssertEqual(p(1).rounded(-0.001), "0")
        XCTAssertEqual(p(100).rounded(250), "250")
    }

    func testAPuzzleResultIsTheMeanPointDifferencePerDealAndATwoPlayerResultTheSum() throws {
        let cs = try coinSorter()
        let r = try cs.iterate(1, from: cs.settings.start, threads: 1)
        let sum = zip(r.plus, r.minus).reduce(0.0) { $0 + $1.0 - $1.1 }
        XCTAssertEqual(r.result, sum / Double(r.plus.count), accuracy: 1e-12)
        XCTAssertEqual(r.format, 2)
        let tg = try tigersGoats()
        let t = try tg.iterate(0, from: tg.settings.start, threads: 1)
        XCTAssertEqual(t.result, zip(t.plus, t.minus).reduce(0.0) { $0 + $1.0 - $1.1 })
    }

    /// Format 1 summed a puzzle's deals; such a log is refused on resume rather than
    /// continued with another meaning of the result. A two-player format-1 line means
    /// what it means now, so it is still read.
    func testResumeRefusesAFormatOnePuzzleLogButReadsAFormatOneTwoPlayerLog() throws {
        let dir = folder("format1-puzzle")
        _ = try coinSorter(iterations: 2).run(in: dir, resume: false, threads: 1)
        let url = dir.appendingPathComponent(TuningFiles.log)
        var old = try decode(try lines(url))
        for i in old.indices { old[i].format = 1 }
        try Data((try old.map { try JSON.text($0) }.joined(separator: "\n") + "\n").utf8).write(to: url)
        XCTAssertThrowsError(try coinSorter(iterations: 2).run(in: dir, resume: true, threads: 1)) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .runtime)
            XCTAssertTrue((error as? WorkbenchError)?.message.contains("format 1") ?? false, "\(error)")
        }

        let tgDir = folder("format1-two-player")
        let tg = try tigersGoats(iterations: 2)
        _ = try tg.run(in: tgDir, resume: false, threads: 1)
        let tgURL = tgDir.appendingPathComponent(TuningFiles.log)
        var tgOld = try decode(try lines(tgURL))
        tgOld[0].format = 1
        try Data((try tgOld.map { try JSON.text($0) }.joined(separator: "\n") + "\n").utf8).write(to: tgURL)
        XCTAssertNoThrow(try tg.run(in: tgDir, resume: true, threads: 1))
    }

    func testACorruptLogIsRefusedNamingTheLine() throws {
        let tuner = try coinSorter(iterations: 3)
        let dir = folder("corrupt")
        _ = try tuner.run(in: dir, resume: false, threads: 1)
        let url = dir.appendingPathComponent(TuningFiles.log)
        let good = try lines(url)
        func attempt(_ log: [String]) -> WorkbenchError? {
            try? Data((log.joined(separator: "\n") + "\n").utf8).write(to: url)
            do { _ = try tuner.run(in: dir, resume: true, threads: 1) } catch { return error }
            return nil
        }
        var records = try decode(good)
        records[1].result += 1
        let changed = [good[0], try JSON.text(records[1]), good[2]]
        XCTAssertEqual(attempt(changed)?.kind, .runtime)
        XCTAssertTrue(attempt(changed)?.message.contains("line 2") ?? false)
        let gap = attempt([good[0], good[2]])
        XCTAssertEqual(gap?.kind, .runtime)
        XCTAssertTrue(gap?.message.contains("expected 1") ?? false, gap?.message ?? "")
        XCTAssertEqual(attempt([good[0], good[0]])?.kind, .runtime)
        XCTAssertNil(attempt(good))
    }

    func testResumeRefusesOtherSettingsAndAFreshRunRefusesAUsedFolder() throws {
        let dir = folder("settings")
        _ = try coinSorter(iterations: 2).run(in: dir, resume: false, threads: 1)
        XCTAssertThrowsError(try coinSorter(iterations: 3).run(in: dir, resume: true, threads: 1)) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .usage)
            XCTAssertTrue((error as? WorkbenchError)?.message.contains("differ") ?? false)
        }
        XCTAssertThrowsError(try coinSorter(iterations: 2).run(in: dir, resume: false, threads: 1)) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .usage)
        }
        XCTAssertThrowsError(try coinSorter(iterations: 2).run(in: folder("none"), resume: true, threads: 1)) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .usage)
        }
    }

    // MARK: - Verification

    func testVerificationPlaysFreshDealsAndReportsThePairedDifference() throws {
        let tuner = try coinSorter(iterations: 2, verification: 20)
        let s = tuner.settings
        let seed = tuner.verificationSeed()
        for k in 0..<s.iterations {
            let t = s.derivedSeed(.tuningGames, k)
            XCTAssertFalse(seed &- t < UInt64(s.batch) || t &- seed < UInt64(s.verification), "iteration \(k) shares a deal")
        }
        let dir = folder("verify")
        let outcome = try tuner.run(in: dir, resume: false, threads: 2)
        let v = try XCTUnwrap(outcome.verification)
        XCTAssertEqual(v.summary.puzzleComparisons.first?.agentA, outcome.tunedSpec)
        XCTAssertEqual(v.summary.puzzleComparisons.first?.agentB, "greedy")
        XCTAssertEqual(v.summary.puzzleAgents.map(\.scores.count), [20, 20])
        XCTAssertTrue(outcome.markdown.contains("paired t-test"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("verify/games.jsonl").path))
    }

    func testTwoPlayerVerificationIsAPairedMatchOfTheTunedAgentFirst() throws {
        let tuner = try tigersGoats(iterations: 2, verification: 2)
        let outcome = try tuner.run(in: folder("verify2"), resume: false, threads: 2)
        let v = try XCTUnwrap(outcome.verification)
        let pairing = try XCTUnwrap(v.summary.pairings.first)
        XCTAssertEqual(pairing.agentA, outcome.tunedSpec)
        XCTAssertEqual(pairing.agentB, "alphabeta:depth=1")
        XCTAssertEqual(pairing.pentanomial.reduce(0, +), 2)
        XCTAssertTrue(outcome.markdown.contains("pair score"))
        XCTAssertTrue(v.command.contains("--seed \(tuner.verificationSeed())"))
    }

    // MARK: - A fixed pool of opponents

    func tigersGoatsAgainstAPool(iterations: Int = 3, verification: Int = 0) throws -> Tuner<WorkbenchTuningGames<TigersGoats>> {
        let settings = try TuningSettings(game: TigersGoats.self, rules: TigersGoats.defaultRules, agent: "alphabeta:depth=1",
                                          iterations: iterations, batch: 1, openingPlies: 4, seed: 5,
                                          verification: verification, rEnd: PerWeight(label: "r_end", all: 1),
                                          opponents: ["greedy", "random"])
        return Tuner(games: WorkbenchTuningGames<TigersGoats>(settings: settings))
    }

    func testAgainstAPoolTheProbesPlayTheSameGamesAndTheWeightsAreTheSameOnOneAndTwoThreads() throws {
        let tuner = try tigersGoatsAgainstAPool()
        let one = try records(tuner, threads: 1), two = try records(tuner, threads: 2)
        XCTAssertEqual(one, two)
        // 1 pair against each of 2 opponents, played by θ+ and again by θ−; scores apart.
        XCTAssertTrue(one.allSatisfy { $0.plus.count == 4 && $0.minus.count == 4 })
        XCTAssertTrue(one.contains { zip($0.plus, $0.minus).contains { $0 + $1 != 1 } }, "θ+ and θ− do not play each other")
        // Game i of θ+ and of θ−: the same opponent, opening, side and seeds.
        let games = tuner.games, plan = tuner.settings.plan(0, from: tuner.settings.start)
        let p = try games.poolMatch(seed: plan.seed, probe: games.spec(theta: plan.plus, rounded: false), name: "theta+",
                                    opponents: ["greedy", "random"])
        let m = try games.poolMatch(seed: plan.seed, probe: games.spec(theta: plan.minus, rounded: false), name: "theta-",
                                    opponents: ["greedy", "random"])
        for i in 0..<4 {
            let a = try p.play(i), b = try m.play(i)
            XCTAssertEqual(a.seed, b.seed)
            XCTAssertEqual(a.opening, b.opening)
            XCTAssertEqual(a.agents.firstIndex(of: "theta+"), b.agents.firstIndex(of: "theta-"))
            XCTAssertEqual(Set(a.agents).subtracting(["theta+"]), Set(b.agents).subtracting(["theta-"]))
        }
    }

    func testAgainstAPoolResumeGivesTheWeightsOfAnUninterruptedRunAndTuneJsonRecordsThePool() throws {
        let tuner = try tigersGoatsAgainstAPool(iterations: 3, verification: 1)
        let whole = folder("pool-whole"), cut = folder("pool-cut")
        let full = try tuner.run(in: whole, resume: false, threads: 2)
        let json = try String(contentsOf: whole.appendingPathComponent(TuningFiles.settings), encoding: .utf8)
        XCTAssertTrue(json.contains("\"opponents\""), json)
        let log = try lines(whole.appendingPathComponent(TuningFiles.log))
        try FileManager.default.createDirectory(at: cut, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: whole.appendingPathComponent(TuningFiles.settings),
                                         to: cut.appendingPathComponent(TuningFiles.settings))
        try Data((log[0] + "\n").utf8).write(to: cut.appendingPathComponent(TuningFiles.log))
        let resumed = try tuner.run(in: cut, resume: true, threads: 1)
        XCTAssertEqual(resumed.theta, full.theta)
        XCTAssertEqual(resumed.iterationsThisRun, 2)
        // Self-play settings are another run.
        XCTAssertThrowsError(try tigersGoats(iterations: 3, verification: 1).run(in: cut, resume: true, threads: 1))
        // The verification: a round robin of tuned, baseline and the pool, tuned against baseline first.
        if let v = full.verification {
            XCTAssertEqual(v.summary.pairings.first?.agentA, full.tunedSpec)
            XCTAssertEqual(v.summary.pairings.first?.agentB, "alphabeta:depth=1")
            XCTAssertTrue(v.command.contains("--agents \(full.tunedSpec) alphabeta:depth=1 greedy random"), v.command)
            XCTAssertTrue(full.markdown.contains("Against the pool"), full.markdown)
        }
        XCTAssertTrue(full.markdown.contains("against each of 2 opponents"))
    }

    func testAnOldTuneJsonWithoutOpponentsStillResumesAsSelfPlay() throws {
        let tuner = try tigersGoats(iterations: 3)
        let whole = folder("old-whole"), cut = folder("old-cut")
        let full = try tuner.run(in: whole, resume: false, threads: 1)
        // tune.json as written before --opponents: no such key.
        let json = try String(contentsOf: whole.appendingPathComponent(TuningFiles.settings), encoding: .utf8)
        XCTAssertFalse(json.contains("opponents"), json)
        let log = try lines(whole.appendingPathComponent(TuningFiles.log))
        try FileManager.default.createDirectory(at: cut, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: cut.appendingPathComponent(TuningFiles.settings))
        try Data((log[0] + "\n").utf8).write(to: cut.appendingPathComponent(TuningFiles.log))
        let resumed = try tuner.run(in: cut, resume: true, threads: 2)
        XCTAssertEqual(resumed.theta, full.theta)
        XCTAssertEqual(resumed.iterationsThisRun, 2)
    }

    func testTuneJsonRecordsResolvedSpecsAndResumeRefusesAChangedMeaningButAnOldFileResumes() throws {
        // Short games: the specs are the point, not the play.
        let settings = try TuningSettings(game: TigersGoats.self, rules: TigersGoats.Rules(plyLimit: 20), agent: "alphabeta:depth=1",
                                          iterations: 1, batch: 1, seed: 5, opponents: ["greedy", "random"])
        let tuner = Tuner(games: WorkbenchTuningGames<TigersGoats>(settings: settings))
        let dir = folder("resolved")
        let fresh = try tuner.run(in: dir, resume: false, threads: 2)
        XCTAssertTrue(fresh.markdown.contains("(bench \(WorkbenchVersion.current);"), fresh.markdown)
        let url = dir.appendingPathComponent(TuningFiles.settings)
        let recorded = try String(contentsOf: url, encoding: .utf8)
        var fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(recorded.utf8)) as? [String: Any])
        XCTAssertEqual(fields["version"] as? String, WorkbenchVersion.current)
        XCTAssertEqual((fields["resolvedAgent"] as? String)?.contains("lmr=on"), true, recorded)
        XCTAssertEqual((fields["resolvedOpponents"] as? [String])?.count, 2, recorded)
        // The run as an earlier default made it: the same names, another meaning.
        try recorded.replacingOccurrences(of: "lmr=on", with: "lmr=off").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try tuner.run(in: dir, resume: true, threads: 1)) { error in
            let e = error as! WorkbenchError
            XCTAssertEqual(e.kind, .usage)
            XCTAssertTrue(e.message.contains("agent 'alphabeta:depth=1': lmr was off, now on"), e.message)
        }
        // A file written before resolved specs were recorded resumes on its names, and says so.
        for key in ["resolvedAgent", "resolvedOpponents", "version"] { fields[key] = nil }
        try JSONSerialization.data(withJSONObject: fields).write(to: url)
        let old = try tuner.run(in: dir, resume: true, threads: 1)
        XCTAssertTrue(old.markdown.contains("| as resolved | not recorded"), old.markdown)
    }

    func testAPuzzleRefusesOpponents() {
        XCTAssertThrowsError(try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", iterations: 2, batch: 1,
                                                opponents: ["greedy"])) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .usage)
            XCTAssertTrue((error as? WorkbenchError)?.message.contains("no opponents") ?? false, "\(error)")
        }
    }

    /// A learned evaluation has no hand-made weights: refused in its own words (it was
    /// refused for `w.` weights the tuner itself had put in the spec), before any file is read.
    func testALearnedEvaluationHasNoWeightsToTune() {
        XCTAssertThrowsError(try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy:eval=/nonexistent/weights.bin",
                                                iterations: 2, batch: 1)) { error in
            XCTAssertEqual((error as? WorkbenchError)?.kind, .usage)
            XCTAssertTrue((error as? WorkbenchError)?.message.contains("learned evaluation (eval=/nonexistent/weights.bin)") ?? false,
                          "\(error)")
        }
    }

    // MARK: - Settings

    func testDefaultsAndValidation() throws {
        let s = try TuningSettings(game: TigersGoats.self, rules: TigersGoats.defaultRules,
                                   agent: "alphabeta:depth=2,w.edge=3", iterations: 10, batch: 2)
        XCTAssertEqual(s.parameters.map(\.name), TigersGoatsEvaluator.defaultWeights.names)
        let edge = try XCTUnwrap(s.parameters.first { $0.name == "edge" })
        XCTAssertEqual(edge.start, 3)
        XCTAssertEqual(edge.cEnd, 0.3, accuracy: 1e-15)
        XCTAssertEqual(edge.rEnd, 0.002)
        XCTAssertEqual(edge.lower, -15, accuracy: 1e-12)
        XCTAssertEqual(edge.upper, 15, accuracy: 1e-12)
        XCTAssertEqual(s.A, 1)
        // Listed in any order, tuned in the evaluation's.
        let some = try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", parameters: ["w.double", "four"],
                                      iterations: 10, batch: 2)
        XCTAssertEqual(some.parameters.map(\.name), ["four", "double"])
        func usage(_ make: () throws -> Any, _ words: String...) {
            XCTAssertThrowsError(try make()) { error in
                XCTAssertEqual((error as? WorkbenchError)?.kind, .usage)
                for w in words { XCTAssertTrue("\(error)".contains(w), "\(error) should name \(w)") }
            }
        }
        usage({ try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", parameters: ["w.nope"], iterations: 5, batch: 1) }, "w.nope", "w.four")
        usage({ try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "random", iterations: 5, batch: 1) }, "no weights")
        usage({ try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", iterations: 0, batch: 1) }, "iterations")
        usage({ try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", iterations: 5, batch: 1,
                                   bounds: PerWeight(label: "--bounds", named: [("four", 1...2)])) }, "w.four", "outside")
        usage({ try TuningSettings(game: CoinSorter.self, rules: NoRules(), agent: "greedy", iterations: 5, batch: 1,
                                   cEnd: PerWeight(label: "--c-end", all: -1)) }, "--c-end")
        usage({ try PerWeight.numbers("inf", label: "--r-end") }, "--r-end")
        usage({ try PerWeight.bounds("w.four=3:2", label: "--bounds") }, "w.four")
        usage({ try PerWeight.numbers("w.four=1,w.four=2", label: "--c-end") }, "twice")
        XCTAssertEqual(try PerWeight.bounds("-5:5", label: "b").all, -5...5)
        XCTAssertEqual(try PerWeight.numbers("w.four=0.1,w.three=2", label: "c").value(for: "three"), 2)
    }
}

/// Notes collected from an observer (which may call from any thread).
final class NoteList: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []
    func add(_ note: String) { lock.lock(); notes.append(note); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return notes }
}
