import Boards
import Foundation
import Search
import Workbench

/// A loaded game behind a handle: the game type and its rules, and what can be made of
/// them (states, agents, vector environments).
protocol GameBox: HandleObject {
    var name: String { get }
    /// `gb_game_info`'s JSON.
    var info: [String: Any] { get }
    func newState(seed: UInt64, explicitChance: Bool) throws(Failure) -> any StateBox
    func newAgent(spec: String, seed: UInt64) throws(Failure) -> any AgentBox
    func newVector(count: Int, seed: UInt64, threads: Int) throws(Failure) -> any VectorBox
}

extension GameBox {
    var kindDescription: String { "the game \(name)" }
}

/// What both kinds of game box share: the rules, read from JSON against the game's own.
class RulesBox<G: CInterfaceGame>: @unchecked Sendable {
    let rules: G.Rules

    /// The rules of `json` (`tournament.json`'s keys): each key given replaces the
    /// default's; an unknown key or a bad value is a rules error naming it.
    init(json: String) throws(Failure) {
        rules = try Self.read(json)
    }

    private static func read(_ json: String) throws(Failure) -> G.Rules {
        guard !json.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return G.defaultRules }
        let defaults: [String: Any]
        do {
            defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(G.defaultRules)) as? [String: Any] ?? [:]
        } catch { throw Failure(.rules, "\(G.name)'s default rules do not encode") }
        guard let given = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw Failure(.rules, "rules for \(G.name) are not a JSON object: \(json)")
        }
        var merged = defaults
        for (key, value) in given.sorted(by: { $0.key < $1.key }) {
            guard defaults[key] != nil else {
                let known = defaults.keys.sorted()
                throw Failure(.rules, "unknown rule '\(key)' for \(G.name) (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
            }
            switch (JSONValue(defaults[key]!), JSONValue(value)) {
            case (.flag, .flag(let b)): merged[key] = b
            case (.whole, .whole(let n)): merged[key] = n
            case (.flag, let given): throw Failure(.rules, "rule '\(key)' for \(G.name): \(given.text(value)) is not true or false")
            case (_, let given): throw Failure(.rules, "rule '\(key)' for \(G.name): \(given.text(value)) is not a whole number")
            }
        }
        do {
            return try JSONDecoder().decode(G.Rules.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let DecodingError.dataCorrupted(context) {
            throw Failure(.rules, "rules for \(G.name): \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(type, context) {
            throw Failure(.rules, "rule '\(context.codingPath.map(\.stringValue).joined(separator: "."))' for \(G.name) is not \(type == Bool.self ? "true/false" : "a whole number")")
        } catch {
            throw Failure(.rules, "rules for \(G.name) are not valid: \(json)")
        }
    }

    /// The rules as JSON values, every key.
    var rulesObject: [String: Any] {
        (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(rules)) as? [String: Any]) ?? [:]
    }

    /// `gb_game_info`'s fields.
    func info(players: Int, playerNames: [String], maxChanceOutcomes: Int) -> [String: Any] {
        let shape = G.observationShape
        let utility = G.utilityRange(rules)
        return ["name": G.name, "title": G.title, "players": players, "player_names": playerNames,
                "chance": G.chance.rawValue, "num_distinct_actions": G.actionCount,
                "max_chance_outcomes": maxChanceOutcomes,
                "observation_shape": [shape.planes, shape.rows, shape.columns],
                "max_game_length": G.maxGameLength(rules), "min_utility": utility.min, "max_utility": utility.max,
                "rules": rulesObject, "action_space": G.actionLayout]
    }

    /// The agent of `spec` from `catalog`, seeded: a spec that does not parse is a spec
    /// error, one whose making fails (a tablebase or weights file that cannot be read) a
    /// file error.
    func agent<A>(_ spec: String, from catalog: AgentCatalog<A>, seed: UInt64) throws(Failure) -> A {
        let parsed: AgentSpec
        do { parsed = try catalog.parse(spec) } catch { throw Failure(.spec, error.message) }
        do { return try catalog.make(parsed, seed: seed) } catch { throw Failure(.file, error.message) }
    }
}

/// A rule's value as JSON gives it: JSONSerialization hands numbers and booleans over
/// as NSNumber (on Linux even `0 is Bool` holds), so its type code tells them apart.
enum JSONValue {
    case flag(Bool)
    case whole(Int)
    case other

    init(_ value: Any) {
        guard let number = value as? NSNumber else { self = .other; return }
        if String(cString: number.objCType) == "c" { self = .flag(number.boolValue); return }
        let d = number.doubleValue
        if d.rounded() == d, d >= -9.0e15, d <= 9.0e15 { self = .whole(Int(d)) } else { self = .other }
    }

    /// `value` (the JSON this was read from) as a message shows it.
    func text(_ value: Any) -> String {
        if case .flag(let b) = self { return String(b) }
        return value is String ? "\"\(value)\"" : "\(value)"
    }
}

/// A two-player game with its rules.
final class TwoPlayerGameBox<G: CTwoPlayerGame>: RulesBox<G>, GameBox, @unchecked Sendable {
    var name: String { G.name }
    var info: [String: Any] { info(players: 2, playerNames: G.sideNames, maxChanceOutcomes: 0) }

    @_specialize(where G == TigersGoats) @_specialize(where G == BaghChal)
    func newState(seed: UInt64, explicitChance: Bool) throws(Failure) -> any StateBox {
        TwoPlayerStateBox(rules: rules, game: GameHistory(G.start(rules)))
    }

    func newAgent(spec: String, seed: UInt64) throws(Failure) -> any AgentBox {
        TwoPlayerAgentBox<G>(agent: try agent(spec, from: G.agentCatalog, seed: seed))
    }

    func newVector(count: Int, seed: UInt64, threads: Int) throws(Failure) -> any VectorBox {
        TwoPlayerVectorBox<G>(rules: rules, count: count, seed: seed, threads: threads)
    }
}

/// A puzzle with its rules.
final class PuzzleGameBox<G: CPuzzleGame>: RulesBox<G>, GameBox, @unchecked Sendable {
    var name: String { G.name }
    var info: [String: Any] {
        info(players: 1, playerNames: ["player"], maxChanceOutcomes: G.dealDraws?.outcomes.count ?? 0)
    }

    @_specialize(where G == CoinSorter) @_specialize(where G == Balls)
    func newState(seed: UInt64, explicitChance: Bool) throws(Failure) -> any StateBox {
        try PuzzleStateBox<G>(rules: rules, seed: seed, explicitChance: explicitChance)
    }

    func newAgent(spec: String, seed: UInt64) throws(Failure) -> any AgentBox {
        PuzzleAgentBox<G>(agent: try agent(spec, from: G.agentCatalog, seed: seed))
    }

    func newVector(count: Int, seed: UInt64, threads: Int) throws(Failure) -> any VectorBox {
        PuzzleVectorBox<G>(rules: rules, count: count, seed: seed, threads: threads)
    }
}

/// The games of the C interface, by name.
enum GameLoader {
    /// The game `name` with the rules of `json`.
    ///
    /// Each game is named here as a concrete type, the type the boxes' hot code is
    /// specialised for (their `@_specialize` lines and the games' own witnesses of the
    /// loop's calls), rather than reached through the registry's visitor and a cast.
    /// Adding a game adds a line here; an unknown name gets the registry's message.
    static func load(_ name: String, rules json: String) throws(Failure) -> any GameBox {
        switch name {
        case TigersGoats.name: return try TwoPlayerGameBox<TigersGoats>(json: json)
        case BaghChal.name: return try TwoPlayerGameBox<BaghChal>(json: json)
        case CoinSorter.name: return try PuzzleGameBox<CoinSorter>(json: json)
        case Balls.name: return try PuzzleGameBox<Balls>(json: json)
        default:
            do { _ = try GameRegistry.game(named: name) } catch { throw Failure(.game, error.message) }
            throw Failure(.game, "\(name) has no C interface yet")
        }
    }
}
