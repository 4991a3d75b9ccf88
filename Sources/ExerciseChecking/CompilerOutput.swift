import DojoGrading
import Foundation

/// Reads swiftc's output (in `-diagnostic-style=llvm` form: `path:line:col: severity: message`)
/// into diagnostics. Other lines (source excerpts) are skipped.
enum CompilerOutput {
    /// A note usually belongs to the diagnostic before it, but swiftc prints several
    /// "does not conform to protocol 'P'" errors first and all their notes after; a note made
    /// in `P.swift` then goes to the error that names `'P'`.
    static func diagnostics(in output: String) -> [CompilerDiagnostic] {
        var diagnostics: [CompilerDiagnostic] = []
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let diagnostic = diagnostic(in: String(rawLine)) else { continue }
            guard diagnostic.severity == .note else {
                diagnostics.append(diagnostic)
                continue
            }
            guard !diagnostics.isEmpty else { continue }
            let declaredIn = "'" + URL(fileURLWithPath: diagnostic.file).deletingPathExtension().lastPathComponent + "'"
            let owner = diagnostics.lastIndex { $0.message.contains(declaredIn) } ?? diagnostics.count - 1
            diagnostics[owner].notes.append(diagnostic)
        }
        return diagnostics
    }

    static func diagnostic(in line: String) -> CompilerDiagnostic? {
        for severity in [CompilerDiagnostic.Severity.error, .warning, .note] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3,
                  let lineNumber = Int(location[location.count - 2]),
                  let column = Int(location[location.count - 1]) else { continue }
            let file = location.dropLast(2).joined(separator: ":")
            return CompilerDiagnostic(
                file: file, line: lineNumber, column: column, severity: severity,
                message: String(line[marker.upperBound...])
            )
        }
        return nil
    }
}
