import XCTest
@testable import Boards
@testable import Search

/// Agent specs: parsing, rejection with a helpful message, and what valid specs make.
final class AgentSpecTests: XCTestCase {
    typealias Factory = AgentFactory<TigersGoatsEvaluator>

    /// The message of the error `make` throws, failing the test when it accepts `spec`.
    func tigersGoatsError(_ spec: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try Factory.make(spec, seed: 1)
            XCTFail("'\(spec)' was accepted", file: file, line: line)
            return ""
        } catch {
            return error.message
        }
    }

    func coinSorterError(_ spec: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try CoinSorterAgents.make(spec, seed: 1)
            XCTFail("'\(spec)' was accepted", file: file, line: line)
            return ""
        } catch {
            return error.message
        }
    }

    func assertMessage(_ message: String, contains parts: [String],
                       file: StaticString = #filePath, line: UInt = #line) {
        for part in parts {
            XCTAssertTrue(message.contains(part), "'\(message)' should mention '\(part)'", file: file, line: line)
        }
    }

    // MARK: - Parsing

    func testSpecParsesKindTypedSettingsAndWeights() throws {
        let catalog = TwoPlayerAgents<TigersGoatsEvaluator>.catalog
        let spec = try catalog.parse("alphabeta:depth=5,w.mobility=3,threads=2")
        XCTAssertEqual(spec.kind, "alphabeta")
        XCTAssertEqual(spec.settings.map(\.name), ["depth", "threads"])
        XCTAssertEqual(spec.settings.map(\.value), [.integer(5), .integer(2)])
        XCTAssertEqual(spec.weights.map(\.name), ["mobility"])
        XCTAssertEqual(spec.weights.map(\.value), [3])
        XCTAssertEqual(spec.text, "alphabeta:depth=5,w.mobility=3,threads=2", "written out as given")
        // Unset values read as the kind's defaults; a limit's default only without any limit.
        XCTAssertEqual(spec.int("tt"), 16)
        XCTAssertEqual(try catalog.parse("alphabeta:time=1").budget, SearchBudget(seconds: 1))
        XCTAssertEqual(try catalog.parse("alphabeta").budget, SearchBudget(depth: 4))
        let bare = try catalog.parse("greedy")
        XCTAssertEqual(bare.kind, "greedy")
        XCTAssertTrue(bare.settings.isEmpty && bare.weights.isEmpty)
        XCTAssertEqual(bare.text, "greedy")
    }

    func testAResolvedSpecWritesEveryValueAndMeansTheSameAgent() throws {
        func check<A>(_ catalog: AgentCatalog<A>, _ texts: [String]) throws {
            for text in texts {
                let spec = try catalog.parse(text)
                let resolved = spec.resolved
                XCTAssertEqual(try catalog.parse(resolved.text).text, resolved.text, "\(text): parses back to itself")
                XCTAssertEqual(resolved.resolved.text, resolved.text, "\(text): resolving twice changes nothing")
                XCTAssertTrue(resolved.differences(from: spec).isEmpty, "\(text): \(resolved.differences(from: spec))")
                XCTAssertEqual(resolved.budget, spec.budget, text)
                XCTAssertEqual(resolved.evaluationWeights.values, spec.evaluationWeights.values, text)
                for p in spec.kindDescription.parameters { XCTAssertEqual(resolved.value(p.name), spec.value(p.name), "\(text) \(p.name)") }
            }
        }
        let kinds = TwoPlayerAgents<TigersGoatsEvaluator>.catalog.kinds.map(\.description.name)
        try check(TwoPlayerAgents<TigersGoatsEvaluator>.catalog,
                  kinds + ["alphabeta:depth=3,w.mobility=0.48", "alphabeta:time=0.05,threads=2", "mcts:playouts=1000,cap=10"])
        try check(TwoPlayerAgents<BaghChalEvaluator>.catalog, ["alphabeta:depth=4", "mcts:playouts=200"])
        try check(CoinSorterAgents.catalog, CoinSorterAgents.catalog.kinds.map(\.description.name))
        // Late-move reductions on by default: the names alike, the resolved specs not.
        let now = try TwoPlayerAgents<TigersGoatsEvaluator>.catalog.parse("alphabeta:depth=3")
        let before = try TwoPlayerAgents<TigersGoatsEvaluator>.catalog.parse("alphabeta:depth=3,lmr=off")
        XCTAssertEqual(now.resolved.differences(from: before.resolved), ["lmr: off → on"])
    }

    /// Options added to a kind later, whose defaults play as before them, are left out of a
    /// resolved spec at those defaults: runs recorded before them resolve as they did.
    func testOptionsAddedLaterAreLeftOutOfAResolvedSpecAtTheirDefaults() throws {
        let catalog = CoinSorterAgents.catalog
        let before = "expectimax:exact=5,width=4,eval=W.bin"
        XCTAssertFalse(try catalog.parse(before).resolved.text.contains("paired"))
        XCTAssertFalse(try catalog.parse(before + ",cache=off").resolved.text.contains("cache"))
        let paired = try catalog.parse(before + ",paired=on,cache=on").resolved
        XCTAssertTrue(paired.text.contains("paired=on") && paired.text.contains("cache=on"), paired.text)
        XCTAssertEqual(paired.bool("paired"), true)
        XCTAssertEqual(try catalog.parse(before).resolved.bool("paired"), false, "left out, it reads as its default")
    }

    /// A parameter added after runs were recorded, whose default plays otherwise than the
    /// kind did before it (`joinnodes`: helpers used to join from the first iteration):
    /// a recorded spec without it reads as that value, not as today's default, and a
    /// resolved spec writes it (its text read back is the same agent).
    func testARecordedSpecWithoutALaterParameterReadsAsTheKindPlayedBeforeIt() throws {
        let catalog = TwoPlayerAgents<TigersGoatsEvaluator>.catalog
        let now = try catalog.parse("alphabeta:depth=3,threads=2").resolved.text
        XCTAssertTrue(now.contains(",joinnodes=16000,"), now)
        let recorded = now.replacingOccurrences(of: ",joinnodes=16000,", with: ",")
        let before = try catalog.parse("alphabeta:depth=3,threads=2,joinnodes=0").resolved
        XCTAssertEqual(before.text, now.replacingOccurrences(of: ",joinnodes=16000,", with: ",joinnodes=0,"))
        XCTAssertEqual(try catalog.parse(before.text).int("joinnodes"), 0)
        XCTAssertEqual(try catalog.parse(recorded).int("joinnodes"), 16_000, "read as a new spec: today's default")
        let asRecorded = try catalog.parseRecorded(recorded)
        XCTAssertEqual(asRecorded.int("joinnodes"), 0)
        XCTAssertEqual(asRecorded.resolved.text, before.text)
        XCTAssertEqual(try catalog.parseRecorded(now).int("joinnodes"), 16_000, "a recorded value is kept")
        XCTAssertEqual(try catalog.parseRecorded("alphabeta").int("joinnodes"), 0)
        XCTAssertEqual(try catalog.parseRecorded("greedy").text, "greedy", "a kind without such parameters reads as given")
        XCTAssertThrowsError(try catalog.parseRecorded("alphabeta:gone=1"))
    }

    func testSettingWeightsReplacesOverridesOnTheParsedSpec() throws {
        let catalog = TwoPlayerAgents<TigersGoatsEvaluator>.catalog
        let spec = try catalog.parse("alphabeta:depth=3,w.edge=5,w.mobility=1")
        let set = try spec.settingWeights([(name: "edge", value: 2.5, text: "2.5")])
        XCTAssertEqual(set.text, "alphabeta:depth=3,w.mobility=1,w.edge=2.5")
        XCTAssertEqual(set.evaluationWeights["edge"], 2.5)
        XCTAssertThrowsError(try spec.settingWeights([(name: "nope", value: 1, text: nil)]))
        XCTAssertThrowsError(try catalog.parse("random").settingWeights([(name: "edge", value: 1, text: nil)]))
    }

    func testPaddingControlCharactersAliasesAndEmptyItemsAreRefused() {
        for (spec, part) in [(" random", "blank"), ("random ", "blank"), ("random\n", "control character"),
                             ("ran\u{7}dom", "control character"), ("mcts:playouts=3,iterations=500", "same parameter"),
                             ("mcts:iterations=3,iterations=5", "given twice"), ("alphabeta:depth=3,,tt=1", "not key=value"),
                             ("alphabeta:depth=+3", "depth"), ("alphabeta:depth=0x3", "depth"), ("mcts:c=1e999", "c must")] {
            assertMessage(tigersGoatsError(spec), contains: [part])
        }
    }

    // MARK: - Rejections, for both factories

    func testUnknownAgentListsValidAgents() {
        assertMessage(tigersGoatsError("minimax:depth=3"),
                      contains: ["unknown agent 'minimax'", "random", "greedy", "alphabeta", "mcts"])
        assertMessage(coinSorterError("alphabeta"),
                      contains: ["unknown agent 'alphabeta'", "random", "greedy", "expectimax", "mcts"])
    }

    func testUnknownParameterListsValidParameters() {
        assertMessage(tigersGoatsError("alphabeta:depht=3"),
                      contains: ["'depht'", "depth", "nodes", "time", "threads", "tt"])
        assertMessage(tigersGoatsError("mcts:depth=3"),
                      contains: ["'depth'", "playouts", "iterations", "c", "threads", "cap", "solver"])
        assertMessage(tigersGoatsError("greedy:depth=2"), contains: ["'depth'", "none"])
        assertMessage(coinSorterError("expectimax:playouts=10"),
                      contains: ["'playouts'", "depth", "samples", "width", "time"])
        assertMessage(coinSorterError("random:samples=2"), contains: ["'samples'", "none"])
    }

    func testUnknownWeightListsValidWeights() {
        assertMessage(tigersGoatsError("alphabeta:w.nope=1"),
                      contains: ["w.nope", "w.captures", "w.mobility", "w.trapped", "w.danger", "w.threat",
                                 "w.backed", "w.edge", "w.goatMobility"])
        assertMessage(tigersGoatsError("mcts:w.nope=1"), contains: ["w.nope", "w.captures"])
        assertMessage(coinSorterError("expectimax:w.nope=1"), contains: ["w.nope", "w.four", "w.three", "w.double"])
        assertMessage(coinSorterError("greedy:w.mobility=1"), contains: ["w.mobility", "w.four"])
    }

    func testBadNumbersAreRejectedNamingTheParameter() {
        for (spec, parts) in [("alphabeta:depth=x", ["depth", "'x'"]), ("alphabeta:depth=0", ["depth", "'0'"]),
                              ("alphabeta:depth=2.5", ["depth"]), ("alphabeta:threads=0", ["threads"]),
                              ("alphabeta:time=-1", ["time"]), ("alphabeta:nodes=many", ["nodes"]),
                              ("mcts:playouts=-1", ["playouts", "'-1'"]), ("mcts:c=abc", ["c must", "'abc'"]),
                              ("mcts:c=nan", ["c must"]), ("mcts:solver=maybe", ["solver", "on", "off"]),
                              ("alphabeta:w.mobility=lots", ["w.mobility", "'lots'"]),
                              ("alphabeta:w.mobility=inf", ["w.mobility"])] {
            assertMessage(tigersGoatsError(spec), contains: parts)
        }
        for (spec, parts) in [("expectimax:depth=x", ["depth", "'x'"]), ("expectimax:depth=0", ["depth", "'0'"]),
                              ("expectimax:samples=-1", ["samples", "'-1'"]), ("expectimax:width=abc", ["width", "'abc'"]),
                              ("expectimax:width=301", ["width"]), ("expectimax:time=0", ["time"]),
                              ("greedy:w.four=abc", ["w.four", "'abc'"])] {
            assertMessage(coinSorterError(spec), contains: parts)
        }
    }

    func testATextValueIsOneWordWithoutBlanksCommasOrEquals() throws {
        // A spec, an agents file's options and the agent protocol's `set NAME VALUE` all need one word.
        let file = Parameter("file", .text, help: "a file")
        XCTAssertEqual(try file.parse("tablebases/bagh-chal.tb"), .text("tablebases/bagh-chal.tb"))
        for bad in ["p q", "p,q", "p=q", "p\tq", "p\u{1}q", ""] {
            XCTAssertThrowsError(try file.parse(bad), bad.debugDescription)
        }
    }

    func testMalformedSpecsAreRejected() {
        for (spec, part) in [("alphabeta:depth", "not key=value"), (":depth=3", "no agent name"), ("", "empty"),
                             ("   ", "blank"), ("mcts:playouts=5,playouts=6", "given twice"),
                             ("alphabeta:", "not key=value"), ("alphabeta:depth=3,", "not key=value"),
                             ("alphabeta:=3", "not key=value"), ("mcts:playouts=", "not key=value"),
                             ("alphabeta:w.mobility", "not key=value"),
                             ("alphabeta:w.mobility=1,w.mobility=2", "given twice")] {
            assertMessage(tigersGoatsError(spec), contains: [part])
        }
        for (spec, part) in [("expectimax:depth", "not key=value"), (":depth=3", "no agent name"), ("", "empty"),
                             ("expectimax:samples=5,samples=6", "given twice"), ("expectimax:", "not key=value"),
                             ("expectimax:depth=2,,samples=3", "not key=value")] {
            assertMessage(coinSorterError(spec), contains: [part])
        }
    }

    func testRandomAgentTakesNoWeightsAndTheMessageNamesItOnce() {
        assertMessage(tigersGoatsError("random:w.captures=1"), contains: ["random", "no weights"])
        assertMessage(coinSorterError("random:w.four=1"), contains: ["random", "no weights"])
        // Was "agent 'random:w.four=1': agent 'random' takes no weights".
        XCTAssertEqual(coinSorterError("random:w.four=1").components(separatedBy: "agent").count - 1, 1)
    }

    // MARK: - Valid specs

    func testValidTigersGoatsSpecsMakeTheRightAgents() throws {
        let ab = try Factory.make("alphabeta:depth=5,w.mobility=3", seed: 1)
        XCTAssertEqual(ab.spec, "alphabeta:depth=5,w.mobility=3")
        XCTAssertEqual(ab.budget, SearchBudget(depth: 5))
        let abAgent = try XCTUnwrap(ab as? AlphaBetaAgent<TigersGoatsEvaluator>)
        XCTAssertEqual(abAgent.threads, 1)

        let timed = try XCTUnwrap(try Factory.make("alphabeta:time=0.1,threads=2", seed: 1)
            as? AlphaBetaAgent<TigersGoatsEvaluator>)
        XCTAssertEqual(timed.threads, 2)
        XCTAssertEqual(timed.budget.seconds, 0.1)
        XCTAssertNil(timed.budget.depth)

        let defaultDepth = try Factory.make("alphabeta", seed: 1)
        XCTAssertEqual(defaultDepth.budget.depth, 4)

        let mcts = try XCTUnwrap(try Factory.make("mcts:playouts=2000,c=1.4", seed: 1) as? MCTSAgent<TigersGoatsEvaluator>)
        XCTAssertEqual(mcts.budget.playouts, 2000)
        XCTAssertEqual(mcts.exploration, 1.4)
        XCTAssertTrue(mcts.solver)
        let iterations = try XCTUnwrap(try Factory.make("mcts:iterations=30,solver=off,cap=8,threads=3", seed: 1)
            as? MCTSAgent<TigersGoatsEvaluator>)
        XCTAssertEqual(iterations.budget.playouts, 30)
        XCTAssertFalse(iterations.solver)
        XCTAssertEqual(iterations.rolloutCap, 8)
        XCTAssertEqual(iterations.threads, 3)
        XCTAssertEqual(try Factory.make("mcts", seed: 1).budget.playouts, 1000)

        XCTAssertTrue(try Factory.make("greedy", seed: 1) is GreedyAgent<TigersGoatsEvaluator>)
        XCTAssertTrue(try Factory.make("random", seed: 1) is RandomAgent<TigersGoats>)
    }

    /// Threads split nodes unless the spec asks for a Lazy SMP variant; asking for both
    /// at once is refused, never resolved silently.
    func testAlphaBetaThreadSchemeComesFromTheSpec() throws {
        let kind = AgentDescription.alphaBeta(weights: TigersGoatsEvaluator.defaultWeights)
        func settings(_ text: String) throws -> AlphaBetaSettings { try AlphaBetaSettings(spec: kind.parse(text)) }
        XCTAssertEqual(try settings("alphabeta"), AlphaBetaSettings(
            reductions: true, youngBrothers: true, splitDepth: 3, joinNodes: AgentParameters.int(AgentParameters.alphaBetaJoinNodes)))
        XCTAssertEqual(try settings("alphabeta:splitdepth=5").splitDepth, 5)
        XCTAssertEqual(try settings("alphabeta:joinnodes=0").joinNodes, 0)
        XCTAssertFalse(try settings("alphabeta:ybw=false").youngBrothers)
        let skip = try settings("alphabeta:skip=true")
        XCTAssertFalse(skip.youngBrothers)
        XCTAssertTrue(skip.skipDepths)
        let split = try settings("alphabeta:split=true,ybw=false")
        XCTAssertFalse(split.youngBrothers)
        XCTAssertTrue(split.split)
        assertMessage(tigersGoatsError("alphabeta:ybw=true,skip=true"), contains: ["Lazy SMP", "ybw=false"])
        assertMessage(tigersGoatsError("alphabeta:split=on,ybw=on"), contains: ["ybw=false"])
        assertMessage(tigersGoatsError("alphabeta:splitdepth=1"), contains: ["splitdepth"])
    }

    func testValidCoinSorterSpecsMakeTheRightAgents() throws {
        let ex = try XCTUnwrap(try CoinSorterAgents.make("expectimax:depth=2,samples=8", seed: 1) as? PuzzleExpectimaxAgent<CoinSorterEvaluator>)
        XCTAssertEqual(ex.budget.depth, 2)
        XCTAssertEqual(ex.samples, 8)
        XCTAssertEqual(ex.width, 12)
        let wide = try XCTUnwrap(try CoinSorterAgents.make("expectimax:width=30,depth=3", seed: 1) as? PuzzleExpectimaxAgent<CoinSorterEvaluator>)
        XCTAssertEqual(wide.width, 30)
        XCTAssertEqual(wide.budget.depth, 3)
        XCTAssertEqual(try CoinSorterAgents.make("expectimax", seed: 1).budget.depth, 2)
        XCTAssertTrue(try CoinSorterAgents.make("greedy", seed: 1) is PuzzleGreedyAgent<CoinSorterEvaluator>)
        XCTAssertTrue(try CoinSorterAgents.make("random", seed: 1) is PuzzleRandomAgent<CoinSorter>)
    }

    /// A weight override reaches the evaluator: the same position scores differently,
    /// by exactly the changed weight times its term.
    func testWeightOverrideChangesTheEvaluator() throws {
        // Tigers d4 and a1, goats d5 and h1; d4 can jump d5. Goat mobility is set to 0
        // everywhere: its half points would make the rounding of the sum uneven.
        let p = try tigersGoats("8/8/8/3G4/3T4/8/8/T6G t 1")
        func alphaBeta(_ spec: String) throws -> AlphaBetaAgent<TigersGoatsEvaluator> {
            try XCTUnwrap(try Factory.make(spec, seed: 1) as? AlphaBetaAgent<TigersGoatsEvaluator>)
        }
        let plain = try alphaBeta("alphabeta:depth=1,w.goatMobility=0")
        let heavy = try alphaBeta("alphabeta:depth=1,w.goatMobility=0,w.mobility=3")
        let tigerMoves = p.tigerMobility.moves
        XCTAssertGreaterThan(tigerMoves, 0)
        XCTAssertEqual(heavy.evaluator.evaluate(p) - plain.evaluator.evaluate(p), tigerMoves,
                       "mobility 2 -> 3 adds one point per tiger move")
        XCTAssertNotEqual(try alphaBeta("alphabeta").evaluator.evaluate(p),
                          try alphaBeta("alphabeta:w.mobility=3").evaluator.evaluate(p))
        let mcts = try XCTUnwrap(try Factory.make("mcts:w.goatMobility=0,w.captures=1000", seed: 1)
            as? MCTSAgent<TigersGoatsEvaluator>)
        XCTAssertEqual(mcts.evaluator.evaluate(p) - plain.evaluator.evaluate(p), 900, "1 capture at 1000 instead of 100")
        let greedy = try XCTUnwrap(try Factory.make("greedy:w.goatMobility=0,w.threat=0", seed: 1)
            as? GreedyAgent<TigersGoatsEvaluator>)
        XCTAssertEqual(plain.evaluator.evaluate(p) - greedy.evaluator.evaluate(p), 60, "d4 can jump d5: the threat term")

        let s = try coinSorter(CoinSorterAgentTests.oneSwapRow + " 3 0")
        let coinPlain = try XCTUnwrap(try CoinSorterAgents.make("greedy", seed: 1) as? PuzzleGreedyAgent<CoinSorterEvaluator>)
        let coinHeavy = try XCTUnwrap(try CoinSorterAgents.make("greedy:w.four=5", seed: 1) as? PuzzleGreedyAgent<CoinSorterEvaluator>)
        // Row 1 holds four triangles and a fifth is on the board: one "four" line at least.
        XCTAssertGreaterThan(coinHeavy.evaluator.evaluate(s), coinPlain.evaluator.evaluate(s))
        let ex = try XCTUnwrap(try CoinSorterAgents.make("expectimax:w.four=0,w.three=0,w.double=0", seed: 1)
            as? PuzzleExpectimaxAgent<CoinSorterEvaluator>)
        XCTAssertEqual(ex.evaluator.evaluate(s), 0)
    }

    // MARK: - Simple agents

    func testGreedyAndRandomAreDeterministicUnderASeed() throws {
        let positions = AlphaBetaTests.positions.prefix(12)
        for spec in ["greedy", "random"] {
            var a = try Factory.make(spec, seed: 77), b = try Factory.make(spec, seed: 77)
            for p in positions {
                let ra = a.selectMove(GameHistory(p)), rb = b.selectMove(GameHistory(p))
                let m = try XCTUnwrap(ra.move)
                XCTAssertTrue(p.legalMoves.contains(m), "\(spec): \(p.notation(of: m)) in \(p.text)")
                XCTAssertEqual(ra.move, rb.move, "\(spec) in \(p.text)")
                XCTAssertEqual(ra.value, rb.value, "\(spec) in \(p.text)")
            }
        }
        // The random agent's choices depend on its seed.
        var x = try Factory.make("random", seed: 1), y = try Factory.make("random", seed: 2)
        let xs = positions.map { x.selectMove(GameHistory($0)).move }, ys = positions.map { y.selectMove(GameHistory($0)).move }
        XCTAssertNotEqual(xs, ys)
    }

    func testGreedyTakesAnImmediateWin() throws {
        let p = try tigersGoats(AlphaBetaTests.tigersWinInOne)
        var greedy = try Factory.make("greedy", seed: 1)
        let r = greedy.selectMove(GameHistory(p))
        XCTAssertEqual(r.move, try move("d4xd6", in: p))
        XCTAssertEqual(r.value, Double(Evaluation.winScore))
    }

    /// Greedy's value is the best of minus the evaluation after each move (no win here).
    func testGreedyValueIsTheBestOneMoveEvaluation() throws {
        let evaluator = TigersGoatsEvaluator()
        for p in MCTSTests.quietPositions.prefix(6) {
            var greedy = GreedyAgent(evaluator: evaluator, seed: 2)
            let r = greedy.selectMove(GameHistory(p))
            let values = ReferenceSearch.rootMoveValues(p, depth: 1, evaluator: evaluator)
            XCTAssertEqual(r.value, Double(values.values.max()!), p.text)
            XCTAssertEqual(values[try XCTUnwrap(r.move).raw], values.values.max()!, p.text)
        }
    }
}
