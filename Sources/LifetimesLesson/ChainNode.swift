/// One object of a drawn chain: its type, what it does, and what it wraps.
struct ChainNode {
    let name: String
    let note: String
    let children: [ChainNode]

    init(_ name: String, _ note: String = "", _ children: [ChainNode] = []) {
        self.name = name
        self.note = note
        self.children = children
    }

    /// The tree below and including this node, e.g.
    ///
    /// ```text
    /// RetryingOutput    3 tries, …
    /// └─ LoggingOutput  logs …
    ///    └─ TwitterClient
    /// ```
    func lines() -> [String] {
        var rows: [(label: String, note: String)] = []
        collect(into: &rows, prefix: "", childPrefix: "")
        let width = rows.map(\.label.count).max() ?? 0
        return rows.map { row in
            row.note.isEmpty ? row.label : row.label.padding(toLength: width + 2) + row.note
        }
    }

    private func collect(into rows: inout [(label: String, note: String)], prefix: String, childPrefix: String) {
        rows.append((prefix + name, note))
        for (index, child) in children.enumerated() {
            let isLast = index == children.count - 1
            child.collect(
                into: &rows,
                prefix: childPrefix + (isLast ? "└─ " : "├─ "),
                childPrefix: childPrefix + (isLast ? "   " : "│  ")
            )
        }
    }
}

extension String {
    /// Pads with spaces on the right up to `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
