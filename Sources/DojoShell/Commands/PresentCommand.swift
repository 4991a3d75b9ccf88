import DojoCatalog
import Foundation

/// `present [lesson]`: the lesson's pages as slides for a projector, one at a time.
///
/// For the instructor at the front: it reads its own keys (Enter, `p`, a page number, `q`)
/// until left, and never touches the learner's progress, so presenting on a learner's laptop
/// changes nothing for them. Locks of a workshop do not apply: the instructor may show any
/// lesson.
struct PresentCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading

    let name = "present"
    let usage = "present [lesson]"
    let summary = "Show a lesson's pages as slides for a projector (your progress is not touched)."
    var details: String {
        """
        Shows one page at a time, filling the screen: a large heading, the text, the code \
        highlighted, and no exercise messages. A page taller than the screen is shown a \
        screenful at a time under its heading, with a "more" mark at the bottom. Enter (or \
        Space, Enter) shows the next screenful, then the next page; 'n' goes to the next page \
        at once, 'p' or 'b' back, a number jumps to that page, 'q' (or Ctrl-D) leaves. Without \
        a lesson, presents the open one, else the first. Enlarge the terminal's font for the \
        back row.
        """
    }

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? session.openableLessonIDs : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
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
        if let locked = session.lockMessage(for: lesson) {
            session.printer.line(locked)
            return .keepGoing
        }
        guard !lesson.pages.isEmpty else {
            session.printer.line("\(lesson.id) has no pages to present.")
            return .keepGoing
        }
        present(lesson, session: session)
        return .keepGoing
    }

    private func present(_ lesson: Lesson, session: Context) {
        let terminal = session.terminal
        let pageCount = lesson.pages.count
        var page = 0
        // The screenful of a page taller than the screen; Int.max stands for the page's last one.
        var screen = 0
        var note: String?
        while true {
            // Laid out anew each time: the window may have been resized.
            let slide = PresenterView(lesson, page: page, style: terminal.style, rows: terminal.screenRows)
            screen = min(screen, slide.screenCount - 1)
            terminal.write(slide.screen(screen))
            if let shown = note {
                session.printer.note(shown)
                note = nil
            }
            guard case .line(let typed) = terminal.readLine(prompt: "present \(page + 1)/\(pageCount)> ") else {
                break
            }
            switch PresenterKey(typed, pageCount: pageCount) {
            case .forward where screen + 1 < slide.screenCount:
                screen += 1
            case .forward, .nextPage:
                if page + 1 < pageCount {
                    page += 1
                    screen = 0
                } else {
                    note = "That was the last page. 'q' leaves, 'p' goes back."
                }
            case .back where screen > 0:
                screen -= 1
            case .back:
                // Back from the top of a page: where the presenter just was, the end of the page before.
                if page > 0 {
                    page -= 1
                    screen = Int.max
                }
            case .page(let number):
                page = number - 1
                screen = 0
            case .leave:
                session.printer.note("Left the presentation of \(lesson.id).")
                return
            case .unknown:
                note = "Enter for more or the next page, 'n' the next page, 'p' back, 1-\(pageCount) to jump, 'q' to leave."
            }
        }
        terminal.write("\n")
        session.printer.note("Left the presentation of \(lesson.id).")
    }
}

/// What a key typed during a presentation asks for.
enum PresenterKey: Equatable {
    /// Enter or Space: the next screenful of a page taller than the screen, else the next page.
    case forward
    /// The next page, even from the middle of a long one.
    case nextPage
    /// The screenful before, or the page before from the top of a page.
    case back
    case leave, unknown
    case page(Int)

    init(_ typed: String, pageCount: Int) {
        let word = typed.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "": self = .forward
        case "n", "next": self = .nextPage
        case "p", "prev", "b", "back": self = .back
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
