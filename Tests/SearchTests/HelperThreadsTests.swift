import Dispatch
import Foundation
import XCTest
@testable import Boards
@testable import Search

/// The helper threads an agent that splits nodes keeps between its searches
/// (``HelperThreads``): reused search after search, shared by copies of the agent
/// searching at once (one takes them, the other starts threads of its own), and gone
/// with the agent.
final class HelperThreadsTests: XCTestCase {
    typealias Agent = AlphaBetaAgent<TigersGoatsEvaluator>
    let evaluator = TigersGoatsEvaluator()
    /// Nodes split all through the tree; no table, so every value is the minimax value.
    let settings = AlphaBetaSettings(youngBrothers: true, splitDepth: 2)

    func testOneAgentsHelpersServeSearchAfterSearch() throws {
        // Depth 3 splits (split depth 2); the reference's depth 4 took minutes in a debug build.
        let positions = RandomPositions.sample(count: 6, seed: 42)
        let expected = positions.map { Double(ReferenceSearch.negamax($0, depth: 3, evaluator: evaluator)) }
        var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 2, tableMegabytes: 0,
                          settings: settings)
        XCTAssertNotNil(agent.helpers, "an agent splitting nodes on 2 threads keeps a helper")
        for _ in 0..<3 {
            for (p, expected) in zip(positions, expected) {
                let r = agent.selectMove(GameHistory(p))
                XCTAssertEqual(r.value, expected, p.text)
                XCTAssertTrue(p.legalMoves.contains(try XCTUnwrap(r.move)), p.text)
            }
        }
        // Helpers that join after the first iterations (joinNodes), whose nodes the
        // search's own count reaches at depth 2 or 3, search the rest with the main thread.
        var late = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 2, tableMegabytes: 0,
                         settings: AlphaBetaSettings(youngBrothers: true, splitDepth: 2, joinNodes: 40))
        for _ in 0..<2 {
            for (p, expected) in zip(positions, expected) {
                XCTAssertEqual(late.selectMove(GameHistory(p)).value, expected, "helpers joining late: \(p.text)")
            }
        }
        XCTAssertNil(Agent(evaluator: evaluator, budget: SearchBudget(depth: 4), threads: 1).helpers)
        XCTAssertNil(Agent(evaluator: evaluator, budget: SearchBudget(depth: 4), threads: 2,
                           settings: AlphaBetaSettings(split: true)).helpers, "Lazy SMP runs on ForkJoin")
    }

    /// Until its iterations have taken `joinNodes` nodes, the main thread of a search that
    /// splits nodes searches alone, as one thread does: a search that ends before is the
    /// 1-thread search, node for node, under a depth or a node budget.
    func testSearchEndingBeforeTheHelpersJoinIsTheOneThreadSearch() {
        let settings = AlphaBetaSettings(reductions: true, youngBrothers: true, splitDepth: 3, joinNodes: 1 << 40)
        for p in RandomPositions.sample(count: 6, seed: 11) {
            for budget in [SearchBudget(depth: 5), SearchBudget(nodes: 3_000)] {
                var one = Agent(evaluator: evaluator, budget: budget, threads: 1, settings: settings)
                var two = Agent(evaluator: evaluator, budget: budget, threads: 2, settings: settings)
                for _ in 0..<2 {
                    let r1 = one.selectMove(GameHistory(p)), r2 = two.selectMove(GameHistory(p))
                    XCTAssertEqual(r2.move, r1.move, p.text)
                    XCTAssertEqual(r2.value, r1.value, p.text)
                    XCTAssertEqual(r2.depth, r1.depth, p.text)
                    XCTAssertEqual(r2.nodes, r1.nodes, p.text)
                    XCTAssertEqual(r2.principalVariation, r1.principalVariation, p.text)
                }
            }
        }
    }

    /// Copies of one agent share its helpers: searching at once, one search takes them
    /// and the others start threads of their own; every value is still the minimax value.
    func testCopiesSearchingAtOnceEachGetTheirThreads() {
        let positions = RandomPositions.sample(count: 4, seed: 7)
        let expected = positions.map { Double(ReferenceSearch.negamax($0, depth: 3, evaluator: evaluator)) }
        // Not Sendable (the agent holds its search as a closure); each worker searches on a copy.
        nonisolated(unsafe) let agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 3,
                                              tableMegabytes: 0, settings: settings)
        let values = ForkJoin.map(workers: 3) { _ -> [Double?] in
            var copy = agent
            var seen: [Double?] = []
            for _ in 0..<4 {
                for p in positions { seen.append(copy.selectMove(GameHistory(p)).value) }
            }
            return seen
        }
        for seen in values {
            XCTAssertEqual(seen, Array(repeatElement(expected, count: 4).joined()))
        }
    }

    /// The helpers hold only their crew, never the agent: once the last copy of the agent
    /// is gone, they leave (and the crew they held is freed).
    func testHelpersLeaveWithTheAgent() {
        weak var crew: HelperCrew?
        do {
            var agent = Agent(evaluator: evaluator, budget: SearchBudget(depth: 3), threads: 2, settings: settings)
            crew = agent.helpers?.crew
            _ = agent.selectMove(GameHistory(TigersGoats()))
            XCTAssertNotNil(crew)
        }
        let deadline = Date().addingTimeInterval(10)
        while crew != nil && Date() < deadline { usleep(1000) }
        XCTAssertNil(crew, "the helper threads still hold their crew 10 s after the agent went")
    }
}
