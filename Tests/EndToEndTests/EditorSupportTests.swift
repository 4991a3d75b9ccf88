import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// An exercise file opened in an editor with sourcekit-lsp (VS Code's Swift extension, Neovim's
/// `sourcekit`) gets completion and the compiler's errors: the real `didojo` makes the
/// workspace, and the real sourcekit-lsp of the toolchain reads it, over JSON-RPC as an editor.
///
/// Each test opens the learner's file with a deliberate mistake added. Seeing exactly that
/// mistake reported shows the file was compiled with the workspace's settings: without them,
/// sourcekit-lsp reports "no such module" or nothing at all.
@Suite(.serialized) struct EditorSupportTests {
    let didojo: Didojo

    /// A fresh workspace, made as a learner's first start makes it.
    init() async throws {
        didojo = try Didojo()
        let start = try await didojo.run([], input: "quit\n")
        #expect(start.termination == .exited(0), "\(start.standardError)")
    }

    func file(_ relativePath: String) -> URL {
        didojo.workspace.appendingPathComponent(relativePath)
    }

    /// Runs `body` with sourcekit-lsp started in the workspace folder, as an editor opening it.
    func withEditor(_ body: (LanguageServerConnection) throws -> Void) throws {
        let server = try LanguageServerConnection(
            server: try LanguageServerConnection.sourceKitLSP(), root: didojo.workspace,
            logFile: didojo.home.url.appendingPathComponent("sourcekit-lsp-\(UUID().uuidString).log")
        )
        try body(server)
        try server.shutDown()
    }

    /// The errors sourcekit-lsp reports for `file` opened with `text`, after checking that none
    /// of its diagnostics says a module cannot be found.
    func errors(in file: URL, text: String, server: LanguageServerConnection) throws -> [String] {
        try server.open(file, text: text)
        let diagnostics = try server.diagnostics(of: file)
        #expect(!diagnostics.contains { $0.message.lowercased().contains("no such module") }, "\(diagnostics)")
        return diagnostics.filter(\.isError).map(\.message)
    }

    @Test func theWorkspaceHoldsACompilationDatabaseNamingEveryExercise() throws {
        let data = try Data(contentsOf: file(EditorSupportFiles.compilationDatabaseName))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let files = Set(entries.compactMap { $0["file"] as? String })
        for exercise in LessonVerificationTests.catalog.allExercises {
            #expect(files.contains(file("\(exercise.lessonID)/\(exercise.number)/\(exercise.fileName)").path), "\(exercise.id)")
        }
    }

    /// `didojo check` writes it too, for a learner who never starts the shell.
    @Test func checkWritesItInAWorkspaceOfItsOwn() async throws {
        let checking = try Didojo()
        let result = try await checking.run(["check", "no-di.1"])
        #expect(result.termination == .exited(1), "the starter fails its checks: \(result.standardOutput)")
        let database = checking.workspace.appendingPathComponent(EditorSupportFiles.compilationDatabaseName)
        let text = try String(contentsOf: database, encoding: .utf8)
        #expect(text.contains(checking.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift").path))
    }

    @Test func constructorOneKnowsDomainCompletesTheOutputAndReportsAMistake() throws {
        let learnerFile = file("constructor/1/SocialPresenter.swift")
        let starter = try String(contentsOf: learnerFile, encoding: .utf8)
        #expect(starter.contains("import Domain"))
        try withEditor { server in
            let errors = try errors(
                in: learnerFile, text: starter + "\nfunc editorMistake() { SystemClock().undefinedMethod() }\n", server: server
            )
            #expect(errors.count == 1, "\(errors)")
            #expect(errors.first?.contains("'SystemClock'") == true && errors.first?.contains("'undefinedMethod'") == true, "\(errors)")

            let probe = starter + "\nfunc editorProbe(output: any SocialPostOutput) {\n    output.\n}\n"
            try server.change(learnerFile, to: probe, version: 2)
            let line = try #require(probe.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "    output."))
            let labels = try server.completions(in: learnerFile, line: line, character: "    output.".count)
            #expect(labels.contains { $0.hasPrefix("post(") }, "\(labels)")
        }
    }

    /// `@DependencyClient` expands through swift-dependencies' macro plugin: the no-argument
    /// initializer the mistake calls exists only in its expansion.
    @Test func aDependencyValuesExerciseExpandsTheMacros() throws {
        let exercise = try #require(LessonVerificationTests.catalog.exercise(id: "dependency-values.1"))
        let solution = try String(contentsOf: exercise.solution, encoding: .utf8)
        #expect(solution.contains("@DependencyClient"))
        try withEditor { server in
            let errors = try errors(
                in: file("dependency-values/1/\(exercise.fileName)"),
                text: solution + "\nfunc editorMistake() { PostingClient().undefinedMethod() }\n", server: server
            )
            #expect(errors.count == 1, "\(errors)")
            #expect(errors.first?.contains("'PostingClient'") == true && errors.first?.contains("'undefinedMethod'") == true, "\(errors)")
        }
    }

    @Test func aContainerExerciseKnowsSwinject() throws {
        let learnerFile = file("container/3/AppAssembly.swift")
        let starter = try String(contentsOf: learnerFile, encoding: .utf8)
        #expect(starter.contains("import Swinject"))
        try withEditor { server in
            let errors = try errors(
                in: learnerFile, text: starter + "\nfunc editorMistake() { Swinject.Container().undefinedMethod() }\n", server: server
            )
            #expect(errors.count == 1, "\(errors)")
            #expect(errors.first?.contains("'Container'") == true && errors.first?.contains("'undefinedMethod'") == true, "\(errors)")
        }
    }

    /// The learner's tests see the subject they test (compiled with them) and XCTest.
    @Test func aTestWritingExerciseSeesItsSubjectAndXCTest() throws {
        let learnerFile = file("constructor/4/SocialPresenterTests.swift")
        let starter = try String(contentsOf: learnerFile, encoding: .utf8)
        try withEditor { server in
            let errors = try errors(
                in: learnerFile, text: starter + "\nfunc editorMistake() { XCTAssertTrue(SocialPresenter.undefinedMethod()) }\n",
                server: server
            )
            #expect(errors.count == 1, "\(errors)")
            #expect(errors.first?.contains("'SocialPresenter'") == true && errors.first?.contains("'undefinedMethod'") == true, "\(errors)")
        }
    }

    /// Every exercise's solution, in the learner's file, shows no error but the one added: the
    /// editor agrees with `check`, which compiles every solution.
    @Test func everySolutionShowsOnlyTheAddedMistake() throws {
        let mistake = "\nlet editorMistake: Int = \"not a number\"\n"
        try withEditor { server in
            for exercise in LessonVerificationTests.catalog.allExercises {
                let solution = try String(contentsOf: exercise.solution, encoding: .utf8)
                let errors = try errors(
                    in: file("\(exercise.lessonID)/\(exercise.number)/\(exercise.fileName)"), text: solution + mistake, server: server
                )
                #expect(errors.count == 1 && errors.first?.contains("'String'") == true, "\(exercise.id): \(errors)")
            }
        }
    }
}
