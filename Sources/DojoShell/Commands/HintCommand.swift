import ClassProtocol
import DojoCore

/// `hint [id]`: one more hint each time, the one about the learner's last failure first.
struct HintCommand: ExerciseTargetedCommand {
    let name = "hint"
    let usage = "hint [exercise]"
    let summary = "Show one more hint for the exercise."
    var details: String {
        "Each 'hint' shows one more. A hint written for the check that failed in your last 'check' comes first; the others follow in order. Once you have passed, there is nothing to hint at, and no hint is counted."
    }

    func run(on exercise: Exercise, arguments: [String], session: ShellSession) async {
        let printer = session.printer
        guard !exercise.hints.isEmpty else {
            printer.line("This exercise has no hints.")
            return
        }
        let record = session.progress.exercise(exercise.id)
        if record.passed {
            printer.success("You have passed \(exercise.id): no hint needed, and none was counted.")
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
        session.dependencies.classroom.record(ClassEvent(
            kind: .hint, time: session.dependencies.timeSource.now(), lessonID: exercise.lessonID, exerciseID: exercise.id))
        let hint = exercise.hints[next]
        let answering = hint.when.first { (record.lastFailures ?? []).contains($0) }
        printer.heading("Hint \(seen.count + 1) of \(exercise.hints.count) for \(exercise.id)" + (answering != nil ? ", about what failed in your last check" : ""))
        printer.markdown(hint.text)
        if seen.count + 1 < exercise.hints.count {
            printer.note("Type 'hint' again for another.")
        }
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
