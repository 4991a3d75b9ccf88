import DojoCatalog
import WiringAnalysis

/// `graph [exercise | lesson] [--format text|dot|mermaid|json] [--diff]`: the wiring of the
/// learner's file, or of a lesson's module, drawn in the terminal or written for other tools.
struct GraphCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & LearnerMoving & ProgressKeeping & LearnerFiles & TimeTelling

    nonisolated static let formatOption = "--format"
    nonisolated static let diffFlag = "--diff"

    let name = "graph"
    let usage = "graph [exercise | lesson] [--format text|dot|mermaid|json] [--diff]"
    let summary = "Draw the wiring of your file (or a lesson's module): who needs, creates and holds whom."
    var details: String {
        """
        Draws your file for an exercise (with the files checked beside it) as boxes and arrows: \
        a heavy arrow where a type creates a concrete type itself, a dashed one where it needs a \
        protocol it is given, the composition root marked with a star, and what looks like a DI \
        mistake listed under the drawing with its line. Read from the source without compiling \
        it, so it is a heuristic sketch. Without an id, draws the current exercise; with a \
        lesson id ('graph constructor'), the lesson's module. --format dot, mermaid or json \
        writes the graph for Graphviz, Mermaid or a program (the JSON is described in \
        Sources/WiringAnalysis/README.md). --diff draws the solution's graph after yours and \
        lists what differs, once the solution may be shown (as for 'solution').
        """
    }

    /// What was asked for.
    struct Request: Equatable {
        var target: String?
        var format: GraphFormat = .text
        var diff = false

        /// Reads the words after `graph`; throws a usage message for a person.
        init(_ arguments: [String]) throws(GraphError) {
            var words = arguments[...]
            while let word = words.popFirst() {
                if word == GraphCommand.diffFlag {
                    diff = true
                } else if word == GraphCommand.formatOption || word.hasPrefix(GraphCommand.formatOption + "=") {
                    let value = word == GraphCommand.formatOption ? words.popFirst() : String(word.dropFirst(GraphCommand.formatOption.count + 1))
                    guard let value, let chosen = GraphFormat(rawValue: value) else {
                        throw .usage("--format takes one of \(GraphFormat.names), e.g. 'graph --format dot'.")
                    }
                    format = chosen
                } else if word.hasPrefix("-") {
                    throw .usage("'graph' has no option '\(word)'. It takes --format \(GraphFormat.allCases.map(\.rawValue).joined(separator: "|")) and --diff.")
                } else if target == nil {
                    target = word
                } else {
                    throw .usage("'graph' draws one exercise or lesson at a time: 'graph \(target ?? word)'.")
                }
            }
        }
    }

    func completions(arguments: [String], session: Context) -> [String] {
        if arguments.last == Self.formatOption { return GraphFormat.allCases.map(\.rawValue) }
        var offered: [String] = []
        // The words typed so far name a target unless they are options and --format's value.
        var words = arguments[...]
        var targetGiven = false
        while let word = words.popFirst() {
            if word == Self.formatOption { _ = words.popFirst() } else if !word.hasPrefix("-") { targetGiven = true }
        }
        if !targetGiven {
            offered += session.catalog.allExercises.map(\.id) + session.catalog.lessons.map(\.id)
        }
        if !arguments.contains(Self.formatOption) { offered.append(Self.formatOption) }
        if !arguments.contains(Self.diffFlag) { offered.append(Self.diffFlag) }
        return offered
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        do {
            let request = try Request(arguments)
            let graphs = WiringGraphs(
                fileSystem: session.fileSystem, workspace: session.workspace,
                vocabularies: session.wiringVocabularies, catalog: session.catalog
            )
            if let name = request.target, let lesson = session.catalog.lesson(id: name) {
                guard !request.diff else { throw GraphError.diffNeedsAnExercise(lessonID: lesson.id) }
                if let locked = session.lockMessage(for: lesson) {
                    printer.line(locked)
                    return .keepGoing
                }
                show(try graphs.moduleWiring(of: lesson), format: request.format, session: session)
                return .keepGoing
            }
            let exercise = try self.exercise(named: request.target, session: session)
            if request.diff, request.format != .text { throw GraphError.diffIsTextOnly(target: exercise.id) }
            guard session.select(exercise) else { return .keepGoing }
            try session.ensureLearnerFile(for: exercise)
            let yours = try graphs.learnersWiring(of: exercise)
            show(yours, format: request.format, session: session)
            if request.diff {
                try showSolution(of: exercise, beside: yours.report, graphs: graphs, session: session)
            }
        } catch {
            printer.line(error.localizedDescription)
        }
        return .keepGoing
    }

    /// The exercise named (an id, or a number in the open lesson), or the current one.
    private func exercise(named name: String?, session: Context) throws -> Exercise {
        do {
            return try session.exercise(named: name)
        } catch {
            guard let name else { throw error }
            let known = session.catalog.allExercises.map(\.id) + session.catalog.lessons.map(\.id)
            let suggestion = ClosestMatch.find(name, among: known).map { " Did you mean '\($0)'?" } ?? ""
            throw GraphError.usage("There is no exercise or lesson '\(name)'.\(suggestion) 'graph' takes an exercise id "
                + "(no-di.1), a lesson id (no-di), or nothing for the current exercise; 'lessons' lists them.")
        }
    }

    private func show(_ drawing: WiringGraphs.Drawing, format: GraphFormat, session: Context) {
        session.paged { printer in
            if let caveat = drawing.caveat { printer.note(caveat) }
            printer.verbatim(format.render(drawing.report, options: WiringGraphs.textOptions(for: session.terminal.style)))
        }
    }

    private func showSolution(of exercise: Exercise, beside yours: WiringReport, graphs: WiringGraphs, session: Context) throws {
        let printer = session.printer
        let passed = session.progress.exercise(exercise.id).passed
        switch WiringGraphs.solutionAccess(to: exercise, passed: passed, workshop: session.workshop) {
        case .refused(let reason):
            printer.line()
            printer.line(reason)
            return
        case .askFirst:
            let question = "You have not passed \(exercise.id) yet; the solution's graph gives much of the answer away. Draw it anyway?"
            guard session.terminal.confirm(question) else {
                printer.note("Kept hidden. 'hint' gives a smaller push.")
                return
            }
        case .allowed:
            break
        }
        let now = session.timeSource.now()
        session.updateProgress { $0.update(exercise.id) { $0.markSolutionSeen(at: now) } }
        let solution = try graphs.solutionWiring(of: exercise)
        let differences = WiringGraphs.differences(yours: yours, solution: solution.report)
        session.paged { printer in
            printer.line()
            printer.heading("The solution of \(exercise.id), drawn the same way:")
            if let caveat = solution.caveat { printer.note(caveat) }
            printer.verbatim(GraphFormat.text.render(solution.report, options: WiringGraphs.textOptions(for: session.terminal.style)))
            printer.line()
            printer.heading("Compared with the solution:")
            if differences.isEmpty {
                printer.line(WiringGraphs.noDifferences, indent: "  ")
            }
            for difference in differences {
                printer.line(difference, indent: "  ")
            }
        }
    }
}
