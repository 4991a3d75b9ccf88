import DojoCatalog
import TerminalMarkdown

/// One page of a lesson as a slide for a projector: a banner heading, the page's text with its
/// code highlighted, and a footer at the bottom of the screen saying where the slide is and
/// which keys move on. Nothing about exercises or progress.
///
/// A page taller than the screen is shown a screenful at a time: the banner stays on top, the
/// text shows as much as fits, and a "more" mark above the footer says which lines are shown.
struct PresenterView {
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    let lesson: Lesson
    let page: Int
    let style: TextStyle
    /// The screen's height when the screen may be cleared and filled; nil to print the page whole.
    let rows: Int?
    private let banner: String
    private let body: [String]
    private let footer: String
    /// The text lines each screenful shows; one range, all of the text, when the page fits.
    private let screens: [Range<Int>]

    /// Lays out page `page` (0-based) of `lesson` for a screen of `rows` rows and `style.width` columns.
    init(_ lesson: Lesson, page: Int, style: TextStyle, rows: Int?) {
        self.lesson = lesson
        self.page = page
        self.style = style
        self.rows = rows
        let content = lesson.pages[page]
        banner = BannerHeading.render(content.title, style: style)
        var body = MarkdownRenderer(style: style).render(Self.withoutTitle(content.markdown))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if body.last == "" { body.removeLast() }
        self.body = body
        footer = Self.footerLine(lesson, page: page, style: style)
        if let rows {
            let rowsAroundTheText = Self.lineCount(banner) + 4
            screens = Self.screenfuls(body, room: max(Self.fewestLinesPerScreen, rows - rowsAroundTheText), style: style)
        } else {
            screens = [0..<body.count]
        }
    }

    /// The whole slide, ready to write: the page whole when there are no rows to fill, else the
    /// first screenful.
    static func slide(_ lesson: Lesson, page index: Int, style: TextStyle, rows: Int?) -> String {
        PresenterView(lesson, page: index, style: style, rows: rows).screen(0)
    }

    // MARK: Screenfuls

    /// The smallest number of text lines a screenful shows, however small the screen.
    static let fewestLinesPerScreen = 3

    /// Cuts the text into screenfuls of at most `room` rows each.
    ///
    /// `room` is what the banner, the blank line under it, the more mark (or a blank line), the
    /// footer and the prompt's row leave of the screen.
    private static func screenfuls(_ body: [String], room: Int, style: TextStyle) -> [Range<Int>] {
        var screens: [Range<Int>] = []
        var start = 0
        repeat {
            var used = 0
            var end = start
            while end < body.count {
                let height = screenRows(of: body[end], style: style)
                if used + height > room && end > start { break }
                used += height
                end += 1
            }
            screens.append(start..<end)
            start = end
            // A screenful starts with text, not with the blank line after the last paragraph.
            while start < body.count && body[start].isEmpty {
                start += 1
            }
        } while start < body.count
        return screens
    }

    /// How many screenfuls the page takes: 1 when it fits, or when it is printed whole.
    var screenCount: Int { screens.count }

    /// Screenful `index` (0-based, clamped to the page's screenfuls), ready to write.
    func screen(_ index: Int) -> String {
        let shown = screens[min(max(index, 0), screens.count - 1)]
        var slide = banner + "\n" + body[shown].map { $0 + "\n" }.joined()
        guard let rows else {
            return slide + "\n" + footer + "\n"
        }
        let used = Self.lineCount(banner) + 1 + body[shown].reduce(0) { $0 + Self.screenRows(of: $1, style: style) }
        // Push the footer to the bottom, leaving the last row for the prompt.
        let filler = max(1, rows - used - 2)
        if screens.count > 1 {
            slide += String(repeating: "\n", count: filler - 1) + moreMark(shown, isLast: shown == screens.last) + "\n"
        } else {
            slide += String(repeating: "\n", count: filler)
        }
        return Self.clearScreen + slide + footer + "\n"
    }

    /// The line above the footer of a page shown in screenfuls: whether more follows, and where this is.
    private func moreMark(_ shown: Range<Int>, isLast: Bool) -> String {
        let place = "lines \(shown.lowerBound + 1)–\(shown.upperBound) of \(body.count)"
        let text: String
        if !isLast {
            text = "── more: Enter · \(place) ──"
        } else if page + 1 < lesson.pages.count {
            text = "── end of page · \(place) · Enter: next page ──"
        } else {
            text = "── end of the last page · \(place) ──"
        }
        return style.useColor ? ANSI.bold + text + ANSI.reset : text
    }

    /// The rows `line` takes on a screen `style.width` wide: code is never wrapped, so a line of
    /// it can be wider than the screen, which then wraps it.
    private static func screenRows(of line: String, style: TextStyle) -> Int {
        max(1, (ANSI.visibleWidth(line) + style.width - 1) / max(style.width, 1))
    }

    // MARK: Parts

    /// The footer: lesson and page on the left, the keys on the right.
    static func footerLine(_ lesson: Lesson, page index: Int, style: TextStyle) -> String {
        let place = "\(lesson.id) · \(index + 1)/\(lesson.pages.count)"
        let keys = "Enter next · p back · 1-\(lesson.pages.count) jump · q leave"
        let gap = max(2, style.width - place.count - keys.count)
        let line = place + String(repeating: " ", count: gap) + keys
        return style.useColor ? ANSI.dim + line + ANSI.reset : line
    }

    /// The page's Markdown without its first `# Title` line: the banner shows the title.
    static func withoutTitle(_ markdown: String) -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("# ") {
            lines.removeFirst()
        }
        return lines.joined(separator: "\n")
    }

    private static func lineCount(_ text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
    }
}
