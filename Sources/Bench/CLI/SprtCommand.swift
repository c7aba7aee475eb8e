import Boards
import Foundation
import Workbench

/// `bench sprt`: the SPRT of a match given by its pentanomial counts, without playing
/// it (to check a result, or to see how many pairs a test would need).
enum SprtCommand: Subcommand {
    static let name = "sprt"
    static let table: [CommandOption] = [
        .text("pentanomial", "C", required: true, help: "five whole counts, comma-separated (each 0...10^12)"),
        .real("elo0", "E0", in: SPRT.eloRange, required: true, help: "H0, normalised Elo"),
        .real("elo1", "E1", in: SPRT.eloRange, required: true, help: "H1, normalised Elo, above E0"),
        .real("alpha", "A", in: 0...SPRT.rates.upperBound, default: 0.05, help: "false-positive rate, at least 1e-9 and below 0.5"),
        .real("beta", "B", in: 0...SPRT.rates.upperBound, default: 0.05, help: "false-negative rate, at least 1e-9 and below 0.5"),
        .flag("json", help: "print one JSON object: llr, lower, upper, decision, pairs"),
    ]
    /// The largest count accepted: far beyond any real match, and small enough that the
    /// counts' sum and N · Σ p̂ ln(p₁/p₀) stay exact-ish in Double.
    static let maxCount = 1_000_000_000_000

    static let help = table.help(usage: ["bench sprt --pentanomial LL,LD,WL+DD,DW,WW --elo0 E0 --elo1 E1 [options]"], about: """
        The log-likelihood ratio of the normalised-Elo SPRT (fishtest's exact GSPRT,
        docs/statistics.md) for pentanomial counts: pairs scoring 0, ¼, ½, ¾ and 1
        for the first agent. Prints the LLR, the bounds and the decision.
        """)

    /// What `--json` prints.
    struct Result: Encodable {
        let llr, lower, upper: Double
        /// "H0", "H1" or "continue".
        let decision: String
        let pairs: Int
    }

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        let options = try parse(arguments)
        let counts = try parseCounts(try options.text("--pentanomial"))
        let elo0 = try options.real("--elo0"), elo1 = try options.real("--elo1")
        guard elo0 < elo1 else { throw .usage("sprt: --elo0 must be below --elo1 (got \(elo0) and \(elo1))") }
        let alpha = try options.real("--alpha"), beta = try options.real("--beta")
        for (option, rate) in [("--alpha", alpha), ("--beta", beta)] {
            if let problem = SPRT.rateProblem(rate) { throw .usage("sprt: \(option) \(problem)") }
        }

        let sprt = SPRT(elo0: elo0, elo1: elo1, alpha: alpha, beta: beta)
        let pairs = counts.reduce(0, +)
        let llr = SPRT.llr(counts: counts, elo0: elo0, elo1: elo1)
        let decision = sprt.decision(llr: llr).code
        if options.has("--json") {
            try Output.printJSON(Result(llr: llr, lower: sprt.lowerBound, upper: sprt.upperBound,
                                        decision: decision, pairs: pairs))
            return
        }
        let verdict = decision == "continue" ? "continue" : "\(decision) accepted"
        print("pentanomial \(counts.map(String.init).joined(separator: " ")) (\(pairs) pairs), "
            + "H0: nElo \(Format.number(elo0)), H1: nElo \(Format.number(elo1)), alpha \(Format.number(alpha)), beta \(Format.number(beta))")
        print("LLR \(Format.fixed(llr, 3)) in [\(Format.fixed(sprt.lowerBound, 3)), \(Format.fixed(sprt.upperBound, 3))]: \(verdict)")
    }

    /// Five whole counts, each in 0...10^12; anything else is a usage error naming it.
    static func parseCounts(_ text: String) throws(WorkbenchError) -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5 else {
            throw .usage("sprt: --pentanomial needs 5 comma-separated counts (LL,LD,WL+DD,DW,WW), got \(parts.count) in '\(text)'")
        }
        var counts: [Int] = []
        for part in parts {
            if part.hasPrefix("-"), NumberText.real(part) != nil {
                throw .usage("sprt: --pentanomial counts cannot be negative, got '\(part)'")
            }
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw .usage("sprt: --pentanomial counts must be whole numbers (plain decimal digits), got '\(part)'")
            }
            guard let n = NumberText.unsigned(part), n <= UInt64(maxCount) else {
                throw .usage("sprt: --pentanomial count '\(part)' is above 10^12")
            }
            counts.append(Int(n))
        }
        return counts
    }
}
