/// The names of the squares (points, cells) of the boards here: a file letter from `a`
/// and a rank digit from `1`, e.g. `c3`; square `index` is file `index % width`, rank
/// `index / width + 1`. Each game's notation names its squares with these.
///
/// Names and moves are built from their bytes: at most 15 bytes make a String with no
/// allocation, and notation is written once a move in every game record (with string
/// interpolation it was a tenth of a cheap-agent tournament's time).
public enum SquareName {
    /// The name of square `index` on a board `width` files wide (at most 9 ranks).
    @inlinable
    public static func text(_ index: Int, width: Int) -> String {
        String(unsafeUninitializedCapacity: 2) { bytes in
            bytes[0] = UInt8(truncatingIfNeeded: 97 + index % width)
            bytes[1] = UInt8(truncatingIfNeeded: 49 + index / width)
            return 2
        }
    }

    /// `from`'s name, `separator` and `to`'s name, e.g. `b1-c2`.
    @inlinable
    public static func move(_ from: Int, _ separator: Unicode.Scalar, _ to: Int, width: Int) -> String {
        String(unsafeUninitializedCapacity: 5) { bytes in
            bytes[0] = UInt8(truncatingIfNeeded: 97 + from % width)
            bytes[1] = UInt8(truncatingIfNeeded: 49 + from / width)
            bytes[2] = UInt8(truncatingIfNeeded: separator.value)
            bytes[3] = UInt8(truncatingIfNeeded: 97 + to % width)
            bytes[4] = UInt8(truncatingIfNeeded: 49 + to / width)
            return 5
        }
    }

    /// The squares of a move written exactly `c3-c4` (`from`, `-` or `x`, `to`; `from`
    /// is `nil` for a lone square, `c3`) on a board `width` files wide and `height` ranks
    /// high, or `nil` for any other text. The fast path of a game's `parseMove`, which
    /// replays of records call for every move: the game still checks the move is legal,
    /// and text this refuses goes to its full parser, which says what is wrong.
    @inlinable
    public static func move(parsing text: String, width: Int, height: Int)
        -> (from: Int?, separator: UInt8, to: Int)? {
        var text = text
        return text.withUTF8 { u -> (from: Int?, separator: UInt8, to: Int)? in
            func square(_ i: Int) -> Int? {
                let file = Int(u[i]) &- 97, rank = Int(u[i &+ 1]) &- 49
                guard file >= 0, file < width, rank >= 0, rank < height else { return nil }
                return rank &* width &+ file
            }
            if u.count == 2 { return square(0).map { (nil, 0, $0) } }
            guard u.count == 5, u[2] == UInt8(ascii: "-") || u[2] == UInt8(ascii: "x"),
                  let from = square(0), let to = square(3) else { return nil }
            return (from, u[2], to)
        }
    }

    /// The square named `name` on a board `width` files wide and `height` ranks high,
    /// or `nil` for anything else.
    public static func index(of name: Substring, width: Int, height: Int) -> Int? {
        let u = name.utf8
        guard u.count == 2 else { return nil }
        let file = Int(u.first!) - 97, rank = Int(u[u.index(after: u.startIndex)]) - 49
        guard (0..<width).contains(file), (0..<height).contains(rank) else { return nil }
        return rank * width + file
    }
}
