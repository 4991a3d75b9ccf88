/// What a person sees when the shell starts.
@MainActor
public enum Welcome {
    public static func show(_ session: ShellSession) {
        let printer = session.printer
        printer.heading("DIDojo: learn Dependency Injection in Swift")
        if let workshop = session.workshop {
            printer.line("Workshop: \(workshop.title) (\(workshop.lessons.count) lessons, set by \(workshop.file.path))")
        }
        if let lesson = session.currentLesson {
            printer.line("Welcome back. You are in \(lesson.id) (\(lesson.title)). 'read' shows where you were; 'progress' how far you are.")
        } else {
            printer.line("\(session.catalog.lessons.count) lessons, from hard-wired code to swift-dependencies and object lifetimes. Type 'read' to start the first one, 'lessons' to see them all, 'help' for every command.")
        }
        printer.note("Your exercise files: \(session.workspace.root.path)")
    }
}
