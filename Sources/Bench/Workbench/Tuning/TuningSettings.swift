import Boards
import Foundation
import Search

/// One weight being tuned: where it starts, the values it may take, and the
/// perturbation size and learning rate it should have at the end of the run.
public struct TuningParameter: Codable, Equatable, Sendable {
    /// The weight's name without `w.` (e.g. `mobility`).
    public var name: String
    /// Its value in the baseline agent (the evaluation's default or the spec's override).
    public var start: Double
    /// The bounds every probe and every step is clamped to.
    public var lower, upper: Double
    /// c_end: the perturbation ±cₖ at the last iteration.
    public var cEnd: Double
    /// r_end: the learning rate a_end / c_end² at the last iteration.
    public var rEnd: Double

    public init(name: String, start: Double, lower: Double, upper: Double, cEnd: Double, rEnd: Double) {
        self.name = name
        self.start = start
        self.lower = lower
        self.upper = upper
        self.cEnd = cEnd
        self.rEnd = rEnd
    }

    /// `[lower, upper]`.
    public var bounds: ClosedRange<Double> { lower...upper }

    /// The default c_end: a tenth of the start value's magnitude, 1 for a weight at 0.
    public static func defaultCEnd(start: Double) -> Double { start == 0 ? 1 : abs(start) / 10 }

    /// The values c_end and r_end may take.
    public static let gainRange: ClosedRange<Double> = 0.000_001...1_000_000

    /// The default r_end (fishtest's).
    public static let defaultREnd = 0.002

    /// The default bounds: ±(4·|start| + 10·c_end), which is ±5·|start| with the
    /// default c_end (±10 for a weight at 0), room for the sign to change; within
    /// the values a weight may take.
    public static func defaultBounds(start: Double, cEnd: Double) -> ClosedRange<Double> {
        let r = min(4 * abs(start) + 10 * cEnd, HeuristicWeights.valueRange.upperBound)
        return -r...r
    }

    /// `value` as the tuned spec writes it: rounded to a multiple of a power of ten
    /// at most c_end / 100 (c_end 10: one decimal; 0.2: three), trailing zeros
    /// dropped; the exact value if rounding would leave the bounds.
    public func rounded(_ value: Double) -> String {
        let places = min(12, max(0, 2 - Int(floor(log10(cEnd)))))
        var text = Format.fixed(value, places)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if let v = Double(text), bounds.contains(v) { return text }
        return "\(value)"
    }
}

/// The counts a tuning run may have (the command line's ranges are these).
public enum TuningRanges {
    public static let iterations = 1...1_000_000
    /// Game pairs (two-player) and deals (puzzles) per iteration, and for the verification.
    public static let pairs = 1...10_000, deals = 1...100_000
    public static let verificationPairs = 0...1_000_000, verificationDeals = 0...10_000_000
}

/// What a tuning run plays: two-player games (θ+ and θ− play colour-swapped pairs
/// from one opening) or puzzles (both play the same deals).
public enum TuningKind: String, Codable, Sendable { case twoPlayer = "two-player", puzzle }

/// Everything that fixes a tuning run (saved as `tune.json`, compared on `--resume`):
/// the game and its rules, the baseline agent, the tuned weights with their bounds
/// and gains, the SPSA schedule, the games per iteration, the seed and the
/// verification match. The thread count is not part of it: it does not change the
/// result.
public struct TuningSettings<Rules: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public typealias Kind = TuningKind

    /// The `tune.json` format this code writes.
    public static var currentFormat: Int { 1 }

    public var format: Int
    /// The game's registry name.
    public var game: String
    public var kind: Kind
    /// The game's rules (ply limit, variants).
    public var rules: Rules
    /// The baseline agent's spec: what is tuned, and what the tuned agent is verified against.
    public var agent: String
    /// The tuned weights, in the evaluation's order.
    public var parameters: [TuningParameter]
    /// N, the number of iterations.
    public var iterations: Int
    /// The schedule's A, α and γ (fishtest's: 0.1 · N, 0.602, 0.101).
    public var A, alpha, gamma: Double
    /// Per iteration: game pairs (two-player) or deals (puzzle).
    public var batch: Int
    /// Random plies before the agents take over (two-player; 0 for puzzles).
    public var openingPlies: Int
    /// The seed every other seed derives from.
    public var seed: UInt64
    /// The verification match: game pairs (two-player) or deals (puzzle); 0 for none.
    public var verification: Int
    /// The command line that started the run (shown in summary.md); not compared.
    public var command: String
    /// `true` when the tuned values are an external agent's options (named bare,
    /// `greed`) rather than weights (`w.mobility`); absent from the files of a weight run.
    public var options: Bool?
    /// The fixed pool the probes play (`bench tune --opponents`, two-player games):
    /// each iteration θ+ and θ− each play every opponent on the same openings and
    /// seeds, and the result is the paired difference of their scores. Absent (`nil`):
    /// self-play, θ+ against θ− (every file written before the option).
    public var opponents: [String]?
    /// What ``agent`` and each of ``opponents`` meant when the run started, every
    /// setting explicit (``AgentSpec/resolved``), and the workbench version that
    /// started it: written by ``Tuner/run(in:resume:threads:observer:)``, absent from
    /// the files of earlier versions. Not compared by `==`: `--resume` compares them
    /// itself, to say which parameter changed.
    public var resolvedAgent: String?
    public var resolvedOpponents: [String]?
    public var version: String?

    /// How a tuned value is named in specs and tables: `w.mobility`, or an option's bare name.
    public func label(_ name: String) -> String { options == true ? name : "w." + name }

    /// Settings from their parts, unchecked (``init(game:rules:agent:parameters:iterations:batch:openingPlies:seed:verification:cEnd:rEnd:bounds:opponents:command:)``
    /// checks them and fills in the defaults).
    public init(game: String, kind: Kind, rules: Rules, agent: String, parameters: [TuningParameter], iterations: Int,
                batch: Int, openingPlies: Int, seed: UInt64, verification: Int, command: String = "") {
        format = Self.currentFormat
        self.game = game
        self.kind = kind
        self.rules = rules
        self.agent = agent
        self.parameters = parameters
        self.iterations = iterations
        let schedule = SPSASchedule(iterations: iterations)
        A = schedule.A
        alpha = schedule.alpha
        gamma = schedule.gamma
        self.batch = batch
        self.openingPlies = openingPlies
        self.seed = seed
        self.verification = verification
        self.command = command
    }

    public static func == (x: TuningSettings, y: TuningSettings) -> Bool {
        x.format == y.format && x.game == y.game && x.kind == y.kind && x.rules == y.rules && x.agent == y.agent
            && x.parameters == y.parameters && x.iterations == y.iterations && x.A == y.A && x.alpha == y.alpha
            && x.gamma == y.gamma && x.batch == y.batch && x.openingPlies == y.openingPlies && x.seed == y.seed
            && x.verification == y.verification && x.options == y.options && x.opponents == y.opponents
    }

    /// The SPSA schedule.
    public var schedule: SPSASchedule { SPSASchedule(iterations: iterations, A: A, alpha: alpha, gamma: gamma) }

    /// Each parameter's gains, in order.
    public var gains: [SPSAGains] { parameters.map { schedule.gains(cEnd: $0.cEnd, rEnd: $0.rEnd) } }

    /// The bounds of each parameter, in order.
    public var bounds: [ClosedRange<Double>] { parameters.map(\.bounds) }

    /// The start values, in order: θ before iteration 0.
    public var start: [Double] { parameters.map(\.start) }

    /// Games per iteration for each probe's scores: 2 per pair (two-player; against
    /// a pool, 2 per pair and opponent, played by θ+ and again by θ−) or 1 per deal.
    public var gamesPerIteration: Int { kind == .twoPlayer ? 2 * batch * max(1, opponents?.count ?? 1) : batch }

    /// The seed for `purpose` and index `k`, derived from ``seed`` as tournaments derive theirs.
    public func derivedSeed(_ purpose: SeedPurpose, _ k: Int) -> UInt64 { purpose.seed(from: seed, k) }

    /// `baseline` with the tuned values at `theta`: each exact, or `rounded` as the
    /// tuned spec is written (``TuningParameter/rounded(_:)``), set on the spec's
    /// values (an earlier setting of a tuned value is replaced, the rest kept). A kind
    /// with weights has its weights tuned; one without (an external agent), its
    /// numeric options, whole numbers rounded to the nearest.
    public func spec(baseline: AgentSpec, theta: [Double], rounded: Bool) throws(WorkbenchError) -> AgentSpec {
        do {
            guard baseline.kindDescription.hasWeights else {
                let values = zip(parameters, theta).map { p, x -> (name: String, text: String) in
                    if case .integer = baseline.kindDescription.parameters.named(p.name)?.kind {
                        return (p.name, String(Int(x.rounded())))
                    }
                    return (p.name, rounded ? p.rounded(x) : "\(x)")
                }
                return try baseline.settingParameters(values)
            }
            let values = zip(parameters, theta).map { p, x -> (name: String, value: Double, text: String?) in
                guard rounded else { return (p.name, x, nil) }
                let text = p.rounded(x)
                return (p.name, NumberText.real(text) ?? x, text)
            }
            return try baseline.settingWeights(values)
        } catch { throw WorkbenchError.usage(error.message).prefixed("agent '\(baseline.text)'") }
    }
}

extension TuningSettings {
    /// The settings of a run of `G`, checked, with defaults for what is not given:
    /// every weight of the agent's evaluation, c_end a tenth of each start value
    /// (1 at 0), r_end 0.002, bounds ±(4·|start| + 10·c_end). Throws a usage error
    /// naming the first problem: a bad spec or an agent without weights, an unknown
    /// or repeated weight, a count out of range, a non-positive c_end or r_end, bounds
    /// that are empty, outside ±10⁶ or not around the start value.
    public init<G: WorkbenchGame>(
        game: G.Type, rules: Rules, agent text: String, parameters names: [String]? = nil, iterations: Int,
        batch: Int, openingPlies: Int = 4, seed: UInt64 = 1, verification: Int = 0,
        cEnd: PerWeight<Double> = PerWeight(label: "c_end"), rEnd: PerWeight<Double> = PerWeight(label: "r_end"),
        bounds: PerWeight<ClosedRange<Double>> = PerWeight(label: "bounds"), opponents: [String]? = nil, command: String = ""
    ) throws(WorkbenchError) where G.Rules == Rules {
        let agent: AgentSpec
        do { agent = try G.parseAgent(text) } catch { throw .usage(error.message) }
        try self.init(game: G.self, rules: rules, agent: agent, parameters: names, iterations: iterations, batch: batch,
                      openingPlies: openingPlies, seed: seed, verification: verification, cEnd: cEnd, rEnd: rEnd,
                      bounds: bounds, opponents: opponents, command: command)
    }

    /// The settings of a run tuning `agent` (a spec of any catalog of `G`'s, your own
    /// kinds included), checked, with defaults as above.
    public init<G: WorkbenchGame>(
        game: G.Type, rules: Rules, agent spec: AgentSpec, parameters listed: [String]? = nil, iterations: Int,
        batch: Int, openingPlies: Int = 4, seed: UInt64 = 1, verification: Int = 0,
        cEnd: PerWeight<Double> = PerWeight(label: "c_end"), rEnd: PerWeight<Double> = PerWeight(label: "r_end"),
        bounds: PerWeight<ClosedRange<Double>> = PerWeight(label: "bounds"), opponents: [String]? = nil, command: String = ""
    ) throws(WorkbenchError) where G.Rules == Rules {
        let agent = spec.text
        if let opponents {
            guard G.players == 2 else { throw .usage("a puzzle has no opponents (two-player games only)", field: "opponents") }
            guard !opponents.isEmpty else { throw .usage("needs at least one agent spec", field: "opponents") }
            for (i, o) in opponents.enumerated() where opponents[..<i].contains(o) {
                throw .usage("opponent '\(o)' is listed twice")
            }
        }
        // A kind without weights (an external agent) has its numeric options tuned:
        // starts from the spec, bounds the declared range, c_end a twentieth of it.
        let options = spec.kindDescription.hasWeights ? [] : spec.kindDescription.parameters.filter { p in
            switch p.kind { case .integer, .real: return p.role == .setting; default: return false }
        }
        // A learned evaluation (eval=FILE) has no hand-made weights: the tuner would
        // set w. values the spec refuses beside it.
        if options.isEmpty, let file = spec.given("eval") {
            throw .usage("agent '\(agent)' plays a learned evaluation (eval=\(file)): it has no hand-made weights to tune")
        }
        let weights = spec.evaluationWeights
        let names = options.isEmpty ? weights.names : options.map(\.name)
        let startValue = { (name: String) -> Double in options.isEmpty ? weights[name] : spec.double(name) ?? 0 }
        let prefix = options.isEmpty ? "w." : ""
        guard !names.isEmpty else {
            throw .usage("agent '\(agent)' has no weights or numeric options to tune")
        }
        let valid = names.map { prefix + $0 }.joined(separator: ", ")
        var tuned: [String] = []
        for raw in listed ?? names {
            let name = raw.hasPrefix("w.") && options.isEmpty ? String(raw.dropFirst(2)) : raw
            guard names.contains(name) else {
                throw .usage("unknown \(options.isEmpty ? "weight" : "option") '\(prefix)\(name)' for agent '\(agent)' (valid: \(valid))")
            }
            guard !tuned.contains(name) else { throw .usage("'\(prefix)\(name)' is listed twice") }
            tuned.append(name)
        }
        guard !tuned.isEmpty else { throw .usage("no weights to tune (valid: \(valid))") }
        // Tuned in the evaluation's order, whatever order they were listed in.
        tuned = names.filter { tuned.contains($0) }
        for (what, value, range) in [("the number of iterations", iterations, TuningRanges.iterations),
                                     ("the games per iteration", batch, 1...1_000_000), ("opening plies", openingPlies, 0...200),
                                     ("the verification games", verification, 0...10_000_000)] where !range.contains(value) {
            throw .usage("\(what) must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
        }
        try cEnd.check(tuned: tuned)
        try rEnd.check(tuned: tuned)
        try bounds.check(tuned: tuned)
        let limit = HeuristicWeights.valueRange
        var parameters: [TuningParameter] = []
        for name in tuned {
            let start = startValue(name)
            // An option's declared range, and the smallest perturbation that moves it.
            var declared: ClosedRange<Double>? = nil, smallest = 1e-6
            switch options.first(where: { $0.name == name })?.kind {
            case .integer(let r): declared = Double(r.lowerBound)...Double(r.upperBound); smallest = 1
            case .real(let r): declared = r
            default: break
            }
            // An option whose declared range reaches past the weights' limit (Balls!'s
            // search: sims up to 10^8) is tuned as a weight is, within its declared range.
            let fits = declared.map { limit.contains($0.lowerBound) && limit.contains($0.upperBound) } ?? false
            if !fits, let d = declared, d.overlaps(limit) { declared = d.clamped(to: limit) }
            let c = cEnd.value(for: name) ?? (fits ? declared.map { max(($0.upperBound - $0.lowerBound) / 20, smallest) } : nil)
                ?? max(TuningParameter.defaultCEnd(start: start), smallest)
            let r = rEnd.value(for: name) ?? TuningParameter.defaultREnd
            // Bounded away from 0, so that no gain or step of the schedule is infinite
            // or zero (a c_end of 5e-324 made the first step infinite).
            for (label, gain) in [(cEnd.label, c), (rEnd.label, r)] where !TuningParameter.gainRange.contains(gain) {
                throw .usage("\(label) of \(prefix)\(name) must be a number in 1e-06...1000000, got \(TuningReport.g(gain))")
            }
            let range = bounds.value(for: name) ?? (fits ? declared : nil) ?? {
                let wide = TuningParameter.defaultBounds(start: start, cEnd: c)
                guard let d = declared, d.overlaps(wide) else { return wide }
                return d.clamped(to: wide)
            }()
            guard range.lowerBound.isFinite, range.upperBound.isFinite, range.lowerBound < range.upperBound,
                  limit.contains(range.lowerBound), limit.contains(range.upperBound) else {
                throw .usage("\(bounds.label) of \(prefix)\(name) must be LOW:HIGH with LOW < HIGH within -1000000...1000000, got \(TuningReport.g(range.lowerBound)):\(TuningReport.g(range.upperBound))")
            }
            guard range.contains(start) else {
                throw .usage("\(prefix)\(name) starts at \(TuningReport.g(start)), outside its \(bounds.label) \(TuningReport.g(range.lowerBound)):\(TuningReport.g(range.upperBound))")
            }
            parameters.append(TuningParameter(name: name, start: start, lower: range.lowerBound, upper: range.upperBound,
                                              cEnd: c, rEnd: r))
        }
        let kind: Kind = G.players == 1 ? .puzzle : .twoPlayer
        self.init(game: G.name, kind: kind, rules: rules, agent: agent, parameters: parameters, iterations: iterations,
                  batch: batch, openingPlies: kind == .puzzle ? 0 : openingPlies, seed: seed, verification: verification,
                  command: command)
        self.options = options.isEmpty ? nil : true
        self.opponents = opponents
    }
}

/// A value given per tuned weight: one value for all (`0.5`), or values by name
/// (`w.mobility=0.5,w.edge=0.1`) with the others left at their defaults.
public struct PerWeight<Value: Sendable>: Sendable {
    /// The option's name in messages (`--c-end`).
    public var label: String
    /// The value for every weight not named.
    public var all: Value?
    /// Values by weight name (without `w.`).
    public var named: [(name: String, value: Value)]

    public init(label: String, all: Value? = nil, named: [(name: String, value: Value)] = []) {
        self.label = label
        self.all = all
        self.named = named
    }

    /// The value for weight `name`, if one was given.
    public func value(for name: String) -> Value? { named.first { $0.name == name }?.value ?? all }

    /// Throws a usage error for a name that is not among `tuned`.
    func check(tuned: [String]) throws(WorkbenchError) {
        for (name, _) in named where !tuned.contains(name) {
            throw .usage("\(label) names w.\(name), which is not tuned (tuned: \(tuned.map { "w." + $0 }.joined(separator: ", ")))")
        }
    }

    /// Parses `VALUE` or `w.NAME=VALUE,w.NAME=VALUE`, each value read by `read`
    /// (nil: not a valid value, reported with `expected`). Items are taken as written,
    /// blanks included, so ` 5` is refused here as by every other number option.
    public static func parse(_ text: String, label: String, expected: String,
                             _ read: (String) -> Value?) throws(WorkbenchError) -> PerWeight {
        var result = PerWeight(label: label)
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if items.count == 1, !items[0].contains("=") {
            guard let v = read(items[0]) else { throw .usage("\(label) needs \(expected), got '\(items[0])'") }
            result.all = v
            return result
        }
        for item in items {
            let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            // Weights are named `w.NAME`, an external agent's options by their bare names.
            guard kv.count == 2, !kv[0].isEmpty, kv[0] != "w.", !kv[0].contains(where: \.isWhitespace) else {
                throw .usage("\(label) needs \(expected) for all weights, or w.NAME=VALUE items separated by commas; got '\(item)'")
            }
            let name = kv[0].hasPrefix("w.") ? String(kv[0].dropFirst(2)) : kv[0]
            guard !result.named.contains(where: { $0.name == name }) else { throw .usage("\(label) names w.\(name) twice") }
            guard let v = read(kv[1]) else { throw .usage("\(label) of w.\(name) needs \(expected), got '\(kv[1])'") }
            result.named.append((name, v))
        }
        return result
    }
}

extension PerWeight where Value == Double {
    /// Parses finite numbers in plain decimal (``NumberText/real(_:)``): `0.5` or
    /// `w.mobility=0.5,w.edge=0.1`.
    public static func numbers(_ text: String, label: String) throws(WorkbenchError) -> PerWeight {
        try parse(text, label: label, expected: "a finite number") { NumberText.real($0) }
    }
}

extension PerWeight where Value == ClosedRange<Double> {
    /// Parses bounds `LOW:HIGH` (finite, LOW < HIGH): `-10:10` or `w.captures=0:400,w.edge=-5:5`.
    public static func bounds(_ text: String, label: String) throws(WorkbenchError) -> PerWeight {
        try parse(text, label: label, expected: "LOW:HIGH (finite numbers, LOW < HIGH)") { item in
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let lo = NumberText.real(parts[0]), let hi = NumberText.real(parts[1]),
                  lo < hi else { return nil }
            return lo...hi
        }
    }
}
