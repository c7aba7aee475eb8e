import Foundation

/// A figure with one row per item (an agent, a comparison): a point with its 95%
/// interval as an error bar on a shared horizontal axis, the rows labelled on the
/// left in the order given (the table's), long labels replaced by short names that
/// a legend under the figure spells out.
struct RowChart {
    struct Row {
        /// The label drawn (a name, or a short name the legend explains).
        var label: String
        var value, low, high: Double?
    }

    var title: String
    var rows: [Row]
    /// Lines under the figure spelling out the short names.
    var legend: [String] = []
    var xTitle: String
    /// Values the axis must cover besides the data (a reference line, a bound).
    var including: [Double] = []
    /// The axis's fixed domain, instead of one fitted to the data (a share: 0 to 1).
    var domain: (low: Double, high: Double)? = nil
    /// Tick labels as percentages of the value (a share drawn as 0–100%).
    var percent = false
    /// A dashed vertical reference line (0 for ratings and differences).
    var reference: Double? = nil
    /// A line of explanation under the axis, wrapped to the width.
    var note: String = ""
    /// Whether a point whose interval contains `reference` is drawn open.
    var openWhenContainsReference = false

    static let width = 760.0
    static let maxLabelWidth = 250.0
    static let rowHeight = 24.0

    var svg: String {
        let width = Self.width
        let labelWidth = rows.map { SVG.textWidth($0.label) }.max() ?? 0
        let left = max(60, labelWidth + 24), right = 24.0
        let titleLines = Text.wrap(title, width: width - 20, size: 14)
        let top = 16 + Double(titleLines.count) * 18 + 10
        let plotHeight = max(1, Double(rows.count)) * Self.rowHeight + 8
        var axis: Axis
        if let domain {
            axis = Axis(covering: [domain.low, domain.high])
            axis.low = domain.low; axis.high = domain.high
        } else {
            let data = rows.flatMap { [$0.value, $0.low, $0.high] }.compactMap { $0 }
            axis = Axis(covering: data, including: including + (reference.map { [$0] } ?? []))
        }
        if percent {
            axis = Axis(covering: [axis.low * 100, axis.high * 100])
            if let domain { axis.low = domain.low * 100; axis.high = domain.high * 100 }
        }
        let plot = PlotArea(left: left, top: top, width: width - left - right, height: plotHeight, x: axis, y: nil)
        let scale = percent ? 100.0 : 1.0
        let noteLines = note.isEmpty ? [] : Text.wrap(note, width: width - 20)
        let height = plot.bottom + 50 + Double(noteLines.count + legend.count) * 16 + 6
        var svg = SVG(width: width, height: height)
        svg.title(titleLines)
        plot.draw(on: &svg, xTitle: xTitle, yTitle: nil)
        if let r = reference { svg.line(plot.px(r * scale), top, plot.px(r * scale), plot.bottom, stroke: Palette.reference, dash: "4 3") }
        for (i, row) in rows.enumerated() {
            let y = top + 4 + (Double(i) + 0.5) * Self.rowHeight
            svg.text(row.label, x: left - 10, y: y + 4, anchor: .end, cls: "row")
            var filled = true
            if let low = row.low, let high = row.high {
                svg.horizontalErrorBar(low: plot.px(low * scale), high: plot.px(high * scale), y: y)
                if openWhenContainsReference, let r = reference, low <= r, r <= high { filled = false }
            }
            if let v = row.value { svg.marker(.circle, x: plot.px(v * scale), y: y, color: "black", filled: filled) }
        }
        var lineY = plot.bottom + 58
        for line in noteLines { svg.text(line, x: 10, y: lineY, fill: "#333333"); lineY += 16 }
        for line in legend { svg.text(line, x: 10, y: lineY, cls: "legend"); lineY += 16 }
        return svg.document(title: title)
    }
}
