import DojoCore
import Foundation

/// Replaces a planned `clang` link with the linker command clang itself would run, asked once
/// with `clang -###` and then kept with the plan.
///
/// Why: `swiftc` links through clang, which is one more driver: a large program that starts,
/// finds the C runtime files and the linker, and only then runs `ld.lld`. That costs 15–30 ms
/// of every link, for the same answer each time. As with `CompilerPlan`, clang stays in charge
/// of *what* runs; the checker hard-codes no linker flags.
///
/// Response files (`@Exercise.autolink`, the libraries the objects ask for) change from check to
/// check, so clang must not read them into the answer. Clang reads every `@file` it is given,
/// even one it is told to pass on (`-Xlinker @file`), so it is asked with a stand-in library
/// for each (`-l`, a prefix no library has, and the file's path), and the answer gets `@file`
/// back in its place:
/// the linker reads the file there, at every link. That holds because such a file only ever
/// lists libraries (`-l…`, `-L…`), which mean the same to clang and to the linker.
enum ClangLinkLowering {
    /// Whether `command` runs the clang driver (and so can be lowered).
    static func isClangDriver(_ command: CompilerPlan.Command) -> Bool {
        ["clang", "clang++"].contains(URL(fileURLWithPath: command.executable).lastPathComponent)
    }

    /// The arguments to ask clang with: `-###` (print, do not run), then `command`'s arguments
    /// with each response file replaced by its stand-in (see `standIn(for:)`).
    static func questionArguments(for command: CompilerPlan.Command) -> [String] {
        ["-###"] + command.arguments.flatMap { argument in
            argument.hasPrefix("@") ? ["-Xlinker", standIn(for: argument)] : [argument]
        }
    }

    /// A library that stands for the response file `argument` (`@path`) in the question to
    /// clang, which passes it on to the linker as it is; `commands(inAnswer:…)` puts the file back.
    static func standIn(for argument: String) -> String {
        standInPrefix + argument.dropFirst()
    }

    private static let standInPrefix = "-l__didojo_response_file_"

    /// The response file `argument` stands in for, or nil when it is not a stand-in.
    static func responseFile(standingInAs argument: String) -> String? {
        argument.hasPrefix(standInPrefix) ? "@" + argument.dropFirst(standInPrefix.count) : nil
    }

    /// Whether a response file may be handed to the linker unread: it lists only libraries.
    static func isLibraryList(_ text: String) -> Bool {
        CommandLineWords.split(text).allSatisfy { $0.hasPrefix("-l") || $0.hasPrefix("-L") }
    }

    /// The commands in clang's `-###` answer (written to standard error), with `folder` put
    /// back to the plan's placeholder. Nil unless it is a plan that still links `input`: one
    /// or more absolute commands, none of them a driver again.
    static func commands(inAnswer answer: String, folder: URL, input: String) -> [CompilerPlan.Command]? {
        let commands = CompilerPlan.commands(inDriverOutput: answer).map { command in
            CompilerPlan.Command(
                executable: command.executable,
                arguments: command.arguments.map {
                    (responseFile(standingInAs: $0) ?? $0).replacingOccurrences(of: folder.path, with: CompilerPlan.placeholderFolder)
                }
            )
        }
        guard commands.contains(where: { $0.arguments.contains(input) }),
              !commands.contains(where: isClangDriver) else { return nil }
        return commands
    }
}
