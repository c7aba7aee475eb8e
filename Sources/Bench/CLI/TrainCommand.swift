import Foundation
import Search
import Workbench

/// `bench train`: TD learning of a game's learned evaluation (Coin Sorter's n-tuple
/// network, docs/learning.md), checkpointed and resumable.
enum TrainCommand: Subcommand {
    static let name = "train"
    static let table: [CommandOption] = [
        .game(offering: .training),
        .int("episodes", in: 1...1_000_000_000, default: 100_000, help: "total episodes (a resumed run plays the rest)"),
        .seed(help: "the seed every deal and tie-break derives from; training deal seeds are all >= 2^32"),
        .real("alpha", "A", in: CommandOption.span(GameRegistry.games(offering: .training).map { $0.learningRates }, else: 0...0),
              default: 0.1, help: "learning rate, above 0"),
        .int("batch", "B", in: 1...1000, shown: "1, online TD, with one thread; 20 with more", help: "episodes per group played with "
             + "frozen weights, their updates then applied in episode order; must divide 1000"),
        .threads(default: 1, help: "threads playing a group's episodes; the weights depend on the seed and the batch only, never on N"),
        .text("out", "DIR", required: true, help: "the run's folder"),
        .flag("symmetric", help: "store every tuple by its class under all the board's symmetries and renamings of the kinds "
              + "(combs too: a smaller network, layout 4); fixed at a run's start"),
        .real("init", "V", in: -1000...1000, default: 0, help: "optimistic initialisation: every board is worth V before training; "
              + "fixed at a run's start"),
        .int("stages", in: CommandOption.span(GameRegistry.games(offering: .training).map { $0.trainingStages }, else: 1...1),
             shown: "one per turns left", help: "weight sets by turns left: N − 1 turns left and more share the last "
             + "(1: one set for every turn); fixed at a run's start"),
        .flag("tc", help: "temporal coherence learning rates (Jaśkowski 2018): each weight's step scaled by |sum of its errors| / "
              + "sum of their magnitudes; fixed at a run's start"),
        .int("eval-every", in: 1000...1_000_000_000, shown: "none", help: "every N episodes (a multiple of 1000) play the greedy "
             + "policy on held-out deals, into DIR/heldout.csv"),
        .int("eval-games", in: 1...100_000, default: 500, help: "held-out deals per evaluation").needs("--eval-every"),
        .int("eval-seed", "S", in: 0...4_000_000_000, default: 6_000_000, help: "first held-out deal seed (below 2^32: never a training deal)")
            .needs("--eval-every"),
        .text("compare", "NAME=DIR,...", help: "train nothing: draw the held-out curves of these runs side by side into "
              + "--out (heldout-curves.svg and .csv)"),
        .flag("resume", help: "continue the run in DIR from its checkpoint; --seed and --batch, if given, must match the run's; "
              + "--alpha sets the rate from there on (a learning-rate schedule is a sequence of resumes)"),
    ]

    static let help = table.help(usage: ["bench train --game coin-sorter --out DIR [--episodes N] [--seed S] [--threads T] [options]"], about: """
        TD(0) learning of an n-tuple network from afterstates of self-play on seeded
        deals (docs/learning.md). Every 1,000 episodes the weights and the run's state
        are written to DIR/weights.bin (a checkpoint, by atomic rename) and the learning
        curve (mean score per 1,000 episodes) to DIR/curve.csv and DIR/curve.svg.
        Agents use the weights as greedy:eval=DIR/weights.bin, expectimax:eval=DIR/weights.bin.
        """, footer: "Ctrl-C loses at most the episodes since the last checkpoint.")

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do { try train(arguments) } catch { throw error.prefixed(name) }
    }

    static func train(_ arguments: [String]) throws(WorkbenchError) {
        let game = try GameRegistry.game(named: Options.gameName(in: arguments), offering: .training)
        let options = try parse(arguments)
        let out = try options.text("--out")
        if options.isGiven("--compare") {
            for option in table where options.isGiven(option.flag) && !["--game", "--out", "--compare"].contains(option.flag) {
                throw .usage("--compare trains nothing: \(option.flag) means nothing with it")
            }
            var runs: [(name: String, folder: URL)] = []
            for item in try options.text("--compare").split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw .usage("--compare takes NAME=DIR items separated by commas, got '\(item)'")
                }
                runs.append((String(parts[0]), URL(fileURLWithPath: String(parts[1]))))
            }
            guard !runs.isEmpty else { throw .usage("--compare needs at least one NAME=DIR") }
            try game.compareRuns(runs, out: URL(fileURLWithPath: out))
            print("held-out curves of \(runs.count) runs in \(out)/heldout-curves.svg and .csv")
            return
        }
        let seed = options.isGiven("--seed") ? try options.uint64("--seed") : nil
        let alpha = options.isGiven("--alpha") ? try options.real("--alpha") : nil
        let batch = options.isGiven("--batch") ? try options.int("--batch") : nil
        let method = TrainingMethod(symmetricTuples: options.has("--symmetric") ? true : nil,
                                    initialValue: options.isGiven("--init") ? try options.real("--init") : nil,
                                    coherence: options.has("--tc") ? true : nil,
                                    stages: options.isGiven("--stages") ? try options.int("--stages") : nil,
                                    evaluateEvery: options.isGiven("--eval-every") ? try options.int("--eval-every") : nil,
                                    evaluationGames: try options.int("--eval-games"), evaluationSeed: UInt64(try options.int("--eval-seed")))
        let started = Clock.now
        InterruptMessage.install(.training)
        let state = try game.train(folder: URL(fileURLWithPath: out), episodes: try options.int("--episodes"), threads: try options.int("--threads"),
                                   seed: seed, alpha: alpha, batch: batch, method: method, resume: options.has("--resume")) { point, seconds in
            let heldOut = point.heldOut.map { "; held-out \(Format.fixed($0, 3))" } ?? ""
            print("episodes \(point.episodes): mean score \(Format.fixed(point.meanScore, 3)) over the last \(point.count)\(heldOut) (\(Format.fixed(seconds, 1)) s)")
            fflush(nil)
        }
        print("trained \(state) in \(Format.fixed(Clock.now - started, 1)) s; weights in \(out)/\(game.trainedFileName)")
    }
}
