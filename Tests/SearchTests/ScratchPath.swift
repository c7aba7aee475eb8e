import Foundation
import XCTest

extension XCTestCase {
    /// A path in the temporary folder, unique to this call, removed when the test ends.
    func scratchPath(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
