import DojoCatalog
@testable import ExerciseChecking
import Foundation
import Testing

/// The exercise's language mode reaches the compiler as the last `-swift-version`, which wins
/// over the steps' own `-swift-version 5`.
@Suite struct LanguageModeFlagsTests {
    func exercise(mode: Int, warningsAsErrors: [WarningGroup] = []) -> Exercise {
        let file = URL(fileURLWithPath: "/lessons/01-x/exercises/1/starter.swift")
        return Exercise(
            lessonID: "x", number: 1, title: "X", task: "", hints: [], fileName: "X.swift",
            starter: file, solution: file, checks: file, support: [],
            warningsAsErrors: warningsAsErrors, languageMode: mode)
    }

    @Test func swift5ModeAddsNoFlag() {
        #expect(CompilingChecker.compilerFlags(of: exercise(mode: 5)).isEmpty)
    }

    @Test func swift6ModeComesBeforeTheWarningGroups() {
        let flags = CompilingChecker.compilerFlags(of: exercise(mode: 6, warningsAsErrors: [WarningGroup(group: "G", message: "m")]))
        #expect(flags == ["-swift-version", "6", "-Werror", "G"])
    }

    @Test func theStepsThemselvesStayInSwift5ModeSoTheExercisesFlagIsTheLastWord() {
        let arguments = CompileStep.exerciseModule.driverArguments(
            folder: "/f", inputs: ["/f/a.swift"], toolchain: Toolchain(swiftc: URL(fileURLWithPath: "/usr/bin/swiftc")),
            products: BuildProducts(modulesFolder: URL(fileURLWithPath: "/b/Modules"), libraryFolder: URL(fileURLWithPath: "/b")),
            moduleCache: URL(fileURLWithPath: "/m"))
        #expect(arguments.firstIndex(of: "-swift-version").map { arguments[$0 + 1] } == "5")
    }
}
