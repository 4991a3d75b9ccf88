import DojoCore
import Foundation
import SwiftParser
import SwiftSyntax

/// The copy of a tests file (the lesson's checks, or a learner's tests) that the
/// `ExerciseChecks` module is compiled from.
///
/// The copy leaves out the imports of modules that `Exercise` re-exports, so those modules are
/// seen only through `Exercise`, and the code under test shadows what they declare: a learner's
/// own `UserRouter` wins over the lesson module's, as it would in one module. Swift treats a
/// module that is also imported directly as a rival instead, and calls every use ambiguous.
///
/// Nothing moves: an import is blanked out with spaces, and a `#sourceLocation` line names the
/// original file, so compiler messages, `#filePath` and `#line` all point at the original.
enum TestsFileCopy {
    static func text(of source: String, originalPath: String, leavingOutImportsOf modules: [String]) -> String {
        var bytes = Array(source.utf8)
        for statement in Parser.parse(source: source).statements {
            guard let declaration = statement.item.as(ImportDeclSyntax.self),
                  declaration.attributes.isEmpty,
                  let module = declaration.path.first?.name.text,
                  modules.contains(module) else { continue }
            let start = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = declaration.endPositionBeforeTrailingTrivia.utf8Offset
            for index in start..<end where bytes[index] != UInt8(ascii: "\n") {
                bytes[index] = UInt8(ascii: " ")
            }
        }
        let escapedPath = originalPath.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "#sourceLocation(file: \"\(escapedPath)\", line: 1)\n" + String(decoding: bytes, as: UTF8.self)
    }
}
