import DojoCore
import DojoWorkspace
/// What a person sees when the shell starts.
@MainActor
package enum Welcome {
    package static func show(_ session: ShellSession) {
        let printer = session.printer
        printer.heading("DIDojo: learn Dependency Injection in Swift")
        if let workshop = session.workshop {
            printer.line("Workshop: \(workshop.title) (\(workshop.lessons.count) lessons, set by \(workshop.file.path))")
        }
        if let lesson = session.currentLesson {
            printer.line("Welcome back. You are in \(lesson.id) (\(lesson.title)). 'read' shows where you were; 'progress' how far you are.")
        } else {
            printer.line("\(span(of: session)) Type 'read' to start the first one, 'lessons' to see them all, 'help' for every command.")
        }
        printer.note("Your exercise files: \(session.workspace.root.path)")
    }

    /// "10 lessons, from hard-wired code to …" for the whole course; a workshop's own first and
    /// last lesson otherwise, since it may stop anywhere.
    static func span(of session: ShellSession) -> String {
        let lessons = session.catalog.lessons
        guard let first = lessons.first, let last = lessons.last else { return "No lessons are loaded." }
        let count = CountedNoun.words(lessons.count, "lesson")
        if session.workshop == nil {
            return "\(count), from hard-wired code to swift-dependencies, anti-patterns, object lifetimes and Swift 6 concurrency."
        }
        return lessons.count == 1 ? "\(count): \(first.id)." : "\(count), from \(first.id) to \(last.id)."
    }
}
