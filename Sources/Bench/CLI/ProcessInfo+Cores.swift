import Foundation

extension ProcessInfo {
    /// The cores this process may run on.
    static var activeCores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
