import Boards
import Foundation
import Search
import Workbench

// The functions of include/gamebench.h, each a thin shell: arguments checked, the
// handle looked up, the work done by a box, failures turned into a status and a
// message by `call`. Pointer parameters that the header allows to be NULL are optional.


@c public func gb_version() -> UnsafePointer<CChar> {
    UnsafeRawPointer(WorkbenchVersion.text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c public func gb_free(_ handle: UInt64, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try handles.remove(handle) }
}

/// A new handle for `entry`, stored through `out`.
private func hand(_ entry: HandleEntry, to out: UnsafeMutablePointer<UInt64>?) throws(Failure) {
    let out = try required(out, "the handle output")
    out.pointee = handles.insert(entry)
}

private func game(_ h: UInt64) throws(Failure) -> any GameBox {
    let entry = try handles.get(h)
    guard case .game(let box) = entry else { throw HandleTable.wrongKind(h, entry, "a game") }
    return box
}

private func state(_ h: UInt64) throws(Failure) -> any StateBox {
    let entry = try handles.get(h)
    guard case .state(let box) = entry else { throw HandleTable.wrongKind(h, entry, "a state") }
    return box
}

private func agent(_ h: UInt64) throws(Failure) -> any AgentBox {
    let entry = try handles.get(h)
    guard case .agent(let box) = entry else { throw HandleTable.wrongKind(h, entry, "an agent") }
    return box
}

private func vector(_ h: UInt64) throws(Failure) -> any VectorBox {
    let entry = try handles.get(h)
    guard case .vector(let box) = entry else { throw HandleTable.wrongKind(h, entry, "a vector environment") }
    return box
}

/// JSON text of a dictionary or array, keys sorted.
private func json(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}

// MARK: - Games

@c public func gb_game_load(_ name: UnsafePointer<CChar>?, _ rules: UnsafePointer<CChar>?,
                            _ game: UnsafeMutablePointer<UInt64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try GameLoader.load(try string(name, "name"), rules: rules == nil ? "" : try string(rules, "rules"))
        try hand(.game(box), to: game)
    }
}

@c public func gb_game_info(_ h: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int64,
                            _ length: UnsafeMutablePointer<Int64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try output(json(try game(h).info), buffer, capacity, length) }
}

@c public func gb_game_names(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int64,
                             _ length: UnsafeMutablePointer<Int64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try output(json(GameRegistry.games.map { $0.name }), buffer, capacity, length) }
}

// MARK: - States

@c public func gb_state_new(_ g: UInt64, _ seed: UInt64, _ flags: Int32, _ out: UnsafeMutablePointer<UInt64>?,
                            _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        guard flags & ~1 == 0 else { throw .argument("unknown flags \(flags) (known: GB_EXPLICIT_CHANCE = 1)") }
        try hand(.state(try game(g).newState(seed: seed, explicitChance: flags & 1 != 0)), to: out)
    }
}

@c public func gb_state_clone(_ s: UInt64, _ out: UnsafeMutablePointer<UInt64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try hand(.state(try state(s).copy()), to: out) }
}

@c public func gb_state_text(_ s: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int64,
                             _ length: UnsafeMutablePointer<Int64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try output(try state(s).text, buffer, capacity, length) }
}

@c public func gb_state_set_text(_ s: UInt64, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try state(s).setText(try string(text, "text")) }
}

@c public func gb_state_current_player(_ s: UInt64, _ out: UnsafeMutablePointer<Int32>?,
                                       _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        try required(out, "player").pointee = box.currentPlayer
    }
}

@c public func gb_state_is_terminal(_ s: UInt64, _ out: UnsafeMutablePointer<Int32>?,
                                    _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        try required(out, "terminal").pointee = box.isTerminal ? 1 : 0
    }
}

@c public func gb_state_returns(_ s: UInt64, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        box.returns(into: try required(out, "returns"))
    }
}

@c public func gb_state_move_number(_ s: UInt64, _ out: UnsafeMutablePointer<Int64>?,
                                    _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        try required(out, "moves").pointee = box.moveNumber
    }
}

@c public func gb_state_hash(_ s: UInt64, _ out: UnsafeMutablePointer<UInt64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        try required(out, "hash").pointee = box.hash
    }
}

@c public func gb_state_legal_actions(_ s: UInt64, _ actions: UnsafeMutablePointer<Int64>?, _ capacity: Int64,
                                      _ count: UnsafeMutablePointer<Int64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        guard capacity >= 0 else { throw .argument("capacity \(capacity) is negative") }
        let count = try required(count, "count")
        if capacity > 0 { _ = try required(actions, "actions") }
        count.pointee = Int64(box.legalActions(into: capacity > 0 ? actions : nil, capacity: Int(capacity)))
    }
}

@c public func gb_state_legal_mask(_ s: UInt64, _ mask: UnsafeMutablePointer<UInt8>?, _ size: Int64,
                                   _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        try box.legalMask(into: try required(mask, "mask"), size: size)
    }
}

@c public func gb_state_apply(_ s: UInt64, _ action: Int64, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try state(s).apply(action) }
}

/// `gb_step`'s fields (include/gamebench.h): byte offsets.
private enum StepField {
    static let action = 0, legal = 8, capacity = 16, count = 24, reward = 32, player = 40
}

@c public func gb_state_step(_ s: UInt64, _ step: UnsafeMutableRawPointer?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        guard let step else { throw .argument("step is NULL") }
        let capacity = step.load(fromByteOffset: StepField.capacity, as: Int64.self)
        let legal = step.load(fromByteOffset: StepField.legal, as: UnsafeMutablePointer<Int64>?.self)
        guard capacity >= 0 else { throw .argument("capacity \(capacity) is negative") }
        if capacity > 0 && legal == nil { throw .argument("legal is NULL with capacity \(capacity)") }
        let (player, reward) = try box.apply(step.load(fromByteOffset: StepField.action, as: Int64.self))
        let count = box.legalActions(into: capacity > 0 ? legal : nil, capacity: Int(capacity))
        step.storeBytes(of: Int64(count), toByteOffset: StepField.count, as: Int64.self)
        step.storeBytes(of: reward, toByteOffset: StepField.reward, as: Double.self)
        step.storeBytes(of: player, toByteOffset: StepField.player, as: Int32.self)
    }
}

@c public func gb_state_random_action(_ s: UInt64, _ seed: UInt64, _ out: UnsafeMutablePointer<Int64>?,
                                      _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        let out = try required(out, "action")
        out.pointee = try box.randomAction(seed: seed)
    }
}

@c public func gb_state_action_to_string(_ s: UInt64, _ action: Int64, _ buffer: UnsafeMutablePointer<CChar>?,
                                         _ capacity: Int64, _ length: UnsafeMutablePointer<Int64>?,
                                         _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in try output(try state(s).notation(of: action), buffer, capacity, length) }
}

@c public func gb_state_string_to_action(_ s: UInt64, _ text: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int64>?,
                                         _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        let out = try required(out, "action")
        out.pointee = try box.action(parsing: try string(text, "text"))
    }
}

@c public func gb_state_observation(_ s: UInt64, _ buffer: UnsafeMutablePointer<Float>?, _ size: Int64,
                                    _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        try box.observe(into: try required(buffer, "buffer"), size: size)
    }
}

@c public func gb_state_chance_outcomes(_ s: UInt64, _ outcomes: UnsafeMutablePointer<Int64>?,
                                        _ probabilities: UnsafeMutablePointer<Double>?, _ capacity: Int64,
                                        _ count: UnsafeMutablePointer<Int64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        guard capacity >= 0 else { throw .argument("capacity \(capacity) is negative") }
        let count = try required(count, "count")
        let due = try box.chanceOutcomes()
        if capacity > 0 {
            let outcomes = try required(outcomes, "outcomes"), probabilities = try required(probabilities, "probabilities")
            for (i, o) in due.prefix(Int(capacity)).enumerated() {
                outcomes[i] = o.action
                probabilities[i] = o.probability
            }
        }
        count.pointee = Int64(due.count)
    }
}

@c public func gb_random_playouts(_ s: UInt64, _ n: Int64, _ seed: UInt64, _ threads: Int32,
                                  _ returns: UnsafeMutablePointer<Double>?, _ lengths: UnsafeMutablePointer<Int64>?,
                                  _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try state(s)
        guard n >= 0 else { throw .argument("playout count \(n) is negative") }
        let workers = try workerCount(threads)
        let returns = try required(returns, "returns")
        box.playouts(Int(n), seed: seed, threads: workers, returns: returns, lengths: lengths)
    }
}

@c public func gb_derive_seed(_ seed: UInt64, _ index: UInt64, _ episode: UInt64) -> UInt64 {
    derivedSeed(seed, index, episode)
}

// MARK: - Vector environments

/// The most environments one vector holds.
private let maxEnvironments: Int64 = 1 << 24

@c public func gb_vec_new(_ g: UInt64, _ n: Int64, _ seed: UInt64, _ threads: Int32,
                          _ out: UnsafeMutablePointer<UInt64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try game(g)
        guard (1...maxEnvironments).contains(n) else { throw .argument("environment count \(n) is not in 1...\(maxEnvironments)") }
        let workers = try workerCount(threads)
        try hand(.vector(try box.newVector(count: Int(n), seed: seed, threads: workers)), to: out)
    }
}

@c public func gb_vec_reset(_ v: UInt64, _ observations: UnsafeMutablePointer<Float>?, _ masks: UnsafeMutablePointer<UInt8>?,
                            _ players: UnsafeMutablePointer<Int32>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        try vector(v).reset(VectorOutputs(observations: observations, masks: masks, players: players))
    }
}

@c public func gb_vec_step(_ v: UInt64, _ actions: UnsafePointer<Int64>?, _ observations: UnsafeMutablePointer<Float>?,
                           _ rewards: UnsafeMutablePointer<Float>?, _ terminals: UnsafeMutablePointer<UInt8>?,
                           _ masks: UnsafeMutablePointer<UInt8>?, _ players: UnsafeMutablePointer<Int32>?,
                           _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try vector(v)
        guard let actions else { throw .argument("actions is NULL") }
        try box.step(actions, VectorOutputs(observations: observations, rewards: rewards, terminals: terminals,
                                            masks: masks, players: players))
    }
}

@c public func gb_vec_random_actions(_ v: UInt64, _ seed: UInt64, _ actions: UnsafeMutablePointer<Int64>?,
                                     _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try vector(v)
        try box.randomActions(seed: seed, into: try required(actions, "actions"))
    }
}

@c public func gb_vec_state(_ v: UInt64, _ index: Int64, _ out: UnsafeMutablePointer<UInt64>?,
                            _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try vector(v)
        guard (0..<Int64(box.count)).contains(index) else { throw .argument("environment \(index) is not in 0..<\(box.count)") }
        try hand(.state(box.state(at: Int(index))), to: out)
    }
}

// MARK: - Agents

@c public func gb_agent_new(_ g: UInt64, _ spec: UnsafePointer<CChar>?, _ seed: UInt64,
                            _ out: UnsafeMutablePointer<UInt64>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let box = try game(g)
        try hand(.agent(try box.newAgent(spec: try string(spec, "spec"), seed: seed)), to: out)
    }
}

/// The budget of a `gb_budget *` (NULL or all zero: `nil`, the spec's own).
private func budget(_ raw: UnsafeRawPointer?) throws(Failure) -> SearchBudget? {
    guard let raw else { return nil }
    let depth = raw.load(fromByteOffset: 0, as: Int64.self), nodes = raw.load(fromByteOffset: 8, as: Int64.self)
    let playouts = raw.load(fromByteOffset: 16, as: Int64.self), seconds = raw.load(fromByteOffset: 24, as: Double.self)
    guard depth >= 0, nodes >= 0, playouts >= 0, seconds >= 0, seconds.isFinite else {
        throw .argument("budget fields must be finite and not negative (depth \(depth), nodes \(nodes), playouts \(playouts), seconds \(seconds))")
    }
    guard depth > 0 || nodes > 0 || playouts > 0 || seconds > 0 else { return nil }
    return SearchBudget(depth: depth > 0 ? Int(depth) : nil, nodes: nodes > 0 ? Int(nodes) : nil,
                        playouts: playouts > 0 ? Int(playouts) : nil, seconds: seconds > 0 ? seconds : nil)
}

@c public func gb_agent_step(_ a: UInt64, _ s: UInt64, _ budgetPointer: UnsafeRawPointer?,
                             _ result: UnsafeMutableRawPointer?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    call(err) { () throws(Failure) in
        let agentBox = try agent(a), stateBox = try state(s)
        guard let result else { throw .argument("result is NULL") }
        let (action, r) = try agentBox.step(stateBox, budget: try budget(budgetPointer))
        result.storeBytes(of: action, toByteOffset: 0, as: Int64.self)
        result.storeBytes(of: r.value ?? .nan, toByteOffset: 8, as: Double.self)
        result.storeBytes(of: Int64(r.nodes), toByteOffset: 16, as: Int64.self)
        result.storeBytes(of: Int64(r.depth), toByteOffset: 24, as: Int64.self)
        result.storeBytes(of: Int64(r.playouts), toByteOffset: 32, as: Int64.self)
        result.storeBytes(of: r.seconds, toByteOffset: 40, as: Double.self)
    }
}
