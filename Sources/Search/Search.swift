import Boards

/// The search module: agents that play the games of `Boards`.
///
/// Agents arrive with the Search issue; this file keeps the module and its product in place.
public enum Search {
    /// The module's version of the agent interface.
    public static var interfaceVersion: Int { 0 }
}
