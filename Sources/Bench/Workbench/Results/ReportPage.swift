import Boards
import Foundation

/// report.html: one self-contained page beside summary.md (docs/report.md) — the
/// command on top, the tables, the figures the run wrote (inlined SVG) and, for a
/// tournament, a replay viewer of its games. Styles, script and data are inside the
/// file; a Content-Security-Policy forbids every request, so it opens offline.
public enum ReportPage {
    /// The position texts (and steps) embedded for at most this many bytes of them:
    /// beyond it, later games keep their moves, results and measures but not their
    /// positions, and the page says so (a 10,000-game report stays quick to open).
    public static let positionBudget = 12_000_000
    /// The viewer holds at most this many games, taken a pair of every pairing (a deal
    /// of every agent) at a time (``ReplayData/Order``); the page says how many
    /// there are and how to replay the others. A page of a 10⁶-game run stays a few MB,
    /// and writing it stays a small part of the run.
    public static let gameBudget = 2_000
    /// The threads that replay the viewer's games (the page is the same for any number).
    static var replayThreads: Int { min(ProcessInfo.processInfo.activeProcessorCount, 8) }

    /// The page of a tournament folder: `files` are the files being written beside it
    /// (summary.md and the SVG figures); the games come from the folder's
    /// tournament.json and games.jsonl, replayed through the engine, or from `shown`
    /// (the records a run's log kept, ``RecordLog``, and the count of records in it).
    static func tournament(_ s: TournamentSummary, folder: URL, files: [(String, String)],
                           positionBudget: Int = positionBudget, gameBudget: Int = gameBudget,
                           shown: RecordLog.Shown? = nil) throws(WorkbenchError) -> String {
        let markdown = files.first { $0.0 == "summary.md" }?.1 ?? s.markdown
        let viewer = try ReplayData.of(folder: folder, positionBudget: positionBudget, gameBudget: gameBudget, shown: shown)
        return page(title: "\(s.game) tournament", command: s.command, markdown: markdown,
                    figures: figures(files, folder: folder), viewer: viewer)
    }

    /// The page of a run folder without games (`tune`, `train`, `grade`): its Markdown
    /// report and every SVG figure in the folder; `command` on top unless `nil` (when the
    /// Markdown shows it itself).
    public static func write(folder: URL, title: String, command: String?, markdown: String) throws(WorkbenchError) {
        let html = page(title: title, command: command, markdown: markdown, figures: figures([], folder: folder), viewer: nil)
        try RunFolder.writeWhole(html, to: folder.appendingPathComponent("report.html"))
    }

    /// The page of a training folder: its learning curve (curve.csv's points as a table, curve.svg).
    static func writeTraining(folder: URL, csv: String) throws(WorkbenchError) {
        let rows = csv.split(separator: "\n").dropFirst().map { "| " + $0.split(separator: ",").joined(separator: " | ") + " |" }
        try write(folder: folder, title: "Coin Sorter training", command: nil, markdown: "## Learning curve\n\n"
            + "Mean score of the greedy agent on the learned evaluation, per checkpoint (curve.csv).\n\n"
            + "| episodes | deals | mean score |\n|---:|---:|---:|\n" + rows.joined(separator: "\n") + "\n")
    }

    /// The SVG figures: those being written (`files`), then any other in the folder, by name.
    static func figures(_ files: [(String, String)], folder: URL) -> [(String, String)] {
        var out = files.filter { $0.0.hasSuffix(".svg") }
        let names = Set(out.map(\.0))
        let onDisk = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".svg") && !names.contains($0) }.sorted()
        for name in onDisk {
            if let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) { out.append((name, text)) }
        }
        return out
    }

    /// The page: header, tables, figures, viewer.
    static func page(title: String, command: String?, markdown: String, figures: [(String, String)], viewer: String?) -> String {
        var o = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        o += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            + "script-src 'unsafe-inline'; img-src data:\">\n"
        o += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        o += "<title>\(html(title))</title>\n<style>\(ReportPageScript.css)</style></head><body>\n"
        o += "<header><h1>\(html(title))</h1>"
        if let command {
            o += command.isEmpty ? "<p>Produced by a program using the Workbench library (no command line).</p>"
                : "<pre class=\"command\"><code>\(html(command))</code></pre>"
        }
        o += "<nav><a href=\"#tables\">Tables</a>" + (figures.isEmpty ? "" : " · <a href=\"#figures\">Figures</a>")
            + (viewer == nil ? "" : " · <a href=\"#viewer\">Games</a>") + "</nav></header>\n"
        o += "<section id=\"tables\">\n\(markdownHTML(markdown, skippingCommand: !(command ?? "").isEmpty))</section>\n"
        if !figures.isEmpty {
            o += "<section id=\"figures\"><h2>Figures</h2>\n"
            for (name, svg) in figures { o += "<figure>\(inlineSVG(svg))<figcaption>\(html(name))</figcaption></figure>\n" }
            o += "</section>\n"
        }
        if let viewer {
            o += ReportPageScript.viewerHTML
            o += "<script type=\"application/json\" id=\"report-data\">\(viewer)</script>\n"
            o += "<script>\(ReportPageScript.js)</script>\n"
        }
        o += "</body></html>\n"
        return o
    }

    /// SVG text made fit for inlining: no XML declaration and no namespace attribute
    /// (an HTML parser puts `<svg>` in the SVG namespace itself, and the page holds no URL).
    static func inlineSVG(_ svg: String) -> String {
        var s = svg
        if let r = s.range(of: "<svg") { s = String(s[r.lowerBound...]) }
        while let r = s.range(of: #"\s+xmlns(:[A-Za-z]+)?="[^"]*""#, options: .regularExpression) { s.removeSubrange(r) }
        while let r = s.range(of: #"\s+xlink:href="http[^"]*""#, options: .regularExpression) { s.removeSubrange(r) }
        return s
    }

    /// `s` escaped for HTML, which reserves the characters XML does.
    static func html(_ s: String) -> String { SVG.escape(s) }

    /// The Markdown our reports write, as HTML: headings, paragraphs, fenced code,
    /// tables, `code` and **bold**. The first fenced block (the command, shown on top
    /// already) is left out when `skippingCommand`.
    static func markdownHTML(_ text: String, skippingCommand: Bool) -> String {
        var o = "", paragraph: [String] = [], table: [String] = []
        var code: [String]? = nil, skipped = !skippingCommand
        func inline(_ s: String) -> String {
            var out = "", rest = Substring(s)
            while let tick = rest.firstIndex(of: "`") {
                out += bold(String(rest[..<tick]))
                let after = rest[rest.index(after: tick)...]
                guard let close = after.firstIndex(of: "`") else { out += bold(String(rest[tick...])); rest = ""; break }
                out += "<code>\(html(String(after[..<close])))</code>"
                rest = after[after.index(after: close)...]
            }
            return out + bold(String(rest))
        }
        func bold(_ s: String) -> String {
            let parts = html(s).components(separatedBy: "**")
            guard parts.count >= 3 else { return html(s) }
            return parts.enumerated().map { $0.offset % 2 == 1 && $0.offset < parts.count - 1 ? "<strong>\($0.element)</strong>" : $0.element }
                .joined()
        }
        func flush() {
            if !paragraph.isEmpty { o += "<p>" + inline(paragraph.joined(separator: " ")) + "</p>\n"; paragraph = [] }
            if !table.isEmpty {
                func cells(_ row: String) -> [String] {
                    var r = row.trimmingCharacters(in: .whitespaces)
                    if r.hasPrefix("|") { r.removeFirst() }
                    if r.hasSuffix("|") { r.removeLast() }
                    return r.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                }
                let aligns = table.count > 1 ? cells(table[1]).map { $0.hasSuffix(":") ? " class=\"num\"" : "" } : []
                // A row's cells as `tag` elements, each aligned as its column.
                func row(_ line: String, _ tag: String) -> String {
                    cells(line).enumerated().map { k, c in "<\(tag)\(k < aligns.count ? aligns[k] : "")>\(inline(c))</\(tag)>" }.joined()
                }
                o += "<div class=\"table\"><table><thead><tr>\(row(table[0], "th"))</tr></thead><tbody>\n"
                for line in table.dropFirst(2) { o += "<tr>\(row(line, "td"))</tr>\n" }
                o += "</tbody></table></div>\n"
                table = []
            }
        }
        for line in text.components(separatedBy: "\n") {
            if var block = code {
                if line.hasPrefix("```") {
                    if skipped { o += "<pre><code>\(html(block.joined(separator: "\n")))</code></pre>\n" }
                    skipped = true
                    code = nil
                } else { block.append(line); code = block }
                continue
            }
            if line.hasPrefix("```") { flush(); code = []; continue }
            if line.hasPrefix("|") { if !paragraph.isEmpty { flush() }; table.append(line); continue }
            if !table.isEmpty { flush() }
            if line.hasPrefix("#") {
                flush()
                let level = min(line.prefix { $0 == "#" }.count + 1, 6)
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                o += "<h\(level)>\(inline(title))</h\(level)>\n"
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flush()
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return o
    }
}

/// The viewer's data: the games of a tournament folder (up to ``ReportPage/gameBudget``),
/// replayed through the engine.
struct ReplayData: GameVisitor {
    /// The tournament folder.
    let url: URL
    /// The viewer's budget of positions (``ReportPage/positionBudget``) and of games
    /// (``ReportPage/gameBudget``).
    let budget: Int, gameBudget: Int
    /// The records the run's log kept, when the page is written by the run.
    let shown: RecordLog.Shown?

    /// The JSON the viewer reads (docs/report.md), or `nil` when the folder holds no
    /// tournament of a game the registry knows. The games are read from the folder's
    /// log, or taken from `shown` when a run's log kept them (``RecordLog``).
    static func of(folder: URL, positionBudget: Int, gameBudget: Int,
                   shown: RecordLog.Shown? = nil) throws(WorkbenchError) -> String? {
        let configURL = folder.appendingPathComponent(TournamentFolder.configName)
        guard let data = try? RegularFile.contents(configURL.path),
              let config = try? JSONDecoder().decode(TournamentConfig.self, from: data),
              (try? GameRegistry.game(named: config.game)) != nil else { return nil }
        return try GameRegistry.dispatch(config.game, to: ReplayData(url: folder, budget: positionBudget, gameBudget: gameBudget, shown: shown))
    }

    /// The order the viewer takes games in: two-player games a colour-swapped pair of
    /// every pairing at a time (the schedule plays a pairing's games together, so index
    /// order would show the first pairing only), puzzle deals in index order (a deal of
    /// every agent at a time already).
    struct Order {
        let games, pairings: Int
        init(_ config: TournamentConfig) {
            games = config.isPuzzle ? 0 : max(config.games, 1)
            pairings = max(config.pairings.count, 1)
        }

        /// Game `index`'s place in the order.
        func rank(_ index: Int) -> Int {
            guard games > 0 else { return index }
            let q = index / games, k = index % games
            return (k / 2) * 2 * pairings + 2 * q + k % 2
        }
    }

    /// The folder's tournament and the records the viewer holds (the first
    /// ``gameBudget`` in ``Order``), in that order, and how many games the log holds.
    func load<R: Codable & Equatable & Sendable>(_ rules: R.Type) throws(WorkbenchError) -> (TournamentFile<R>, [GameRecord], total: Int)? {
        guard let data = try? RegularFile.contents(url.appendingPathComponent(TournamentFolder.configName).path),
              let file = try? JSONDecoder().decode(TournamentFile<R>.self, from: data) else { return nil }
        var records: [GameRecord] = [], total = 0
        let log = url.appendingPathComponent(TournamentFolder.logName), order = Order(file.config), wanted = gameBudget
        if let shown {
            records = shown.records.filter { order.rank($0.index) < wanted }
            total = shown.count
        } else if FileManager.default.fileExists(atPath: log.path) {
            total = try RecordLog.scan(log, games: { order.rank($0) < wanted }) { record, _ throws(WorkbenchError) in
                records.append(record)
            }.lines
        }
        records.sort { order.rank($0.index) < order.rank($1.index) }
        return (file, records, total)
    }

    func visitTwoPlayer<G: TwoPlayerWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> String? {
        guard let (file, records, total) = try load(G.Rules.self) else { return nil }
        var perfect: (lookup: (@Sendable (G) -> ExactValue?)?, note: String)? = nil
        if let p = G.self as? any PerfectPlayGame.Type {
            perfect = Self.perfectPlay(p) as? (lookup: (@Sendable (G) -> ExactValue?)?, note: String)
        }
        let lookup = perfect?.lookup
        let head = perfect.map { ",\"perfect\":{\"present\":\($0.lookup != nil),\"note\":\(JSONText.string($0.note))}" } ?? ""
        return data(G.self, records, total: total, sides: G.sideNames, head: head) { r in
            var h = GameHistory(G.start(file.rules))
            if let text = r.start { h = GameHistory((try? G.position(parsing: text, rules: file.rules)) ?? G.start(file.rules)) }
            var texts = [h.position.text], values: [ExactValue?] = [lookup?(h.position)]
            for m in r.opening + r.moves {
                guard h.outcome == nil, let move = try? h.position.parseMove(m) else { break }
                h.play(move)
                texts.append(h.position.text)
                if let lookup {
                    // A finished game's value is its outcome, whatever the table holds.
                    if let end = h.outcome {
                        let side = h.position.sideToMove
                        values.append(ExactValue(end == .draw ? .draw : end == .win(side) ? .win : .loss, plies: 0))
                    } else { values.append(lookup(h.position)) }
                }
            }
            var o = ",\"P\":" + JSONText.strings(texts)
            if h.outcome != nil { o += ",\"end\":" + JSONText.string(G.describe(h.outcome!)) }
            if lookup != nil {
                o += ",\"V\":" + JSONText.strings(values.map { $0?.code ?? "" })
                o += ",\"M\":" + JSONText.strings(MoveMark.marks(values).map { $0?.rawValue ?? "" })
            }
            return (o, texts.reduce(0) { $0 + $1.utf8.count + 3 })
        }
    }

    static func perfectPlay<P: PerfectPlayGame>(_ game: P.Type) -> Any { P.perfectPlay() }

    func visitPuzzle<G: PuzzleWorkbenchGame>(_ game: G.Type) throws(WorkbenchError) -> String? {
        guard let (file, records, total) = try load(G.Rules.self) else { return nil }
        return data(G.self, records, total: total, sides: ["player"], head: G.passTarget(file.rules).map { ",\"target\":\($0)" } ?? "") { r in
            var referee = G.Referee(seed: r.seed, rules: file.rules)
            var texts = [referee.state.text], moves: [G.Move] = []
            for m in r.moves {
                guard !referee.state.isOver, let move = try? referee.state.parseMove(m) else { break }
                referee.play(move)
                moves.append(move)
                texts.append(referee.state.text)
            }
            var o = ",\"P\":" + JSONText.strings(texts), size = texts.reduce(0) { $0 + $1.utf8.count + 3 }
            if let stepped = G.self as? any SteppedReplayGame.Type, let steps = Self.steps(stepped, seed: r.seed, rules: file.rules, moves: moves) {
                o += ",\"S\":" + steps
                size += steps.utf8.count
            }
            return (o, size)
        }
    }

    /// The replay data of `records` (in rank order, of `total` games recorded): each
    /// game's common fields and, while the budget lasts, what `replay` gives for it (its
    /// fields and their size), listed by index; `head` adds to the header.
    ///
    /// The games are replayed on ``ReportPage/replayThreads`` threads, a batch at a time,
    /// and their fields kept in rank order while the budget lasts, as one thread would:
    /// the page is the same for any number of threads. (Replays were most of the time of
    /// writing the page, which a tournament with `--out` does after its last game.)
    func data<G: WorkbenchGame>(_ game: G.Type, _ records: [GameRecord], total: Int, sides: [String], head: String,
                                replay: @escaping @Sendable (GameRecord) -> (fields: String, size: Int)) -> String {
        var used = 0, kept = 0
        var games: [(index: Int, text: String)] = []
        games.reserveCapacity(records.count)
        let batch = 128
        for start in stride(from: 0, to: records.count, by: batch) {
            let part = Array(records[start..<min(start + batch, records.count)]), replaying = used < budget
            let done = ForkJoin.mapTasks(count: part.count, workers: ReportPage.replayThreads) { i in
                (Self.common(part[i]), replaying ? replay(part[i]) : nil)
            }
            for (r, (common, replayed)) in zip(part, done) {
                var o = common
                if used < budget, let (fields, size) = replayed {
                    o += fields
                    used += size
                    kept += 1
                }
                games.append((r.index, o + "}"))
            }
        }
        games.sort { $0.index < $1.index }
        var text = "{\"game\":\(JSONText.string(G.name)),\"title\":\(JSONText.string(G.title)),\"players\":\(G.players),"
        text += "\"sides\":\(JSONText.strings(sides)),\"total\":\(total),\"shown\":\(games.count),\"kept\":\(kept),\"budget\":\(budget)"
        return text + head + ",\"games\":[\n" + games.map(\.text).joined(separator: ",\n") + "]}"
    }

    static func steps<S: SteppedReplayGame, R, M>(_ game: S.Type, seed: UInt64, rules: R, moves: [M]) -> String? {
        guard let rules = rules as? S.Rules, let moves = moves as? [S.Move] else { return nil }
        return S.replaySteps(seed: seed, rules: rules, moves: moves)
    }

    /// `x` to three significant digits, the shortest text that reads back as that
    /// number: the value `%.3g` gives, without `printf` (which took a tenth of the time
    /// of writing a report: a move's time each).
    static func seconds(_ x: Double) -> String {
        guard x != 0, x.isFinite else { return "0" }
        let shift = 2 - Int(log10(x.magnitude).rounded(.down))
        guard shift.magnitude < powersOfTen.count else { return String(format: "%.3g", x) }
        // Powers of ten up to 10^22 are exact, so the division (or product) rounds once.
        let p = powersOfTen[Int(shift.magnitude)]
        let d = (shift >= 0 ? (x * p).rounded() / p : (x / p).rounded() * p).description
        return d.hasSuffix(".0") ? String(d.dropLast(2)) : d
    }

    static let powersOfTen: [Double] = (1...22).reduce(into: [1]) { p, _ in p.append(p.last! * 10) }

    /// What every game keeps: who played, how it ended, the moves and their measures.
    static func common(_ r: GameRecord) -> String {
        var o = "{\"i\":\(r.index)"
        if let q = r.pairing { o += ",\"q\":\(q)" }
        o += ",\"a\":\(JSONText.strings(r.agents)),\"s\":\(JSONText.strings(r.sides)),\"seed\":\"\(r.seed)\""
        o += ",\"r\":\(JSONText.string(r.result.text)),\"o\":\(JSONText.string(r.outcome))"
        if r.termination != .normal, let f = r.failure {
            o += ",\"t\":\(JSONText.string(f.termination.rawValue)),\"why\":\(JSONText.string(f.reason)),\"err\":\(JSONText.strings(f.stderr))"
        }
        if !r.opening.isEmpty { o += ",\"op\":\(JSONText.strings(r.opening))" }
        o += ",\"mv\":\(JSONText.strings(r.moves))"
        o += ",\"tm\":[" + r.times.map(Self.seconds).joined(separator: ",") + "]"
        if r.nodes.contains(where: { $0 != 0 }) { o += ",\"nd\":[" + r.nodes.map(String.init).joined(separator: ",") + "]" }
        if r.playouts.contains(where: { $0 != 0 }) { o += ",\"po\":[" + r.playouts.map(String.init).joined(separator: ",") + "]" }
        return o
    }
}
