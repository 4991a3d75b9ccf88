import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// Which editor `edit` starts, and how it starts it: the learner's `$VISUAL` or `$EDITOR`,
/// else the first fallback on the `PATH`, run through `/bin/sh` so that settings with
/// arguments work. The editors here are scripts; the real vim and nano, on a real terminal,
/// are in EndToEndTests/TerminalEditorTests.
@MainActor
@Suite struct EditorChoiceTests {
    /// A folder holding executable scripts with the given names.
    func folder(with names: [String], body: String = "exit 0") throws -> TemporaryFolder {
        let folder = try TemporaryFolder("editors")
        for name in names {
            try ExecutableFile.writeScript(body, to: folder.url.appendingPathComponent(name))
        }
        return folder
    }

    @Test func theLearnersVisualComesBeforeEditorAndNeedsNoNote() throws {
        let both = SystemEditorLauncher(environment: ["VISUAL": "code --wait", "EDITOR": "vim", "PATH": "/usr/bin"])
        #expect(both.editorCommand == "code --wait")
        #expect(both.choiceNote == nil)
        let editorOnly = SystemEditorLauncher(environment: ["VISUAL": "  ", "EDITOR": "vim", "PATH": "/usr/bin"])
        #expect(editorOnly.editorCommand == "vim")
        #expect(editorOnly.choiceNote == nil)
    }

    @Test func withoutOneTheFirstFallbackOnThePathIsChosenAndTheNoteSaysHowToChooseAnother() throws {
        let early = try folder(with: ["vi", "nano"])
        let late = try folder(with: ["editor"])
        defer { early.remove(); late.remove() }
        // `editor` comes before nano and vi in the order of fallbacks, wherever it is on the PATH.
        let launcher = SystemEditorLauncher(environment: ["PATH": "\(early.url.path):\(late.url.path)"])
        #expect(launcher.editorCommand == "editor")
        #expect(launcher.choiceNote == "no $EDITOR set; to use another: quit, export EDITOR=vim, start again")
        #expect(SystemEditorLauncher(environment: ["PATH": early.url.path]).editorCommand == "nano")
        #expect(SystemEditorLauncher(environment: ["PATH": "\(early.url.path):\(late.url.path)", "EDITOR": "ed"]).editorCommand == "ed")
    }

    @Test func aFolderOrAFileThatCannotRunIsNoEditor() throws {
        let folder = try TemporaryFolder("editors")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sensible-editor"), withIntermediateDirectories: true)
        try "not a program".write(to: folder.url.appendingPathComponent("nano"), atomically: true, encoding: .utf8)
        let launcher = SystemEditorLauncher(environment: ["PATH": folder.url.path])
        #expect(launcher.editorCommand == nil)
        #expect(launcher.choiceNote == nil)
        #expect(SystemEditorLauncher(environment: [:]).editorCommand == nil)
    }

    @Test func anEditorWithArgumentsGetsThemAndThePathAsOneWord() throws {
        let folder = try TemporaryFolder("editors")
        defer { folder.remove() }
        let code = folder.url.appendingPathComponent("code")
        // Like `code --wait`: the flag first, then the file; it writes what it was given.
        try ExecutableFile.writeScript(#"[ "$1" = --wait ] && printf 'opened with %s\n' "$1" >> "$2""#, to: code)
        let file = folder.url.appendingPathComponent("My File; rm -rf x.swift")
        try "let x = 1\n".write(to: file, atomically: true, encoding: .utf8)
        try SystemEditorLauncher(environment: ["EDITOR": "\(code.path) --wait"]).open(file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let x = 1\nopened with --wait\n")
    }

    @Test func anEditorThatIsNotInstalledIsReportedWithWhatToDo() throws {
        let launcher = SystemEditorLauncher(environment: ["EDITOR": "no-such-editor-for-didojo"])
        let error = #expect(throws: EditorError.self) {
            try launcher.open(URL(fileURLWithPath: "/tmp/none.swift"))
        }
        #expect(error?.message == "The editor 'no-such-editor-for-didojo' was not found. Set $EDITOR to an installed editor, e.g. export EDITOR=nano.")
    }

    @Test func anEditorKilledBeforeItWasQuitIsReported() throws {
        let folder = try folder(with: ["doomed-editor"], body: "kill -KILL $$")
        defer { folder.remove() }
        let editor = folder.url.appendingPathComponent("doomed-editor").path
        let error = #expect(throws: EditorError.self) {
            try SystemEditorLauncher(environment: ["EDITOR": editor]).open(URL(fileURLWithPath: "/tmp/none.swift"))
        }
        #expect(error?.message == "The editor '\(editor)' ended before you quit it: killed (SIGKILL). Your file keeps what was last saved in it.")
    }

    @Test func editSaysWhichFallbackItOpensAndHowToChooseAnother() async throws {
        let editors = try folder(with: ["nano"])
        defer { editors.remove() }
        let harness = try ShellHarness(lines: ["edit arithmetic.1"])
        let output = await harness.run(editor: SystemEditorLauncher(environment: ["PATH": editors.url.path]))
        #expect(output.contains("Opening Doubler.swift with nano (no $EDITOR set; to use another: quit, export EDITOR=vim, start again)…"))
        #expect(output.contains("Back from the editor."))
    }

    @Test func helpEditSaysWhereCtrlCAndCtrlZGoAndWhichEditorsAreTried() async throws {
        let output = try await ShellHarness(lines: ["help edit"]).run().replacingOccurrences(of: "\n    ", with: " ")
        #expect(output.contains("With neither set, the first of sensible-editor, editor, nano, vi that is installed."))
        #expect(output.contains("Ctrl-C is the editor's"))
        #expect(output.contains("where 'fg' brings both back"))
    }

    @Test func editWithoutAnyEditorSaysWhatWasLookedForAndHowToSetOne() async throws {
        let harness = try ShellHarness(lines: ["edit arithmetic.1"])
        let output = await harness.run(editor: SystemEditorLauncher(environment: ["PATH": "/nonexistent"]))
        #expect(output.contains("No editor is set, and none of sensible-editor, editor, nano or vi is on your PATH. Open this file in any editor:\n  /ws/arithmetic/1/Doubler.swift\n"))
        #expect(output.contains("export EDITOR=nano"))
    }
}
