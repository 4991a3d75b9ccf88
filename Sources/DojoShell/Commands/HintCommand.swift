import ClassProtocol
import DojoCatalog
import DojoCore
import DojoGrading
import DojoWorkspace

/// `hint [id]`: one more hint each time, the one about the learner's last failure first.
struct HintCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & ProgressKeeping & ClassroomReaching & TimeTelling

    let name = "hint"
    let usage = "hint [exercise]"
    let summary = "Show one more hint for the exercise."
    var details: String {
        "Each 'hint' shows one more. A hint written for a check that failed in your last 'check' comes first, with the check it answers named; the others follow in order. When your last check passed, there is nothing to hint at, and no hint is counted; change your file and check it again, and the hints follow what fails then."
    }

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        let printer = session.printer
        guard !exercise.hints.isEmpty else {
            printer.line("This exercise has no hints.")
            return
        }
        let record = session.progress.exercise(exercise.id)
        // The file as it was last checked decides, not a pass recorded before it: a learner
        // who passed and then broke it needs the hints again.
        if record.passedLastCheck {
            printer.success("Your file passed its last check of \(exercise.id): no hint needed, and none was counted.")
            printer.note("'solution' shows the reference solution to compare with yours; 'next' goes on.")
            return
        }
        let seen = record.seenHints(of: exercise)
        guard let next = Self.nextHint(for: exercise, seen: seen, lastFailures: record.lastFailures ?? []) else {
            printer.line("You have seen all \(CountedNoun.words(exercise.hints.count, "hint")) for \(exercise.id):")
            for (index, hint) in exercise.hints.enumerated() {
                printer.line("\(index + 1). \(hint.text)", indent: "  ")
            }
            printer.note("Still stuck? 'solution' shows the reference solution (it asks first).")
            return
        }
        session.updateProgress { progress in
            progress.update(exercise.id) { record in
                // Based on what is on disk now: another didojo may have shown one meanwhile.
                let alreadySeen = record.seenHints(of: exercise)
                guard !alreadySeen.contains(next) else { return }
                record.hintsSeen = alreadySeen + [next]
                record.hintsShown = alreadySeen.count + 1
            }
        }
        session.classroom.record(ClassEvent(
            kind: .hint, time: session.timeSource.now(), lessonID: exercise.lessonID, exerciseID: exercise.id))
        let hint = exercise.hints[next]
        let answering = hint.when.filter { (record.lastFailures ?? []).contains($0) }
        printer.heading("Hint \(seen.count + 1) of \(exercise.hints.count) for \(exercise.id)" + (answering.isEmpty ? "" : ", about what failed in your last check:"))
        if !answering.isEmpty {
            // Named, so that the learner can see it is the failure in front of them.
            for failure in answering {
                printer.line("✗ " + Self.readableName(of: failure, in: exercise), indent: "  ")
            }
        }
        printer.markdown(hint.text)
        if seen.count + 1 < exercise.hints.count {
            printer.note("Type 'hint' again for another.")
        }
    }

    /// A failure as the check report named it: a check's readable name, or the description of
    /// a planted bug (`mutant:<id>`).
    static func readableName(of failure: String, in exercise: Exercise) -> String {
        if failure.hasPrefix("mutant:"), let mutant = exercise.mutants.first(where: { "mutant:\($0.id)" == failure }) {
            return "your test did not notice: " + mutant.description
        }
        return CheckResult(name: failure, testCase: "").readableName
    }

    /// The hint to show next: the first unseen one written for something that failed last
    /// time, else the first unseen one. Nil when all have been seen.
    static func nextHint(for exercise: Exercise, seen: [Int], lastFailures: [String]) -> Int? {
        let unseen = exercise.hints.indices.filter { !seen.contains($0) }
        return unseen.first { !Set(exercise.hints[$0].when).isDisjoint(with: lastFailures) } ?? unseen.first
    }
}

extension ExerciseProgress {
    /// The positions of the hints seen, also for progress saved before hints were tracked by
    /// position (then the first `hintsShown` were seen, in order).
    func seenHints(of exercise: Exercise) -> [Int] {
        (hintsSeen ?? Array(0..<min(hintsShown, exercise.hints.count))).filter { exercise.hints.indices.contains($0) }
    }
}
