import Boards
import Foundation

/// The gain schedules of SPSA (simultaneous perturbation stochastic approximation)
/// as fishtest sets them: iteration `k` (from 0 to N − 1) perturbs each parameter by
/// ±cₖ and steps it by aₖ times the gradient estimate, with
///
///     cₖ = c / (k + 1)^γ,        aₖ = a / (A + k + 1)^α,
///
/// α = 0.602, γ = 0.101 (Spall's recommended exponents) and A = 0.1 · N. The
/// constants come from the values wanted at the last iteration (``gains(cEnd:rEnd:)``).
public struct SPSASchedule: Codable, Equatable, Sendable {
    /// N, the number of iterations.
    public var iterations: Int
    /// The stability constant A (fishtest: a tenth of the iterations).
    public var A: Double
    /// The exponent α of the step sizes aₖ.
    public var alpha: Double
    /// The exponent γ of the perturbation sizes cₖ.
    public var gamma: Double

    /// The schedule of `iterations` iterations; A defaults to 0.1 · N.
    public init(iterations: Int, A: Double? = nil, alpha: Double = 0.602, gamma: Double = 0.101) {
        self.iterations = iterations
        self.A = A ?? 0.1 * Double(iterations)
        self.alpha = alpha
        self.gamma = gamma
    }

    /// One parameter's gains from its end values, as fishtest computes them:
    /// c = c_end · N^γ (so c_{N−1} = c_end), a_end = r_end · c_end²,
    /// a = a_end · (A + N)^α (so a_{N−1} = a_end).
    public func gains(cEnd: Double, rEnd: Double) -> SPSAGains {
        let n = Double(iterations)
        let aEnd = rEnd * cEnd * cEnd
        return SPSAGains(c: cEnd * pow(n, gamma), a: aEnd * pow(A + n, alpha), schedule: self)
    }
}

/// One parameter's SPSA gain sequences: the constants c and a of its schedule.
public struct SPSAGains: Equatable, Sendable {
    /// The perturbation constant c.
    public let c: Double
    /// The step constant a.
    public let a: Double
    /// The schedule the constants belong to (A, α, γ).
    public let schedule: SPSASchedule

    /// The perturbation size of iteration `k`: cₖ = c / (k + 1)^γ.
    public func c(at k: Int) -> Double { c / pow(Double(k + 1), schedule.gamma) }

    /// The step size of iteration `k`: aₖ = a / (A + k + 1)^α.
    public func a(at k: Int) -> Double { a / pow(schedule.A + Double(k + 1), schedule.alpha) }

    /// How far the parameter moves over the whole run per unit of result:
    /// Σₖ aₖ / (2cₖ), the total move if every iteration's result were +1.
    public var movePerUnitResult: Double {
        (0..<schedule.iterations).reduce(0) { $0 + a(at: $1) / (2 * c(at: $1)) }
    }
}

/// The arithmetic of one SPSA iteration: the random perturbation and the step.
public enum SPSA {
    /// The Rademacher vector Δ of an iteration: `count` signs, each +1 or −1 with
    /// equal probability, from the SplitMix64 stream of `seed` (the top bit of each
    /// output: 0 is +1, 1 is −1).
    public static func perturbation(seed: UInt64, count: Int) -> [Int] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in rng.next() >> 63 == 0 ? 1 : -1 }
    }

    /// `x` clamped to `bounds`.
    public static func clamp(_ x: Double, to bounds: ClosedRange<Double>) -> Double {
        min(max(x, bounds.lowerBound), bounds.upperBound)
    }

    /// The points played: θ ± c·Δ for each parameter, clamped to its bounds.
    public static func probes(theta: [Double], delta: [Int], c: [Double],
                              bounds: [ClosedRange<Double>]) -> (plus: [Double], minus: [Double]) {
        let plus = theta.indices.map { clamp(theta[$0] + c[$0] * Double(delta[$0]), to: bounds[$0]) }
        let minus = theta.indices.map { clamp(theta[$0] - c[$0] * Double(delta[$0]), to: bounds[$0]) }
        return (plus, minus)
    }

    /// The step of an iteration that measured `result` (θ+'s score minus θ−'s):
    /// the gradient estimate gᵢ = result / (2 cᵢ Δᵢ) and the new point
    /// θᵢ + aᵢ · gᵢ (maximising), clamped to its bounds.
    public static func step(theta: [Double], delta: [Int], c: [Double], a: [Double], result: Double,
                            bounds: [ClosedRange<Double>]) -> (gradient: [Double], theta: [Double]) {
        // + 0 turns a −0 (a zero result over a negative Δ) into 0.
        let gradient = theta.indices.map { result / (2 * c[$0] * Double(delta[$0])) + 0 }
        let after = theta.indices.map { clamp(theta[$0] + a[$0] * gradient[$0], to: bounds[$0]) }
        return (gradient, after)
    }
}
