// A deliberately naive Balls!, written from docs/rules.md, Balls! alone and sharing no code
// with the engine: plain arrays of balls and explosions, every tick stepped one by one
// from tick 0 as the rules list its three steps, every ball against every explosion.
// The tests compare the engine's fast simulator with it.

/// A level of Balls! played literally.
struct BallsReference {
    struct Ball { var x, y, dx, dy: Int }
    struct Explosion { var x, y, r, g: Int }

    static let width = 320, height = 480
    static let levels: [(balls: Int, target: Int)] = [(4, 1), (4, 2), (8, 4), (15, 7), (25, 12), (30, 17), (30, 20),
                                                      (30, 25), (30, 28), (30, 30)]

    var level: Int
    var balls: [Ball] = []
    var explosions: [Explosion] = []
    var tick = 0
    var exploded = 0

    /// The deal: per ball x = next() % 320, y = next() % 480, colour = next() % 6.
    init(seed: UInt64, level: Int) {
        self.level = level
        var stream = ReferenceSplitMix64(seed: seed)
        for _ in 0..<Self.levels[level - 1].balls {
            let x = Int(stream.next() % 320)
            let y = Int(stream.next() % 480)
            _ = stream.next() % 6
            balls.append(Ball(x: x, y: y, dx: -1, dy: -1))
        }
    }

    /// The position text before the tap: level, tick, each ball `x,y,dx,dy`.
    var text: String {
        ([String(level), String(tick)] + balls.map { "\($0.x),\($0.y),\($0.dx),\($0.dy)" }).joined(separator: " ")
    }

    /// One tick: balls move, explosions change, balls explode.
    mutating func step() {
        tick += 1
        for i in balls.indices {
            balls[i].x += balls[i].dx
            balls[i].y += balls[i].dy
            if balls[i].x < 0 { balls[i].dx = 1 } else if balls[i].x >= Self.width { balls[i].dx = -1 }
            if balls[i].y < 0 { balls[i].dy = 1 } else if balls[i].y >= Self.height { balls[i].dy = -1 }
        }
        var kept: [Explosion] = []
        for var e in explosions {
            e.r += e.g
            if e.g == 1 && e.r > 60 { e.g = -1 }
            if e.r > 0 { kept.append(e) }
        }
        explosions = kept
        var staying: [Ball] = []
        var born: [Explosion] = []
        for b in balls {
            var hit = false
            for e in explosions {
                let dx = b.x - e.x, dy = b.y - e.y
                if dx * dx + dy * dy < (e.r + 4) * (e.r + 4) { hit = true }
            }
            if hit {
                born.append(Explosion(x: b.x, y: b.y, r: 4, g: 1))
                exploded += 1
            } else {
                staying.append(b)
            }
        }
        balls = staying
        explosions += born
    }

    /// Taps after `t` ticks at (x, y) and runs the level to its end: the score, the tick
    /// after which the level ended, whether it passed.
    mutating func tap(t: Int, x: Int, y: Int) -> (score: Int, ticks: Int, passed: Bool) {
        while tick < t { step() }
        explosions.append(Explosion(x: x, y: y, r: 1, g: 1))
        while !explosions.isEmpty { step() }
        return (exploded, tick, exploded >= Self.levels[level - 1].target)
    }

    /// The text of the level once over: the balls left at the end tick, then `over`.
    var overText: String { text + " over" }
}
