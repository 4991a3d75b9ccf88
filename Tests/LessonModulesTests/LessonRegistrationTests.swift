import Foundation
import Testing

/// A lesson is a folder under `Lessons/` and a module under `Sources/`; both must be registered
/// in the few places that cannot find them by themselves (Lessons/README.md, "Adding a lesson",
/// lists them). A lesson left out of one of them fails here, with what to add where, instead of
/// building without its demo or shipping a module no check can import.
@Suite struct LessonRegistrationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each lesson folder's id and the module its `lesson.yaml` names, in the lessons' order.
    static func lessons() throws -> [(folder: String, module: String)] {
        let lessons = root.appendingPathComponent("Lessons")
        let folders = try FileManager.default.contentsOfDirectory(atPath: lessons.path)
            .filter { $0.first?.isNumber == true }
            .sorted()
        return try folders.map { folder in
            let manifest = try String(contentsOf: lessons.appendingPathComponent("\(folder)/lesson.yaml"), encoding: .utf8)
            let module = manifest.split(separator: "\n")
                .first { $0.hasPrefix("module:") }
                .map { $0.dropFirst("module:".count).trimmingCharacters(in: .whitespaces) }
            return (folder, try #require(module, "Lessons/\(folder)/lesson.yaml names no module"))
        }
    }

    /// The names in `Package.swift`'s `lessonModules`, in its order.
    static func packageLessonModules() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "let lessonModules: [String] = ["), "Package.swift has no lessonModules list")
        let end = try #require(manifest.range(of: "]", range: start.upperBound..<manifest.endIndex))
        return manifest[start.upperBound..<end.lowerBound]
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            .filter { !$0.isEmpty }
    }

    @Test func everyLessonFolderNamesAModuleThatExists() throws {
        let lessons = try Self.lessons()
        #expect(!lessons.isEmpty, "no lesson folder found under \(Self.root.path)/Lessons")
        for lesson in lessons {
            var isFolder: ObjCBool = false
            let folder = Self.root.appendingPathComponent("Sources/\(lesson.module)").path
            #expect(
                FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue,
                "Lessons/\(lesson.folder)/lesson.yaml names the module \(lesson.module), but Sources/\(lesson.module)/ does not exist"
            )
        }
    }

    @Test func packageSwiftListsEveryLessonModuleInTheLessonsOrder() throws {
        let modules = try Self.lessons().map(\.module)
        let listed = try Self.packageLessonModules()
        #expect(listed == modules, "Package.swift's lessonModules should be the lessons' modules, in the lessons' order: \(modules)")
    }

    @Test func theDemosExecutableImportsAndListsEveryLessonModule() throws {
        let file = "Sources/didojo-demos/LessonDemos.swift"
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let modules = try Self.lessons().map(\.module)
        for module in modules {
            #expect(lines.contains("import \(module)"), "\(file) does not import \(module): add its demo type to LessonDemos.all")
        }
        let demoTypes = lines.filter { $0.hasSuffix(".self,") || $0.hasSuffix(".self") }
        #expect(demoTypes.count == modules.count, "\(file) lists \(demoTypes.count) demo types for \(modules.count) lessons")
    }
}
