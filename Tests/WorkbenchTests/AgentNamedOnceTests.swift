import Boards
import Search
@testable import Workbench
import XCTest

/// An agent is named once in a message: the catalogs' messages often name it already
/// (`agent 'p' takes no weights`), and the layers above add no second name
/// ("agent 'X': agent 'X': …" before).
final class AgentNamedOnceTests: XCTestCase {
    private func agentNames(_ message: String) -> Int { message.components(separatedBy: "agent '").count - 1 }

    func testAnErrorThatNamesAnAgentIsNotNamedAgain() {
        let inner = WorkbenchError.usage("agent 'p' takes no weights")
        XCTAssertEqual(inner.prefixed("agent 'p:w.mobility=3'").prefixed("tune").message, "tune: agent 'p' takes no weights")
        let other = WorkbenchError.runtime("no such file").prefixed("agent 'greedy:eval=x'")
        XCTAssertEqual(other.prefixed("agent 'greedy:eval=x'").message, "agent 'greedy:eval=x': no such file")
        XCTAssertEqual(other.prefixed("agent 'greedy'").message, "agent 'greedy:eval=x': no such file")
        // Other contexts are added as before.
        XCTAssertEqual(inner.prefixed("grade").message, "grade: agent 'p' takes no weights")
    }

    func testTuningNamesABadSpecsAgentOnce() {
        XCTAssertThrowsError(try TuningPlay.parse("alphabeta:depth=1,foo=1", TigersGoats.agentCatalog)) { error in
            let message = (error as! WorkbenchError).message
            XCTAssertTrue(message.contains("foo"), message)
            XCTAssertEqual(agentNames(message), 1, message)
        }
        let settings = try? TuningSettings(game: TigersGoats.self, rules: TigersGoats.defaultRules, agent: "alphabeta:depth=1",
                                           iterations: 2, batch: 1)
        XCTAssertThrowsError(try settings!.spec(baseline: TigersGoats.agentCatalog.checkedSpec("random"), theta: [1], rounded: true)) {
            error in
            let message = (error as! WorkbenchError).message
            XCTAssertEqual(agentNames(message), 1, message)
        }
    }

    func testGradingNamesAnAgentThatCannotBeMadeOnce() {
        XCTAssertThrowsError(try Grading.grade(BaghChal.self, spec: "tablebase:file=/nonexistent/none.tb", table: GradingTests.table,
                                               positions: 1, seed: 1, threads: 1)) { error in
            let message = (error as! WorkbenchError).message
            XCTAssertTrue(message.contains("none.tb"), message)
            XCTAssertEqual(agentNames(message), 1, message)
        }
    }
}
