import ClassProtocol
import DojoCore
import DojoGrading
import DojoWorkspace
import Foundation

/// `class join <url> <code>`, `class leave`, `class status`: the live classroom, where the
/// teacher's dashboard shows the room as it works.
struct ClassCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & ProgressKeeping & LearnerFiles & ClassroomReaching & TimeTelling

    let name = "class"
    let usage = "class join <url> <code> | class leave | class status"
    let summary = "Join your teacher's live class, see what it has had from you, or leave it."
    let details = """
    'class join <url> <code>' joins the live class your teacher started ('didojo class serve' \
    prints both). From then on the teacher's dashboard hears, as you work: the lesson or exercise \
    you open, each check you run (passed or not, and the names of the checks that failed), the \
    hints you use and each 'run'. Never your code: only 'ask' sends your file, and shows it first.
    Nothing waits on the network: what you do is kept in your workspace and delivered in the \
    background, so a lost connection loses nothing. 'class status' shows what is still waiting; \
    'class leave' stops it all.
    """

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? ["join", "leave", "status"] : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        switch arguments.first {
        case "join": await join(Array(arguments.dropFirst()), session: session)
        case "leave": await leave(session: session)
        case "status", nil: await status(session: session)
        default: session.printer.line("'class \(arguments[0])' is not a class command: try 'class join <url> <code>', 'class status' or 'class leave'.")
        }
        return .keepGoing
    }

    private func join(_ arguments: [String], session: Context) async {
        let printer = session.printer
        let classroom = session.classroom
        var url = arguments.first
        var code = arguments.count > 1 ? arguments[1] : nil
        if url == nil, let live = session.workshop?.liveClass {
            guard session.terminal.confirm("Your workshop names the class at \(live.url) (code \(live.code)). Join it?") else { return }
            url = live.url
            code = live.code
        }
        guard let url, let code else {
            printer.line("Type 'class join <url> <code>' with the address and the code your teacher gives, e.g. 'class join http://192.168.1.20:8080 K7QD-P2XM'.")
            return
        }
        if let current = classroom.membership {
            guard session.terminal.confirm("You are in \"\(current.className)\" already. Leave it and join the class at \(url)?") else { return }
            // What waits for the old class must not go to the new one.
            do {
                try await classroom.leave()
            } catch {
                printer.failure("Could not leave \"\(current.className)\": \(error.localizedDescription)")
                return
            }
        }
        guard let name = learnerName(session: session) else { return }
        printer.note("Joining the class at \(url)…")
        switch await classroom.join(url: url, code: code, name: name) {
        case .success(let membership):
            printer.success("You joined \"\(membership.className)\" as \(membership.name). Your teacher now sees what you open, check, hint and run; never your code unless you 'ask'.")
            if let lesson = session.currentLesson {
                classroom.record(ClassEvent(kind: .opened, time: session.timeSource.now(), lessonID: lesson.id, exerciseID: session.progress.currentExerciseID))
            }
        case .failure(let problem):
            printer.failure(problem.message)
        }
    }

    /// The name the learner gave once (learner.json), else asked now and kept.
    private func learnerName(session: Context) -> String? {
        let workspace = session.workspace
        if let name = workspace.learner()?.name, case .success = LearnerName.validated(name) { return name }
        while true {
            guard case .line(let answer) = session.terminal.readLine(prompt: session.terminal.wrappedPrompt("Your name, as your teacher will see it: ")) else { return nil }
            switch LearnerName.validated(answer) {
            case .success(let name):
                try? workspace.saveLearner(LearnerRecord(name: name))
                return name
            case .failure(let problem):
                session.printer.line(problem.message)
            }
        }
    }

    private func leave(session: Context) async {
        let classroom = session.classroom
        guard let membership = classroom.membership else {
            session.printer.line("You are not in a live class. 'class join <url> <code>' joins one.")
            return
        }
        let waiting = classroom.status().waiting
        let question = waiting > 0
            ? "Leave \"\(membership.className)\"? \(CountedNoun.words(waiting, "event")) not delivered yet will be dropped."
            : "Leave \"\(membership.className)\"?"
        guard session.terminal.confirm(question) else { return }
        do {
            try await classroom.leave()
            session.printer.success("You left \"\(membership.className)\": nothing more is sent.")
        } catch {
            session.printer.failure("Could not leave the class: \(error.localizedDescription)")
        }
    }

    private func status(session: Context) async {
        let printer = session.printer
        let classroom = session.classroom
        guard classroom.membership != nil else {
            printer.line("You are not in a live class. 'class join <url> <code>' joins one (your teacher has the address and the code).")
            return
        }
        classroom.deliverNow()
        if case .failure(let problem) = await classroom.refresh() {
            printer.warning(problem.message + " What you do is kept, and delivered once the class can be reached.")
        }
        guard let membership = classroom.membership else { return }
        let status = classroom.status()
        printer.line("In \"\(membership.className)\" at \(membership.serverURL.absoluteString), as \(membership.name).")
        printer.line(status.waiting == 0 ? "Everything you did has been delivered." : "\(CountedNoun.words(status.waiting, "event")) waiting to be delivered.")
        if let last = status.lastDelivery {
            let seconds = session.timeSource.now().timeIntervalSince(last.time)
            printer.line("Last delivery, \(DurationWords.describe(seconds: seconds)) ago: \(last.message).")
        }
        if status.refused > 0 {
            printer.warning("The server refused \(CountedNoun.words(status.refused, "event")); they are kept in \(session.workspace.stateFolder.path)/class-refused with the reason.")
        }
        if !membership.unlockedLessons.isEmpty {
            printer.line("Unlocked by your teacher: \(membership.unlockedLessons.joined(separator: ", ")).")
        }
    }
}
