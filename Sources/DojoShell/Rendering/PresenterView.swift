import DojoCore
import TerminalMarkdown

/// One page of a lesson as a slide for a projector: a banner heading, the page's text with its
/// code highlighted, and a footer at the bottom of the screen saying where the slide is and
/// which keys move on. Nothing about exercises or progress.
enum PresenterView {
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// The whole slide, ready to write. `rows` is the screen height when the screen may be
    /// cleared and filled; without it the slide is just printed.
    static func slide(_ lesson: Lesson, page index: Int, style: TextStyle, rows: Int?) -> String {
        let page = lesson.pages[index]
        let banner = BannerHeading.render(page.title, style: style)
        let body = MarkdownRenderer(style: style).render(withoutTitle(page.markdown))
        let footer = footerLine(lesson, page: index, style: style)

        var slide = banner + "\n" + body
        guard let rows else {
            return slide + "\n" + footer + "\n"
        }
        // Push the footer to the bottom, leaving the last row for the prompt.
        let used = lineCount(slide)
        let filler = max(1, rows - used - 2)
        slide += String(repeating: "\n", count: filler)
        return clearScreen + slide + footer + "\n"
    }

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
