/// Draws a report for a terminal: boxes and arrows, then the findings with their file and line.
///
/// The graph is drawn as trees that start at the composition roots (then at any other node with
/// arrows of its own). Each node is a box with what it is written above its right edge; each
/// arrow leaves its parent's trunk and points at the child's box, with the member and line beside
/// it and the findings about it under it. A node drawn before is not drawn
/// again but named (`[ SocialPresenter ] ↑ above`), so cycles and shared nodes stay finite.
///
/// ```text
/// ╔═══════════════════════╗ ★ composition root: a factory
/// ║ ★ makePresenter(for:) ║ function · line 31
/// ╚═══════════════════════╝
///   │              ┌─────────────────┐ class · line 4
///   ├━━ creates ━▶ │ SocialPresenter │ lines 33, 34
///   │              └─────────────────┘
///   │                │              ┌─────────────┐ struct, volatile · elsewhere
///   │                ├━━ creates ━▶ │ SystemClock │ clock · line 6
///   │                │              └─────────────┘ ⚠ hard-wired dependency
///   │                │              ╭╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╮ protocol · elsewhere
///   │                └╌╌ needs ╌╌╌▷ ╎ «SocialPostOutput» ╎ output · lines 5, 10
///   │                               ╰╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╯
/// ```
///
/// Protocol boxes are dashed and rounded, concrete boxes solid, composition roots double-lined
/// with a star. `creates` arrows are heavy (`━━▶`), `dependsOn` dashed with a hollow head (`╌╌▷`),
/// strong holds light (`──▶`), weak ones dotted (`┄┄▷`), resolutions from a container `··▷`.
/// The plain variant draws the same with ASCII only (`+--+`, `==>`, `..>`) and no colour.
/// Every line fits `Options.width` columns: long names and notes are shortened with an ellipsis.
package struct TextGraphRenderer: Sendable {
    /// How to draw.
    package struct Options: Sendable, Hashable {
        /// Box-drawing characters; ASCII when false.
        package var unicode: Bool
        /// ANSI colours and bold.
        package var color: Bool
        /// The widest line, in columns.
        package var width: Int

        package init(unicode: Bool = true, color: Bool = false, width: Int = 80) {
            self.unicode = unicode
            self.color = color
            self.width = max(width, 40)
        }

        /// Plain ASCII without colour, for `TERM=dumb`, `NO_COLOR`, files and pipes.
        package static let plain = Options(unicode: false, color: false)

        /// The options for a terminal with this environment: plain ASCII when `TERM` is `dumb` or
        /// `NO_COLOR` is set to anything but the empty string (no-color.org), else box drawing in colour.
        package static func forTerminal(environment: [String: String], width: Int = 80) -> Options {
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            if noColor || environment["TERM"] == "dumb" {
                return Options(unicode: false, color: false, width: width)
            }
            return Options(unicode: true, color: true, width: width)
        }
    }

    package let options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// The drawing, the legend and the findings.
    package func render(_ report: WiringReport) -> String {
        var drawing = Drawing(report: report, options: options)
        return drawing.render()
    }
}

/// One rendering in progress.
private struct Drawing {
    let report: WiringReport
    let options: Options
    let glyphs: Glyphs
    let singleFile: Bool
    var shown: Set<String> = []

    typealias Options = TextGraphRenderer.Options

    init(report: WiringReport, options: Options) {
        self.report = report
        self.options = options
        self.glyphs = options.unicode ? .unicode : .ascii
        self.singleFile = Set(report.files).count <= 1
    }

    // MARK: Lines of styled text

    enum Style {
        case plain, dim, bold, abstraction, warning
    }

    struct Line {
        var segments: [(text: String, style: Style)] = []

        var width: Int { segments.reduce(0) { $0 + $1.text.count } }

        mutating func add(_ text: String, _ style: Style = .plain) {
            segments.append((text, style))
        }

        mutating func prepend(_ text: String, _ style: Style = .dim) {
            segments.insert((text, style), at: 0)
        }
    }

    /// A drawn node with what hangs under it; `attachRow` is the line an arrow points at.
    struct Block {
        var lines: [Line]
        var attachRow: Int
    }

    func output(_ line: Line) -> String {
        line.segments.map { segment in
            guard options.color else { return segment.text }
            let code: String
            switch segment.style {
            case .plain: return segment.text
            case .dim: code = "2"
            case .bold: code = "1"
            case .abstraction: code = "36"
            case .warning: code = "33"
            }
            return "\u{1B}[\(code)m\(segment.text)\u{1B}[0m"
        }.joined()
    }

    /// `text` cut to `width` columns, ending in an ellipsis when cut.
    func fit(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + glyphs.ellipsis
    }

    // MARK: The whole picture

    mutating func render() -> String {
        var lines: [Line] = []
        var title = Line()
        title.add(fit("Wiring of \(report.files.joined(separator: ", "))", options.width), .bold)
        lines.append(title)
        var subtitle = Line()
        subtitle.add(fit("Read from the source, without compiling it: a heuristic sketch.", options.width), .dim)
        lines.append(subtitle)

        let starts = report.graph.compositionRoots.map(\.node).uniqued()
            + report.graph.nodes.filter { !$0.isExternal }.map(\.name)
        let roots = Set(report.graph.compositionRoots.map(\.node))
        for start in starts where !shown.contains(start) && (roots.contains(start) || !outgoing(start).isEmpty) {
            lines.append(Line())
            lines += tree(start).lines
        }
        let loose = report.graph.nodes.filter { !$0.isExternal && !shown.contains($0.name) }
        if !loose.isEmpty {
            lines.append(Line())
            let names = loose.map { "\($0.name) (\($0.kind == .unknown ? "type" : $0.kind.rawValue))" }.joined(separator: ", ")
            for text in Self.wrap("Not wired to anything: \(names)", width: options.width) {
                var line = Line()
                line.add(text, .dim)
                lines.append(line)
            }
        }
        if report.graph.nodes.isEmpty {
            lines.append(Line())
            var line = Line()
            line.add("No types found.", .dim)
            lines.append(line)
        }
        lines.append(Line())
        lines += legend()
        lines.append(Line())
        lines += findings()
        return lines.map(output).joined(separator: "\n") + "\n"
    }

    func outgoing(_ name: String) -> [DrawnEdge] {
        let bundles = DrawnEdge.bundle(report.graph.edges.filter { $0.from == name })
        return DrawnEdge.priority.flatMap { kind in bundles.filter { $0.kind == kind } }
    }

    // MARK: Trees

    /// The tree that starts at `name`, as drawn at the left margin.
    mutating func tree(_ name: String) -> Block {
        let root = report.graph.compositionRoots.first { $0.node == name }
        let top = root.map { "\(glyphs.star) composition root: \(Self.phrase($0.reason))" } ?? describe(report.graph.node(named: name))
        let middle = root != nil ? describe(report.graph.node(named: name)) : nil
        return expand(name, top: top, middle: middle, available: options.width)
    }

    mutating func expand(_ name: String, top: String?, middle: String?, bottom: String? = nil, available: Int) -> Block {
        shown.insert(name)
        var lines = box(for: name, top: top, middle: middle, bottom: bottom, available: available)
        let children = outgoing(name)
        let arrowWidth = glyphs.arrowWidth
        let indent = 2
        let childAvailable = available - indent - 1 - arrowWidth - 1
        for (index, edge) in children.enumerated() {
            let isLast = index == children.count - 1
            let child: Block
            if childAvailable < 16 {
                var line = Line()
                line.add(fit("\(edge.to) \(glyphs.ellipsis)", max(childAvailable, 4)), .dim)
                child = Block(lines: [line], attachRow: 0)
            } else if shown.contains(edge.to) {
                child = reference(edge, available: childAvailable)
            } else {
                child = expand(
                    edge.to, top: describe(report.graph.node(named: edge.to)), middle: note(for: edge),
                    bottom: warning(for: edge), available: childAvailable
                )
            }
            for (row, var line) in child.lines.enumerated() {
                if row < child.attachRow {
                    line.prepend(String(repeating: " ", count: indent) + glyphs.trunk + String(repeating: " ", count: arrowWidth + 1))
                } else if row == child.attachRow {
                    let (arrow, style) = self.arrow(for: edge)
                    line.prepend(" ")
                    line.prepend(arrow, style)
                    line.prepend(String(repeating: " ", count: indent) + (isLast ? glyphs.lastBranch : glyphs.branch))
                } else {
                    line.prepend(String(repeating: " ", count: indent) + (isLast ? " " : glyphs.trunk) + String(repeating: " ", count: arrowWidth + 1))
                }
                lines.append(line)
            }
        }
        return Block(lines: lines, attachRow: 1)
    }

    /// A node already drawn, named on one line.
    func reference(_ edge: DrawnEdge, available: Int) -> Block {
        var line = Line()
        let name = "[ \(edge.to) ]"
        line.add(fit(name, available), isAbstraction(edge.to) ? .abstraction : .plain)
        let rest = available - line.width - 1
        if rest > 4 {
            let warning = self.warning(for: edge).map { glyphs.separator + $0 } ?? ""
            let note = "\(glyphs.above) above\(glyphs.separator)\(note(for: edge))\(warning)"
            line.add(" " + fit(note, rest), warning.isEmpty ? .dim : .warning)
        }
        return Block(lines: [line], attachRow: 0)
    }

    func isAbstraction(_ name: String) -> Bool {
        report.graph.node(named: name)?.isProtocol ?? false
    }

    /// The three lines of a node's box, with its notes beside the top and middle lines.
    func box(for name: String, top: String?, middle: String?, bottom: String? = nil, available: Int) -> [Line] {
        let node = report.graph.node(named: name)
        let isRoot = node?.isCompositionRoot ?? false
        let isProtocol = node?.isProtocol ?? false
        let frame = isRoot ? glyphs.rootBox : isProtocol ? glyphs.protocolBox : glyphs.box
        var label = isProtocol ? "\(glyphs.openGuillemet)\(name)\(glyphs.closeGuillemet)" : name
        if isRoot { label = "\(glyphs.star) \(label)" }
        let inner = min(label.count, max(available - 4, 6))
        label = fit(label, inner)
        let boxWidth = inner + 4
        let noteWidth = available - boxWidth - 1
        let style: Style = isRoot ? .bold : isProtocol ? .abstraction : .plain

        var first = Line()
        first.add(frame.topLeft + String(repeating: frame.horizontal, count: inner + 2) + frame.topRight, style)
        if let top, noteWidth > 4 { first.add(" " + fit(top, noteWidth), .dim) }
        var second = Line()
        second.add(frame.vertical + " ", style)
        second.add(label, isRoot ? .bold : style)
        second.add(" " + frame.vertical, style)
        if let middle, noteWidth > 4 { second.add(" " + fit(middle, noteWidth), .dim) }
        var third = Line()
        third.add(frame.bottomLeft + String(repeating: frame.horizontal, count: inner + 2) + frame.bottomRight, style)
        if let bottom, noteWidth > 4 { third.add(" " + fit(bottom, noteWidth), .warning) }
        return [first, second, third]
    }

    /// "class · line 4", "protocol · external", "function · SocialPresenter.swift:31".
    func describe(_ node: WiringNode?) -> String? {
        guard let node else { return nil }
        var kind: String
        switch node.kind {
        case .unknown: kind = "type"
        case .topLevelCode: kind = "top-level code"
        case .dependencyValue: kind = "dependency value"
        default: kind = node.kind.rawValue
        }
        if node.isVolatile, !node.isProtocol, !node.isCompositionRoot { kind += ", volatile" }
        if node.isExternal { return "\(kind)\(glyphs.separator)elsewhere" }
        guard let line = node.line else { return kind }
        return "\(kind)\(glyphs.separator)\(location(file: node.file, line: line))"
    }

    func location(file: String?, line: Int) -> String {
        guard !singleFile, let file else { return "line \(line)" }
        return "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
    }

    /// Beside the child's box: the members and the lines.
    func note(for edge: DrawnEdge) -> String {
        var parts: [String] = []
        let members = edge.members.prefix(2).joined(separator: ", ")
        if !members.isEmpty { parts.append(members) }
        let file = report.graph.edges.first { $0.from == edge.from && $0.to == edge.to }?.file
        if let first = edge.lines.first {
            let place = singleFile || file == nil ? "" : "\(file!.split(separator: "/").last.map(String.init) ?? file!):"
            parts.append(edge.lines.count == 1 ? "\(singleFile ? "line " : place)\(first)"
                : "\(singleFile ? "lines " : place)\(edge.lines.prefix(3).map(String.init).joined(separator: ", "))")
        }
        return parts.joined(separator: glyphs.separator)
    }

    /// Under the child's box: the findings about this arrow, if any.
    func warning(for edge: DrawnEdge) -> String? {
        let titles = report.findings.filter { finding in
            finding.type == edge.from && (finding.target == edge.to || (edge.lines.contains(finding.line) && finding.target == nil))
        }.map(\.kind.title).uniqued()
        return titles.isEmpty ? nil : "\(glyphs.warning) \(titles.joined(separator: ", "))"
    }

    func arrow(for edge: DrawnEdge) -> (String, Style) {
        let kind = edge.kind == .dependsOn && edge.isWeak ? .holdsWeakly : edge.kind
        let arrow = glyphs.arrow(kind)
        return (arrow, kind == .dependsOn ? .abstraction : .dim)
    }

    static func phrase(_ reason: CompositionRoot.Reason) -> String {
        switch reason {
        case .assemblesModule: "assembles the module"
        case .registersInContainer: "fills a container"
        case .factory: "a factory"
        case .entryPoint: "the entry point"
        case .cakeMixIn: "a Cake mix-in"
        case .containerType: "a container"
        case .dependencyKeyValue: "a dependency's value"
        case .test: "a test"
        }
    }

    // MARK: Legend and findings

    func legend() -> [Line] {
        let entries: [(WiringEdge.Kind, String)] = [
            (.creates, "creates (concrete)"), (.dependsOn, "needs (protocol)"), (.holdsStrongly, "holds"),
            (.holdsWeakly, "holds weakly"), (.resolvesFromContainer, "resolves from a container"),
        ]
        var lines: [Line] = []
        var line = Line()
        for (kind, meaning) in entries {
            let entry = "\(glyphs.shortArrow(kind)) \(meaning)"
            if line.width + entry.count + 3 > options.width {
                lines.append(line)
                line = Line()
            }
            line.add((line.width == 0 ? "" : "   ") + entry, .dim)
        }
        let star = "\(glyphs.star) composition root"
        if line.width + star.count + 3 > options.width {
            lines.append(line)
            line = Line()
        }
        line.add((line.width == 0 ? "" : "   ") + star, .dim)
        lines.append(line)
        return lines
    }

    func findings() -> [Line] {
        guard !report.findings.isEmpty else {
            return Self.wrap("No findings: nothing here looks like a DI mistake.", width: options.width).map { text in
                var line = Line()
                line.add(text)
                return line
            }
        }
        var lines: [Line] = []
        var heading = Line()
        heading.add(fit("Findings (each one \"looks like\" a DI mistake: read the line first):", options.width), .bold)
        lines.append(heading)
        for finding in report.findings {
            var first = Line()
            first.add("\(glyphs.warning) ", .warning)
            first.add(fit("\(finding.file):\(finding.line)", options.width - 4), .bold)
            first.add(" " + fit(finding.kind.title, max(options.width - first.width - 1, 4)), .warning)
            lines.append(first)
            for text in Self.wrap(finding.message, width: options.width - 4) {
                var line = Line()
                line.add("    " + text)
                lines.append(line)
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than a line is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            var word = String(word)
            while word.count > width {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// The characters a drawing is made of.
private struct Glyphs {
    struct Frame {
        var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
    }

    var box: Frame
    var protocolBox: Frame
    var rootBox: Frame
    var trunk: String
    var branch: String
    var lastBranch: String
    var star: String
    var warning: String
    var ellipsis: String
    var above: String
    var openGuillemet: String
    var closeGuillemet: String
    /// Between the parts of a note: ` · `.
    var separator: String
    /// Shaft and head of each kind of arrow.
    var shafts: [WiringEdge.Kind: (shaft: String, head: String)]

    let arrowWidth = 13

    static let unicode = Glyphs(
        box: Frame(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│"),
        protocolBox: Frame(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "╌", vertical: "╎"),
        rootBox: Frame(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║"),
        trunk: "│", branch: "├", lastBranch: "└", star: "★", warning: "⚠", ellipsis: "…", above: "↑",
        openGuillemet: "«", closeGuillemet: "»", separator: " · ",
        shafts: [
            .creates: ("━", "▶"), .dependsOn: ("╌", "▷"), .holdsStrongly: ("─", "▶"),
            .holdsWeakly: ("┄", "▷"), .resolvesFromContainer: ("·", "▷"),
        ]
    )

    static let ascii = Glyphs(
        box: Frame(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|"),
        protocolBox: Frame(topLeft: ".", topRight: ".", bottomLeft: "'", bottomRight: "'", horizontal: "-", vertical: ":"),
        rootBox: Frame(topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=", vertical: "#"),
        trunk: "|", branch: "+", lastBranch: "`", star: "*", warning: "!", ellipsis: "~", above: "^",
        openGuillemet: "<<", closeGuillemet: ">>", separator: " - ",
        shafts: [
            .creates: ("=", ">"), .dependsOn: (".", ">"), .holdsStrongly: ("-", ">"),
            .holdsWeakly: ("~", ">"), .resolvesFromContainer: (":", ">"),
        ]
    )

    static func word(_ kind: WiringEdge.Kind) -> String {
        switch kind {
        case .creates: "creates"
        case .dependsOn: "needs"
        case .holdsStrongly: "holds"
        case .holdsWeakly: "weak"
        case .resolvesFromContainer: "resolves"
        }
    }

    /// `━━ creates ━▶`: always `arrowWidth` columns.
    func arrow(_ kind: WiringEdge.Kind) -> String {
        let (shaft, head) = shafts[kind] ?? ("-", ">")
        let word = Self.word(kind)
        let tail = max(arrowWidth - 2 - 1 - word.count - 1 - 1, 0)
        return String(repeating: shaft, count: 2) + " " + word + " " + String(repeating: shaft, count: tail) + head
    }

    /// `━━▶`: for the legend.
    func shortArrow(_ kind: WiringEdge.Kind) -> String {
        let (shaft, head) = shafts[kind] ?? ("-", ">")
        return String(repeating: shaft, count: 2) + head
    }
}
