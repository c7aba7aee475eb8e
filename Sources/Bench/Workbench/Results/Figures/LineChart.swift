import Foundation

/// A figure of lines over a shared x axis (iterations, episodes): each series in
/// its own colour, dash pattern and marker shape (so it reads in greyscale), a
/// legend with the series' names under the plot, round ticks and titled axes.
struct LineChart {
    struct Series {
        var name: String
        var points: [(x: Double, y: Double)]
        /// Colour, dash and marker from the palette at this index.
        var style: Int
        var width = 1.8
        /// Markers along the line (about eight, and one at the end); none for a dense raw series.
        var markers = true
        /// Overrides the palette's colour (a light grey for raw data under a smoothed line).
        var color: String? = nil
        var dash: String? = nil
    }

    var title: String
    var series: [Series]
    var xTitle, yTitle: String
    /// Values the y axis must cover besides the data.
    var yIncluding: [Double] = []
    var xIncluding: [Double] = []
    /// A dashed horizontal reference line.
    var reference: Double? = nil
    var note = ""

    var svg: String {
        let width = 760.0, plotHeight = 320.0
        let titleLines = Text.wrap(title, width: width - 20, size: 14)
        let top = 16 + Double(titleLines.count) * 18 + 12
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) }
        let x = Axis(covering: xs, including: xIncluding)
        let y = Axis(covering: ys, including: yIncluding + (reference.map { [$0] } ?? []))
        let left = 30 + PlotArea.labelWidth(y) + 14
        // The right margin holds half the last tick label.
        let right = max(24, SVG.textWidth(x.label(x.high)) / 2 + 8)
        let plot = PlotArea(left: left, top: top, width: width - left - right, height: plotHeight, x: x, y: y)
        // Legend: a line sample and the name, wrapped to the width.
        let legend: [(style: Series?, text: String)] = series.flatMap { s in
            Text.wrap(s.name, width: width - 80, indent: "  ").enumerated().map { k, line in (k == 0 ? s : nil, line) }
        }
        let noteLines = note.isEmpty ? [] : Text.wrap(note, width: width - 20)
        let height = plot.bottom + 54 + Double(legend.count + noteLines.count) * 17 + 6
        var svg = SVG(width: width, height: height)
        svg.title(titleLines)
        plot.draw(on: &svg, xTitle: xTitle, yTitle: yTitle)
        if let r = reference { svg.line(plot.left, plot.py(r), plot.right, plot.py(r), stroke: Palette.reference, dash: "4 3") }
        for (k, s) in series.enumerated() {
            let color = s.color ?? Palette.color(s.style), dash = s.dash ?? Palette.dash(s.style)
            let points = s.points.map { (plot.px($0.x), plot.py($0.y)) }
            svg.polyline(points, stroke: color, width: s.width, dash: dash)
            if s.markers, !points.isEmpty {
                // Staggered between series so markers of lines that coincide do not hide each other.
                let every = max(1, points.count / 8)
                var marked = Set(Swift.stride(from: (k * every / max(1, series.count)) % every, to: points.count, by: every))
                marked.insert(points.count - 1)
                for i in marked.sorted() { svg.marker(Palette.shape(s.style), x: points[i].0, y: points[i].1, color: color, size: 3.5) }
            }
        }
        var lineY = plot.bottom + 62
        for entry in legend {
            if let s = entry.style {
                let color = s.color ?? Palette.color(s.style)
                svg.line(14, lineY - 4, 50, lineY - 4, stroke: color, width: s.width, dash: s.dash ?? Palette.dash(s.style))
                if s.markers { svg.marker(Palette.shape(s.style), x: 32, y: lineY - 4, color: color, size: 3.5) }
            }
            svg.text(entry.text, x: 60, y: lineY)
            lineY += 17
        }
        for line in noteLines { svg.text(line, x: 10, y: lineY, fill: "#333333"); lineY += 16 }
        return svg.document(title: title)
    }

    /// The centred moving average of `values` over `window` points (odd), the window
    /// shrunk symmetrically at the ends so every point is an average of real data.
    static func movingAverage(_ values: [Double], window: Int) -> [Double] {
        let half = max(0, window / 2)
        var prefix = [0.0]
        for v in values { prefix.append(prefix.last! + v) }
        return values.indices.map { i in
            let h = min(half, i, values.count - 1 - i)
            return (prefix[i + h + 1] - prefix[i - h]) / Double(2 * h + 1)
        }
    }
}
