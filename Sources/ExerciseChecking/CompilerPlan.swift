import DojoCore
import Foundation

/// The commands `swiftc` runs for one kind of step (compile a module, link a program), asked
/// once with `swiftc -###` on placeholder paths and then replayed with real ones.
///
/// Why: the compiler driver is a program of its own that starts, works out the target and the
/// toolchain's paths, and only then runs the frontend or the linker. Every check would pay
/// that (about 0.15 s per step on a laptop) for the same answer. Asking once keeps the driver
/// in charge of *what* runs, so the checker hard-codes no toolchain layout.
struct CompilerPlan: Sendable, Equatable, Codable {
    /// One command of the plan: a program and its arguments, still with placeholders.
    struct Command: Sendable, Hashable, Codable {
        let executable: String
        let arguments: [String]

        init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    /// The folder the plan is asked for; replaced by the check's own folder when replayed.
    static let placeholderFolder = "/didojo-planned-step"
    /// The one input the plan is asked for; replaced by all of a step's inputs.
    static func placeholderInput(extension: String) -> String {
        "\(placeholderFolder)/input.\(`extension`)"
    }

    let commands: [Command]

    init(commands: [Command]) {
        self.commands = commands
    }

    /// Reads `swiftc -###` output: one command per line, words quoted as a POSIX shell quotes
    /// them. Nil when it is not a plan (no lines, or none mentions the placeholder input).
    static func parse(driverOutput: String, inputExtension: String) -> CompilerPlan? {
        let commands = commands(inDriverOutput: driverOutput)
        let input = placeholderInput(extension: inputExtension)
        guard !commands.isEmpty, commands.contains(where: { $0.arguments.contains(input) }) else { return nil }
        return CompilerPlan(commands: commands)
    }

    /// The lines of a driver's `-###` output that are commands: those that start with an
    /// absolute path (the others say the driver's version, target and the like).
    static func commands(inDriverOutput output: String) -> [Command] {
        output.split(whereSeparator: \.isNewline).compactMap { line -> Command? in
            let words = CommandLineWords.split(String(line))
            guard let executable = words.first, executable.hasPrefix("/") else { return nil }
            return Command(executable: executable, arguments: Array(words.dropFirst()))
        }
    }

    /// The commands with the check's folder and inputs in place of the placeholders.
    func commands(in folder: URL, inputs: [URL], inputExtension: String) -> [Command] {
        let input = Self.placeholderInput(extension: inputExtension)
        return commands.map { command in
            let arguments = command.arguments.flatMap { argument -> [String] in
                if argument == input { return inputs.map(\.path) }
                return [argument.replacingOccurrences(of: Self.placeholderFolder, with: folder.path)]
            }
            return Command(executable: command.executable, arguments: arguments)
        }
    }
}
