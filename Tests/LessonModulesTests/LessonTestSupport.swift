import DojoTestSupport
import Foundation

/// Compares the ```swift blocks of a lesson's pages with the real code, so that a page never
/// shows code the module does not have.
enum PageCode {
    /// The blocks of `Lessons/<lessonFolder>/pages` that appear neither in `Sources/<module>`
    /// nor in `testFile`, nor in `Domain`. A line `// …` inside a block stands for omitted
    /// code, and a block whose first line is `// A sketch, not in the module:` is not compared.
    static func blocksNotFound(lessonFolder: String, module: String, testFile: String) throws -> [String] {
        let root = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var code = try String(contentsOfFile: testFile, encoding: .utf8)
        for folder in ["Sources/\(module)", "Sources/Domain"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted() where file.hasSuffix(".swift") {
                code += "\n" + (try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8))
            }
        }
        let haystack = normalized(code)
        let pages = root.appendingPathComponent("Lessons/\(lessonFolder)/pages")
        var problems: [String] = []
        for page in try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted() where page.hasSuffix(".md") {
            let markdown = try String(contentsOf: pages.appendingPathComponent(page), encoding: .utf8)
            for block in swiftBlocks(in: markdown) where block.first?.trimmingCharacters(in: .whitespaces) != "// A sketch, not in the module:" {
                for chunk in split(block) where !haystack.contains(normalized(chunk.joined(separator: "\n"))) {
                    problems.append("\(page): not found in the code:\n" + chunk.joined(separator: "\n"))
                }
            }
        }
        return problems
    }

    private static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The parts of a block between `// …` lines.
    private static func split(_ block: [String]) -> [[String]] {
        var chunks: [[String]] = [[]]
        for line in block {
            if line.trimmingCharacters(in: .whitespaces) == "// …" {
                chunks.append([])
            } else {
                chunks[chunks.count - 1].append(line)
            }
        }
        return chunks.filter { !$0.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
    }

    /// Lines without their indentation or a leading `private`/`fileprivate`, blank lines
    /// dropped: a page may show an excerpt indented differently from its file, and test
    /// doubles are private in the tests but shown plainly on the page.
    private static func normalized(_ text: String) -> String {
        "\n" + text.components(separatedBy: "\n")
            .map { line -> String in
                var line = line.trimmingCharacters(in: .whitespaces)
                for modifier in ["private ", "fileprivate "] where line.hasPrefix(modifier) {
                    line.removeFirst(modifier.count)
                }
                return line
            }
            .filter { !$0.isEmpty }
            .joined(separator: "\n") + "\n"
    }
}
