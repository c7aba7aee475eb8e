import Foundation
import Search
import Workbench

/// `bench train`: TD learning of a game's learned evaluation (Coin Sorter's n-tuple
/// network, docs/learning.md), checkpointed and resumable.
enum TrainCommand {
    static let name = "train"
    static let declared: [String: Options.Kind] = [
        "--game": .value, "--episodes": .value, "--seed": .value, "--threads": .value, "--out": .value,
        "--alpha": .value, "--batch": .value, "--resume": .flag,
    ]

    static let help = """
        usage: bench train --game coin-sorter --out DIR [--episodes N] [--seed S] [--threads T] [options]

        TD(0) learning of an n-tuple network from afterstates of self-play on seeded
        deals (docs/learning.md). Every 1,000 episodes the weights and the run's state
        are written to DIR/weights.bin (a checkpoint, by atomic rename) and the learning
        curve (mean score per 1,000 episodes) to DIR/curve.csv and DIR/curve.svg.
        Agents use the weights as greedy:eval=DIR/weights.bin, expectimax:eval=DIR/weights.bin.
          --episodes N      total episodes (default 100000; a resumed run plays the rest)
          --seed S          the seed every deal and tie-break derives from (default 1);
                            training deal seeds are all >= 2^32
          --alpha A         learning rate in (0, 10] (default 0.1)
          --batch B         episodes per group played with frozen weights, their updates
                            then applied in episode order; must divide 1000 (default 1,
                            online TD, with one thread; 20 with more)
          --threads T       threads playing a group's episodes (default 1); the weights
                            depend on the seed and the batch only, never on T
          --out DIR         the run's folder (required)
          --resume          continue the run in DIR from its checkpoint; --seed and --batch,
                            if given, must match the run's; --alpha sets the rate from
                            there on (a learning-rate schedule is a sequence of resumes)
        Ctrl-C loses at most the episodes since the last checkpoint.
        """

    static func run(_ arguments: [String]) throws(WorkbenchError) {
        do { try train(arguments) } catch { throw error.prefixed(name) }
    }

    static func train(_ arguments: [String]) throws(WorkbenchError) {
        let game = try GameRegistry.game(named: Options.gameName(in: arguments), offering: .training)
        let options = try Options(command: Self.name, arguments: arguments, declared: Self.declared)
        let out = try options.required("--out")
        guard !out.isEmpty else { throw .usage("train: --out needs a folder name, got ''") }
        let episodes = try options.int("--episodes", default: 100_000, in: 1...1_000_000_000)
        let threads = try options.int("--threads", default: 1, in: 1...256)
        let seed = options.string("--seed") == nil ? nil : try options.uint64("--seed", default: 1)
        let alpha = options.string("--alpha") == nil ? nil : try options.real("--alpha", default: nil)
        let batch = options.string("--batch") == nil ? nil : try options.int("--batch", default: 1, in: 1...1000)
        let started = Clock.now
        let state = try game.train(folder: URL(fileURLWithPath: out), episodes: episodes, threads: threads, seed: seed, alpha: alpha,
                                   batch: batch, resume: options.has("--resume")) { point, seconds in
            print("episodes \(point.episodes): mean score \(Output.fixed(point.meanScore, 3)) over the last \(point.count) (\(Output.fixed(seconds, 1)) s)")
            fflush(nil)
        }
        print("trained \(state) in \(Output.fixed(Clock.now - started, 1)) s; weights in \(out)/\(game.trainedFileName)")
    }
}
