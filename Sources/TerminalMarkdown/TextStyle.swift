/// How text is shown on the terminal: whether escape sequences may be used, and the width to wrap to.
package struct TextStyle: Sendable, Equatable {
    /// Whether ANSI colors and attributes may be written.
    package var useColor: Bool
    /// The number of columns text is wrapped to.
    package var width: Int

    /// Narrower than this, wrapped text turns into a column of single words, so it is not allowed.
    package static let minimumWidth = 20
    /// Lines longer than this are tiring to read even on a wide terminal.
    package static let maximumWidth = 100
    /// The width used when nothing tells us the terminal's size.
    package static let defaultWidth = 80

    /// Plain 80-column text, handy for tests and for output sent to a file.
    package static let plain = TextStyle(useColor: false, width: defaultWidth)

    /// Creates a style with exactly the given values; use `fromEnvironment` to follow the user's settings.
    package init(useColor: Bool, width: Int) {
        self.useColor = useColor
        self.width = width
    }

    /// Chooses a style from the environment, whether standard output is a terminal, and its column count.
    ///
    /// Color is turned off when `NO_COLOR` is set to a non-empty value
    /// (https://no-color.org), when `TERM` is `dumb`, or when the output is not a
    /// terminal (a pipe or a file would otherwise receive raw escape codes).
    /// The width is `columns` if known, else `COLUMNS`, else 80, kept between
    /// `minimumWidth` and `maximumWidth`.
    package static func fromEnvironment(
        _ env: [String: String], isTerminal: Bool, columns: Int?
    ) -> TextStyle {
        let noColor = !(env["NO_COLOR"] ?? "").isEmpty
        let dumbTerminal = env["TERM"] == "dumb"
        let useColor = isTerminal && !noColor && !dumbTerminal

        var width = defaultWidth
        if let columns, columns > 0 {
            width = columns
        } else if let text = env["COLUMNS"],
                  let value = Int(text.trimmingSpaces()),
                  value > 0 {
            width = value
        }
        width = min(max(width, minimumWidth), maximumWidth)
        return TextStyle(useColor: useColor, width: width)
    }
}

fileprivate extension String {
    /// The string without leading and trailing spaces and tabs (Foundation is not needed for this one use).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
