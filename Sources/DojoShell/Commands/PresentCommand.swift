import DojoCore
import Foundation

/// `present [lesson]`: the lesson's pages as slides for a projector, one at a time.
///
/// For the instructor at the front: it reads its own keys (Enter, `p`, a page number, `q`)
/// until left, and never touches the learner's progress, so presenting on a learner's laptop
/// changes nothing for them. Locks of a workshop do not apply: the instructor may show any
/// lesson.
struct PresentCommand: ShellCommand {
    let name = "present"
    let usage = "present [lesson]"
    let summary = "Show a lesson's pages as slides for a projector (your progress is not touched)."
    var details: String {
        """
        Shows one page at a time, filling the screen: a large heading, the text, the code \
        highlighted, and no exercise messages. Enter or 'n' goes to the next page, 'p' back, a \
        number jumps to that page, 'q' (or Ctrl-D) leaves. Without a lesson, presents the open \
        one, else the first. Enlarge the terminal's font for the back row.
        """
    }

    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? session.catalog.lessons.map(\.id) : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let lesson: Lesson
        do {
            if let argument = arguments.first {
                lesson = try session.lesson(named: argument)
            } else if let open = session.currentLesson ?? session.catalog.lessons.first {
                lesson = open
            } else {
                session.printer.line("No lessons are loaded. Check the messages printed at start-up.")
                return .keepGoing
            }
        } catch {
            session.printer.line(error.localizedDescription)
            return .keepGoing
        }
        guard !lesson.pages.isEmpty else {
            session.printer.line("\(lesson.id) has no pages to present.")
            return .keepGoing
        }
        present(lesson, session: session)
        return .keepGoing
    }

    private func present(_ lesson: Lesson, session: ShellSession) {
        let terminal = session.terminal
        var page = 0
        var note: String?
        while true {
            terminal.write(PresenterView.slide(lesson, page: page, style: terminal.style, rows: terminal.screenRows))
            if let shown = note {
                session.printer.note(shown)
                note = nil
            }
            guard case .line(let typed) = terminal.readLine(prompt: "present \(page + 1)/\(lesson.pages.count)> ") else {
                break
            }
            switch PresenterKey(typed, pageCount: lesson.pages.count) {
            case .next:
                if page + 1 < lesson.pages.count {
                    page += 1
                } else {
                    note = "That was the last page. 'q' leaves, 'p' goes back."
                }
            case .previous:
                page = max(0, page - 1)
            case .page(let number):
                page = number - 1
            case .leave:
                session.printer.note("Left the presentation of \(lesson.id).")
                return
            case .unknown:
                note = "Enter or 'n' for the next page, 'p' back, 1-\(lesson.pages.count) to jump, 'q' to leave."
            }
        }
        terminal.write("\n")
        session.printer.note("Left the presentation of \(lesson.id).")
    }
}

/// What a key typed during a presentation asks for.
enum PresenterKey: Equatable {
    case next, previous, leave, unknown
    case page(Int)

    init(_ typed: String, pageCount: Int) {
        let word = typed.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "", "n", "next", " ": self = .next
        case "p", "prev", "b", "back": self = .previous
        case "q", "quit", "exit", "leave": self = .leave
        default:
            if let number = Int(word), (1...pageCount).contains(number) {
                self = .page(number)
            } else {
                self = .unknown
            }
        }
    }
}
