import DojoGrading
import Foundation

/// What an explanation may look at besides the diagnostic itself: which file is the learner's
/// and which the lesson's checks, the text of those files, and the other errors of the same
/// compile.
///
/// An explanation that names the learner's own identifiers (the type, the label, the module to
/// import), or says where the checks expect something, needs to know whose line the compiler
/// pointed at; one that tells "add `import Foundation`" needs to know the file lacks it.
struct ExplanationContext {
    /// Whose code a diagnostic points at.
    enum Place: Equatable {
        /// The file the learner edits.
        case learnerFile
        /// The exercise's checks, which use the learner's code the way the task describes.
        case checks
        /// Anything else: a lesson module, a support file, a macro expansion.
        case elsewhere
    }

    let learnerFile: String
    let checksFile: String?
    /// Every error of the compile, in the compiler's order.
    let diagnostics: [CompilerDiagnostic]
    private let readText: (String) -> String?

    init(learnerFile: String, checksFile: String?, diagnostics: [CompilerDiagnostic], readText: @escaping (String) -> String?) {
        self.learnerFile = learnerFile
        self.checksFile = checksFile
        self.diagnostics = diagnostics
        self.readText = readText
    }

    func place(of diagnostic: CompilerDiagnostic) -> Place {
        if diagnostic.file == learnerFile { return .learnerFile }
        if let checksFile, diagnostic.file == checksFile { return .checks }
        return .elsewhere
    }

    /// The text of the learner's file, if it can be read.
    var learnerText: String? { readText(learnerFile) }

    /// Line `number` (from 1) of `file`, nil if there is no such line.
    func sourceLine(_ number: Int, of file: String) -> String? {
        guard let text = readText(file) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }

    /// The line a diagnostic (or note) points at.
    func sourceLine(of diagnostic: CompilerDiagnostic) -> String? {
        sourceLine(diagnostic.line, of: diagnostic.file)
    }

    /// The modules `file` imports, read from its `import` lines.
    func imports(of file: String) -> Set<String> {
        guard let text = readText(file) else { return [] }
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // `import Foundation`, `@testable import X`, `import struct Foundation.Date`.
            guard let position = words.firstIndex(of: "import"), position + 1 < words.count else { continue }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let name = words[(position + 1)...].first { !kinds.contains($0) }
            if let module = name?.split(separator: ".").first { modules.insert(String(module)) }
        }
        return modules
    }

    /// The names the learner's file declares (types, functions, properties, cases), in order.
    var learnerDeclaredNames: [String] {
        guard let text = learnerText else { return [] }
        let keywords = "class|struct|enum|protocol|actor|typealias|func|var|let|case|associatedtype"
        let pattern = try! Regex("\\b(?:\(keywords))\\s+([A-Za-z_][A-Za-z0-9_]*)")
        var names: [String] = []
        for match in text.matches(of: pattern) {
            guard let name = match.output[1].substring.map(String.init), !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }
}
