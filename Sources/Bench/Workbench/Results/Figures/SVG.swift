import Foundation

/// A small SVG writer for the figures: elements as text, numbers with one decimal,
/// text escaped, and text widths estimated from the character count (no font is
/// available to measure; the estimate is generous, so text it says fits does fit).
struct SVG {
    let width, height: Double
    private(set) var elements: [String] = []

    /// The body font: a sans-serif every viewer has.
    static let fontFamily = "Helvetica, Arial, sans-serif"
    static let fontSize = 12.0
    /// The width of one character as a share of the font size: above the average
    /// of Helvetica's and Arial's glyphs (about 0.55), so estimates err wide.
    static let characterWidth = 0.62

    /// The estimated width of `text` at `size`.
    static func textWidth(_ text: String, size: Double = fontSize) -> Double {
        Double(text.count) * size * characterWidth
    }

    /// The most characters that fit in `width` at `size`.
    static func characters(fitting width: Double, size: Double = fontSize) -> Int {
        max(1, Int((width / (size * characterWidth)).rounded(.down)))
    }

    /// `s` with the characters XML (and HTML) reserves escaped, scalar by scalar (an `&`
    /// is escaped even when a combining mark follows it).
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A coordinate with one decimal, never "-0.0".
    static func n(_ v: Double) -> String { Format.fixed(v, 1) }

    enum Anchor: String { case start, middle, end }

    /// The title's lines (wrapped by ``Text/wrap(_:width:indent:size:)``), centred and bold at the top.
    mutating func title(_ lines: [String]) {
        for (i, line) in lines.enumerated() { text(line, x: width / 2, y: 22 + Double(i) * 18, anchor: .middle, size: 14, bold: true) }
    }

    mutating func text(_ string: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = fontSize,
                       fill: String = "black", bold: Bool = false, rotate: Bool = false, cls: String = "") {
        var a = "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\""
        if !cls.isEmpty { a += " class=\"\(cls)\"" }
        if anchor != .start { a += " text-anchor=\"\(anchor.rawValue)\"" }
        if size != Self.fontSize { a += " font-size=\"\(Self.n(size))\"" }
        if fill != "black" { a += " fill=\"\(fill)\"" }
        if bold { a += " font-weight=\"bold\"" }
        if rotate { a += " transform=\"rotate(-90 \(Self.n(x)) \(Self.n(y)))\"" }
        elements.append(a + ">\(Self.escape(string))</text>")
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String = "black",
                       width: Double = 1, dash: String = "") {
        var a = "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\""
        if width != 1 { a += " stroke-width=\"\(Self.n(width))\"" }
        if !dash.isEmpty { a += " stroke-dasharray=\"\(dash)\"" }
        elements.append(a + "/>")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String = "none") {
        var a = "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(fill)\""
        if stroke != "none" { a += " stroke=\"\(stroke)\"" }
        elements.append(a + "/>")
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 1.5, dash: String = "") {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
        var a = "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\""
        if !dash.isEmpty { a += " stroke-dasharray=\"\(dash)\"" }
        elements.append(a + "/>")
    }

    /// A marker of `shape` centred on (x, y); `filled` false draws its outline on white.
    mutating func marker(_ shape: Palette.Shape, x: Double, y: Double, color: String, filled: Bool = true, size: Double = 4.5) {
        let fill = filled ? color : "white"
        let common = "fill=\"\(fill)\" stroke=\"\(color)\" stroke-width=\"1.5\""
        let r = size, n = Self.n
        switch shape {
        case .circle:
            elements.append("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" \(common)/>")
        case .square:
            let s = r * 0.9
            elements.append("<rect x=\"\(n(x - s))\" y=\"\(n(y - s))\" width=\"\(n(2 * s))\" height=\"\(n(2 * s))\" \(common)/>")
        case .triangle:
            elements.append("<polygon points=\"\(n(x)),\(n(y - r * 1.15)) \(n(x + r)),\(n(y + r * 0.75)) \(n(x - r)),\(n(y + r * 0.75))\" \(common)/>")
        case .diamond:
            elements.append("<polygon points=\"\(n(x)),\(n(y - r * 1.2)) \(n(x + r)),\(n(y)) \(n(x)),\(n(y + r * 1.2)) \(n(x - r)),\(n(y))\" \(common)/>")
        case .down:
            elements.append("<polygon points=\"\(n(x)),\(n(y + r * 1.15)) \(n(x + r)),\(n(y - r * 0.75)) \(n(x - r)),\(n(y - r * 0.75))\" \(common)/>")
        case .cross:
            elements.append("<path d=\"M\(n(x - r)),\(n(y - r))L\(n(x + r)),\(n(y + r))M\(n(x - r)),\(n(y + r))L\(n(x + r)),\(n(y - r))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>")
        }
    }

    /// A horizontal error bar from `low` to `high` at height y, with end caps (a group
    /// of class "interval").
    mutating func horizontalErrorBar(low: Double, high: Double, y: Double, color: String = "black", cap: Double = 4) {
        elements.append("<g class=\"interval\" stroke=\"\(color)\" stroke-width=\"1.5\">")
        for (x1, y1, x2, y2) in [(low, y, high, y), (low, y - cap, low, y + cap), (high, y - cap, high, y + cap)] {
            elements.append("<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\"/>")
        }
        elements.append("</g>")
    }

    /// The document: white background, the elements, the title as `<title>` too.
    func document(title: String) -> String {
        // No XML declaration (UTF-8 is XML's default): the same text can be put inline in HTML.
        var o = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width.rounded()))\" height=\"\(Int(height.rounded()))\" viewBox=\"0 0 \(Int(width.rounded())) \(Int(height.rounded()))\" font-family=\"\(Self.fontFamily)\" font-size=\"\(Int(Self.fontSize))\">",
                 "<title>\(Self.escape(title))</title>",
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>"]
        o += elements
        o.append("</svg>")
        return o.joined(separator: "\n") + "\n"
    }
}

/// Colours, marker shapes and dash patterns that stay apart in greyscale and for
/// colour-blind readers: the Okabe–Ito palette (Okabe & Ito 2008), ordered so
/// neighbours differ in lightness, always paired with a shape and a dash pattern
/// so no series is told apart by colour alone.
enum Palette {
    /// Black, blue, vermillion, bluish green, reddish purple, sky blue, orange, yellow.
    static let colors = ["#000000", "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#F0E442"]
    enum Shape: CaseIterable { case circle, square, triangle, diamond, down, cross }
    static let dashes = ["", "7 3", "2 3", "9 3 2 3", "4 4", "12 3 2 3 2 3"]
    /// Light grey for bars, grid lines and references.
    static let bar = "#BBBBBB"
    static let grid = "#E5E5E5"
    static let reference = "#777777"

    static func color(_ i: Int) -> String { colors[i % colors.count] }
    static func shape(_ i: Int) -> Shape { Shape.allCases[i % Shape.allCases.count] }
    static func dash(_ i: Int) -> String { dashes[i % dashes.count] }
}
