import Boards
import Foundation
let d = Int(CommandLine.arguments.dropFirst().first ?? "4") ?? 4
let p = TigersGoats()
for depth in 1...d {
  let t0 = Date()
  let n = Perft.count(p, depth: depth)
  let dt = Date().timeIntervalSince(t0)
  print(depth, n, dt, Double(n)/dt/1e6)
}
var lr = TigersGoats(rules: .init(longRangeCapture: true))
for depth in 1...4 { print("LR", depth, Perft.count(lr, depth: depth)) }
