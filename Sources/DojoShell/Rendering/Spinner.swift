import Foundation

/// A one-line "working…" indicator while a check compiles and runs.
///
/// Shown only to a person at a color-capable terminal: scripts and dumb terminals get no
/// carriage-return animation in their output.
@MainActor
final class Spinner {
    private let terminal: any Terminal
    private let clock: any Clock<Duration>
    var label: String
    private var task: Task<Void, Never>?
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(terminal: any Terminal, label: String, clock: any Clock<Duration>) {
        self.terminal = terminal
        self.label = label
        self.clock = clock
    }

    func start() {
        guard terminal.isInteractive, terminal.style.useColor else { return }
        task = Task { @MainActor [weak self] in
            var frame = 0
            while !Task.isCancelled, let self {
                self.terminal.write("\r\u{1b}[K\(Self.frames[frame % Self.frames.count]) \(self.label)…")
                frame += 1
                try? await self.clock.sleep(for: .milliseconds(100))
            }
        }
    }

    func stop() {
        guard let task else { return }
        task.cancel()
        self.task = nil
        terminal.write("\r\u{1b}[K")
    }
}
