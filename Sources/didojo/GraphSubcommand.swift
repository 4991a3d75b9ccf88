import ArgumentParser
import DojoCatalog
import DojoCore
import DojoShell
import DojoWorkspace
import Foundation
import WiringAnalysis

/// `didojo graph <exercise-or-lesson> [--format text|dot|mermaid|json] [--diff]`: the wiring
/// the shell's `graph` draws. Exit status 0 when drawn, 1 when `--diff` is refused by the
/// solutions policy, 2 for a usage or set-up error.
struct GraphSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the wiring of your file for an exercise, or of a lesson's module: who needs, creates and holds whom.",
        discussion: """
        text is drawn for the terminal (plain ASCII when the output is not a colour terminal); dot is for \
        Graphviz (dot -Tsvg), mermaid for Mermaid, json is described in Sources/WiringAnalysis/README.md. \
        Exit status 0 when drawn, 1 when --diff is refused by the solutions policy, 2 for a usage or set-up error.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, dot, mermaid, json

        var graphFormat: GraphFormat { GraphFormat(rawValue: rawValue) ?? .text }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: "An exercise (no-di.2): your file for it; or a lesson (no-di): its module's sources.")
    var target: String

    @Option(help: "text, dot, mermaid or json.")
    var format: Format = .text

    @Flag(help: "After your graph, draw the reference solution's and list what differs (when the solutions policy allows).")
    var diff = false

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let workspace = root.workspace()
        let graphs = WiringGraphs(fileSystem: root.fileSystem, workspace: workspace, vocabularies: root.wiringVocabularies(), catalog: catalog)
        let options = WiringGraphs.textOptions(for: root.outputStyle())

        if let lesson = catalog.lesson(id: target) {
            if diff { try SetupFailure.stop(GraphError.diffNeedsAnExercise(lessonID: lesson.id)) }
            let drawing = try SetupFailure.exitOnError { try graphs.moduleWiring(of: lesson) }
            Self.show(drawing, format: format.graphFormat, options: options)
            return
        }
        guard let exercise = catalog.exercise(id: target) else {
            let suggestion = ClosestMatch.find(target, among: catalog.allExercises.map(\.id) + catalog.lessons.map(\.id))
            try SetupFailure.stop(GraphError.usage("There is no exercise or lesson '\(target)'."
                + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " 'didojo list' shows them."))
        }
        if diff {
            if format != .text { try SetupFailure.stop(GraphError.diffIsTextOnly(target: exercise.id)) }
            // Decided before anything is drawn: a refusal prints no half of the comparison.
            try ensureSolutionMayBeShown(exercise, root: root, workspace: workspace)
        }
        try SetupFailure.exitOnError { try workspace.prepare(for: catalog.allExercises) }
        let yours = try SetupFailure.exitOnError { try graphs.learnersWiring(of: exercise) }
        Self.show(yours, format: format.graphFormat, options: options)
        guard diff else { return }
        let solution = try SetupFailure.exitOnError { try graphs.solutionWiring(of: exercise) }
        print("\nThe solution of \(exercise.id), drawn the same way:")
        Self.show(solution, format: .text, options: options)
        print("\nCompared with the solution:")
        let differences = WiringGraphs.differences(yours: yours.report, solution: solution.report)
        for line in differences.isEmpty ? [WiringGraphs.noDifferences] : differences {
            print("  " + line)
        }
    }

    /// The drawing on standard output; what the learner should know about it on standard error,
    /// so that the output of `--format dot` or `json` is the graph alone.
    private static func show(_ drawing: WiringGraphs.Drawing, format: GraphFormat, options: TextGraphRenderer.Options) {
        if let caveat = drawing.caveat {
            StandardStreams.writeError(caveat + "\n")
        }
        print(format.render(drawing.report, options: options), terminator: "")
    }

    /// Ends the command with status 1 and the reason when the solutions policy keeps the
    /// solution hidden; notes that the learner saw it when it is shown before a pass.
    @MainActor
    private func ensureSolutionMayBeShown(_ exercise: Exercise, root: CompositionRoot, workspace: Workspace) throws {
        let progress = try SetupFailure.exitOnError { try root.readProgress(of: workspace) }
        let passed = progress.exercise(exercise.id).passed
        let workshop = try SetupFailure.exitOnError { try root.workshop() }
        switch WiringGraphs.solutionAccess(to: exercise, passed: passed, workshop: workshop) {
        case .allowed:
            return
        case .askFirst where workshop?.solutions == .always:
            break
        case .askFirst:
            try Self.refuse("You have not passed \(exercise.id) yet, and the solution's graph gives much of the answer away: "
                + "'didojo graph --diff' draws it once you have passed. In the shell, 'graph \(exercise.id) --diff' asks first.")
        case .refused(let reason):
            try Self.refuse(reason)
        }
        try SetupFailure.exitOnError {
            _ = try root.progressStore(for: workspace).update { [now = root.timeSource.now()] in $0.update(exercise.id) { $0.markSolutionSeen(at: now) } }
        }
    }

    private static func refuse(_ reason: String) throws -> Never {
        StandardStreams.writeError(reason + "\n")
        throw ExitCode(1)
    }
}
