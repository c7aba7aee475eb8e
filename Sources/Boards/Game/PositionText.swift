/// The parts of position text the goat-and-tiger games share (docs/formats.md): the
/// blank-separated fields, the board as ranks from the top separated by `/` with
/// `G`, `T` and digit runs of empty cells, and the side to move `g` or `t`.
enum PositionText {
    /// The text of a `size`×`size` board (the writer's half of ``pieces(_:size:cell:)``),
    /// then `tail` (the side to move and the counts). Written as bytes: replays and the
    /// report page write one a ply, hundreds of thousands a report.
    static func text(size: Int, goats: UInt64, tigers: UInt64, tail: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size * (size + 1) + tail.utf8.count)
        for rank in stride(from: size - 1, through: 0, by: -1) {
            var run: UInt8 = 0
            for file in 0..<size {
                let b: UInt64 = 1 &<< UInt64(rank * size + file)
                let piece = goats & b != 0 ? UInt8(ascii: "G") : tigers & b != 0 ? UInt8(ascii: "T") : 0
                if piece == 0 { run += 1; continue }
                if run > 0 { bytes.append(UInt8(ascii: "0") + run); run = 0 }
                bytes.append(piece)
            }
            if run > 0 { bytes.append(UInt8(ascii: "0") + run) }
            if rank > 0 { bytes.append(UInt8(ascii: "/")) }
        }
        bytes.append(contentsOf: tail.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The fields of `text`, split on blanks; the first is the board.
    static func fields(_ text: String) throws(ParseError) -> [Substring] {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard !fields.isEmpty else { throw ParseError("empty position text") }
        return fields
    }

    /// The goats and tigers of a `size`×`size` board field, as masks with bit
    /// `rank * size + file`; `cell` names a cell in messages ("squares", "points").
    static func pieces(_ board: Substring, size: Int, cell: String) throws(ParseError) -> (goats: UInt64, tigers: UInt64) {
        let ranks = board.split(separator: "/", omittingEmptySubsequences: false)
        guard ranks.count == size else {
            throw ParseError("position has \(ranks.count) ranks, expected \(size) separated by '/'")
        }
        var goats: UInt64 = 0, tigers: UInt64 = 0
        for (i, rankText) in ranks.enumerated() {
            let rank = size - 1 - i
            var file = 0
            for ch in rankText {
                if ch.isASCII, let run = ch.wholeNumberValue, (1...size).contains(run) {
                    file += run
                } else if ch == "G" || ch == "T" {
                    if file < size {
                        let b: UInt64 = 1 &<< UInt64(rank * size + file)
                        if ch == "G" { goats |= b } else { tigers |= b }
                    }
                    file += 1
                } else {
                    throw ParseError("unknown character '\(ch)' in rank \(rank + 1): expected G, T or a digit 1-\(size)")
                }
            }
            guard file == size else {
                throw ParseError("rank \(rank + 1) ('\(rankText)') has \(file) \(cell), expected \(size)")
            }
        }
        return (goats, tigers)
    }

    /// The side to move, the second field.
    static func sideToMove(_ fields: [Substring]) throws(ParseError) -> Player {
        guard fields.count >= 2 else { throw ParseError("missing side to move (g or t) after the board") }
        switch fields[1] {
        case "g": return .first
        case "t": return .second
        default: throw ParseError("unknown side to move '\(fields[1])': expected g or t")
        }
    }
}
