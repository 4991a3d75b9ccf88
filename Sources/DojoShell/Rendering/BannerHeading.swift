import TerminalMarkdown

/// A heading big enough to read from the back of a classroom: a full-width block, the title
/// in spaced capitals.
///
/// A terminal cannot change its font size, so size is faked with space and weight: three rows
/// of reversed video when color is allowed, heavy rules above and below when it is not.
enum BannerHeading {
    static func render(_ title: String, style: TextStyle) -> String {
        let width = style.width
        let text = spaced(title.uppercased(), fitting: width - 4)
        let lines = TextWrapper(width: width - 4, firstIndent: "", continuationIndent: "").wrap(text)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }
        guard style.useColor else {
            let rule = String(repeating: "━", count: width)
            return ([rule] + lines + [rule]).joined(separator: "\n") + "\n"
        }
        let padded = [""] + lines + [""]
        return padded.map { line in
            ANSI.bold + "\u{1B}[7m" + line + String(repeating: " ", count: max(0, width - line.count)) + ANSI.reset
        }.joined(separator: "\n") + "\n"
    }

    /// "T I T L E" when that fits on one line; the title as it is when it does not.
    static func spaced(_ text: String, fitting width: Int) -> String {
        let spaced = text.map(String.init).joined(separator: " ")
        return spaced.count <= width ? spaced : text
    }
}
