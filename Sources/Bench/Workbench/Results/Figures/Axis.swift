import Foundation

/// A linear axis whose ticks are round: multiples of 1, 2 or 5 times a power of ten,
/// the domain widened to the ticks just outside the data.
struct Axis {
    /// The domain (the first and last tick).
    var low, high: Double
    /// The distance between ticks: 1, 2 or 5 × 10^k.
    var step: Double
    /// How `step` was written as `multiple` × 10^`exponent`.
    var multiple, exponent: Int

    /// An axis covering `values` (non-finite ones ignored) with at most `target` + 2
    /// intervals between ticks (the smallest round step that allows it);
    /// `including` values (0, a bound) are covered too. With no spread, the axis spans
    /// one step either side of the value.
    init(covering values: [Double], including: [Double] = [], target: Int = 5) {
        let finite = (values + including).filter(\.isFinite)
        var lo = finite.min() ?? 0, hi = finite.max() ?? 1
        if hi - lo <= 0 {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad; hi += pad
        }
        // A spread below a billionth of the values is widened (tick counts stay integers).
        let magnitude = max(abs(lo), abs(hi))
        if hi - lo < magnitude * 1e-9 { lo -= magnitude * 1e-9; hi += magnitude * 1e-9 }
        // The smallest round step that spans the data in at most target + 2 intervals.
        let most = max(1, target) + 2
        var exponent = Int(log10((hi - lo) / Double(most)).rounded(.down)) - 1
        var multiple = 1
        func intervals(_ step: Double) -> Int {
            Int((hi / step - 1e-9).rounded(.up)) - Int((lo / step + 1e-9).rounded(.down))
        }
        search: while true {
            for m in [1, 2, 5] where intervals(Double(m) * pow(10, Double(exponent))) <= most {
                multiple = m
                break search
            }
            exponent += 1
        }
        let step = Double(multiple) * pow(10, Double(exponent))
        self.step = step
        self.multiple = multiple
        self.exponent = exponent
        let first = Int((lo / step + 1e-9).rounded(.down)), last = Int((hi / step - 1e-9).rounded(.up))
        low = 0; high = 0
        low = value(first)
        high = value(last)
    }

    /// k steps: k × multiple × 10^exponent, divided by an exact power of ten when the
    /// exponent is negative (so 299 × 0.1 is 29.9, not 29.900000000000002).
    func value(_ k: Int) -> Double {
        exponent >= 0 ? Double(k * multiple) * pow(10, Double(exponent)) : Double(k * multiple) / pow(10, Double(-exponent))
    }

    /// The ticks from `low` to `high`, each an integer times `step` (the domain may
    /// be widened past them, to fit a histogram's bars).
    var ticks: [Double] {
        let first = Int((low / step - 1e-9).rounded(.up)), last = Int((high / step + 1e-9).rounded(.down))
        return first <= last ? (first...last).map(value) : []
    }

    /// Decimals enough to write every tick exactly.
    var decimals: Int { max(0, -exponent) }

    /// A tick's label: its decimals, thousands grouped, a true minus sign, never "−0".
    func label(_ v: Double) -> String { Self.label(v, decimals: decimals) }

    static func label(_ v: Double, decimals: Int) -> String {
        var text = Format.fixed(v, decimals)
        var sign = ""
        if text.hasPrefix("-") { sign = "−"; text.removeFirst() }
        let parts = text.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        if whole.count > 3, let n = UInt64(whole) { whole = Format.grouped(n) }
        return sign + whole + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// The position of `v` on a span from `start` (at `low`) to `end` (at `high`).
    func map(_ v: Double, _ start: Double, _ end: Double) -> Double {
        start + (v - low) / (high - low) * (end - start)
    }
}

/// Labels that never get cut: a name that fits the space keeps it; a longer one is
/// replaced by a short name, the letter of its place in the list (A for the first
/// agent of the table, B for the second, …: the same letter in every figure of a
/// folder), and a legend line under the figure gives the full name, wrapped if it is
/// wider than the figure.
struct RowLabels {
    var labels: [String]
    /// (short name, full name) for the names replaced.
    var legend: [(short: String, full: String)]

    init(_ names: [String], width: Double, size: Double = SVG.fontSize) {
        labels = names
        legend = []
        for (i, name) in names.enumerated() where SVG.textWidth(name, size: size) > width {
            labels[i] = Self.code(i)
            legend.append((labels[i], name))
        }
    }

    /// A, B, …, Z, AA, AB, …
    static func code(_ i: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return i < 26 ? String(letters[i]) : code(i / 26 - 1) + String(letters[i % 26])
    }

    /// The legend's lines at `width` pixels: "A = full name", continued on indented lines.
    func lines(width: Double) -> [String] {
        legend.flatMap { entry in Text.wrap("\(entry.short) = \(entry.full)", width: width, indent: "    ") }
    }
}

enum Text {
    /// `text` broken into lines of at most `width` pixels, at spaces or commas where
    /// possible, else anywhere; continuation lines start with `indent`.
    static func wrap(_ text: String, width: Double, indent: String = "", size: Double = SVG.fontSize) -> [String] {
        let limit = SVG.characters(fitting: width, size: size)
        var lines: [String] = []
        var rest = Substring(text)
        var prefix = ""
        while !rest.isEmpty {
            let room = max(1, limit - prefix.count)
            if rest.count <= room {
                lines.append(prefix + rest)
                break
            }
            let head = rest.prefix(room)
            // Break after the last space or comma in the line's second half, else at the limit.
            var cut = head.endIndex
            if let i = head.lastIndex(where: { $0 == " " || $0 == "," || $0 == "/" }), head.distance(from: head.startIndex, to: i) >= room / 2 {
                cut = head.index(after: i)
            }
            lines.append(prefix + String(rest[rest.startIndex..<cut]).trimmingCharacters(in: .whitespaces))
            rest = rest[cut...].drop { $0 == " " }
            prefix = indent
        }
        return lines
    }
}

/// A plot area with its axes: the frame, light grid lines at the ticks, tick labels
/// and the axis titles (the y title turned upright along the left edge).
struct PlotArea {
    var left: Double, top: Double, width: Double, height: Double
    var x: Axis
    var y: Axis?

    var right: Double { left + width }
    var bottom: Double { top + height }
    func px(_ v: Double) -> Double { x.map(min(max(v, x.low), x.high), left, right) }
    func py(_ v: Double) -> Double {
        guard let y else { return top }
        return y.map(min(max(v, y.low), y.high), bottom, top)
    }

    /// Draws the grid, the frame, the ticks and their labels, and the titles.
    func draw(on svg: inout SVG, xTitle: String, yTitle: String?) {
        for t in x.ticks { svg.line(px(t), top, px(t), bottom, stroke: Palette.grid) }
        if let y { for t in y.ticks { svg.line(left, py(t), right, py(t), stroke: Palette.grid) } }
        svg.rect(x: left, y: top, width: width, height: height, fill: "none", stroke: "black")
        for t in x.ticks {
            svg.line(px(t), bottom, px(t), bottom + 5)
            svg.text(x.label(t), x: px(t), y: bottom + 18, anchor: .middle, cls: "tick")
        }
        svg.text(xTitle, x: left + width / 2, y: bottom + 36, anchor: .middle)
        if let y {
            for t in y.ticks {
                svg.line(left - 5, py(t), left, py(t))
                svg.text(y.label(t), x: left - 8, y: py(t) + 4, anchor: .end, cls: "tick")
            }
            if let yTitle { svg.text(yTitle, x: 16, y: top + height / 2, anchor: .middle, rotate: true) }
        }
    }

    /// The widest y tick label, to size the left margin.
    static func labelWidth(_ axis: Axis) -> Double {
        axis.ticks.map { SVG.textWidth(axis.label($0)) }.max() ?? 0
    }
}
