import DojoCore

/// `quit`: leave the shell (progress is already saved). In a live class, says what has not
/// reached the class yet: the courier goes on delivering it after the shell has gone.
struct QuitCommand: ShellCommand {
    typealias Context = any CommandScreen & LearnerFiles & ClassroomReaching

    let name = "quit"
    let usage = "quit"
    let summary = "Leave DIDojo. Your progress is saved as you go."

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let classroom = session.classroom
        if let membership = classroom.membership {
            let waiting = classroom.status().waiting
            if waiting > 0 {
                classroom.deliverNow()
                session.printer.note("\(CountedNoun.words(waiting, "event")) not delivered to \"\(membership.className)\" yet: they go on being delivered in the background after you leave, and at your next start ('class status' shows them).")
            }
        }
        session.printer.note("Bye! Your work is in \(session.workspace.root.path).")
        return .quit
    }
}
