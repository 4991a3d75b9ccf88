import DojoCore
import Foundation

/// The lean twin of the lesson library, `libDIDojoLessonsLean.so`: every lesson module but those
/// that use swift-dependencies (see Package.swift), built beside the whole library.
///
/// Why: swift-dependencies brings FoundationNetworking, and with it libcurl and some thirty
/// system libraries, into every program that loads it. Loading the whole lesson library takes
/// the checks' program about 15 ms; the lean one, 1.2 ms. A check loads the lean one whenever
/// none of its code imports a module that only the whole library has (and a program never
/// loads both: each holds its own copy of the domain's types).
struct LeanLessonLibrary: Sendable, Equatable, Codable {
    static let name = "DIDojoLessonsLean"

    let file: URL
    /// The modules built into it.
    let modules: Set<String>

    init(file: URL, modules: Set<String>) {
        self.file = file
        self.modules = modules
    }

    /// The lean library in the build `folder`, with its modules read from the list of objects
    /// SwiftPM linked it from (`<product>.product/Objects.LinkFileList`, one
    /// `<Module>.build/` folder per module); nil when either is missing.
    static func find(in folder: URL, fileSystem: any FileSystem) -> LeanLessonLibrary? {
        let file = folder.appendingPathComponent("lib\(name).so")
        let objects = folder.appendingPathComponent("\(name).product/Objects.LinkFileList")
        guard fileSystem.fileExists(at: file), let list = try? fileSystem.text(of: objects) else { return nil }
        let modules = list.split(separator: "\n").compactMap { line in
            line.split(separator: "/").last { $0.hasSuffix(".build") }.map { String($0.dropLast(".build".count)) }
        }
        return modules.isEmpty ? nil : LeanLessonLibrary(file: file, modules: Set(modules))
    }

    /// Whether code that imports `imported` can run with this library loaded: each is one of its
    /// modules, or no module of the build at all (the toolchain's, whose libraries the link
    /// names, or none: the compiler says so). `isBuiltModule` says whether the build has a
    /// module of that name.
    func serves(_ imported: Set<String>, isBuiltModule: (String) -> Bool) -> Bool {
        imported.allSatisfy { modules.contains($0) || !isBuiltModule($0) }
    }
}
