import ArgumentParser
import DojoCore
import Foundation

/// `didojo`: the interactive shell, plus subcommands for scripts, graders and CI.
struct Didojo: AsyncParsableCommand {
    /// The subcommand named first (`check`, `verify`…), parsed on its own, or nil. Parsing
    /// through the root makes a debug build of ArgumentParser first build and validate the
    /// definitions of every command, a noticeable part of a quick `didojo check`. A command
    /// line that does not parse this way (a mistake, `--help`) is parsed again through the
    /// root, whose messages name the whole command (`didojo check`).
    static func parseSubcommandAlone(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> sending ParsableCommand? {
        guard let name = arguments.first,
              let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
              let parsed = try? subcommand.parseAsRoot(Array(arguments.dropFirst())) else { return nil }
        // `--help` and the like parse as ArgumentParser's own commands, which would then speak
        // of the subcommand as if it were the whole program: those go through the root too.
        let ours = [subcommand] + subcommand.configuration.subcommands
        return ours.contains { ObjectIdentifier($0) == ObjectIdentifier(type(of: parsed)) } ? parsed : nil
    }

    static let configuration = CommandConfiguration(
        commandName: "didojo",
        abstract: "Learn Dependency Injection in Swift, one runnable lesson at a time.",
        discussion: "Without a subcommand, starts the interactive shell.",
        version: "didojo \(DidojoVersion.current)",
        subcommands: [ShellSubcommand.self, ListSubcommand.self, CheckSubcommand.self, GraphSubcommand.self, VerifySubcommand.self, HandoutSubcommand.self, RunSubcommand.self, ReportSubcommand.self, ProgressSubcommand.self, ResetSubcommand.self, ClassSubcommand.self],
        defaultSubcommand: ShellSubcommand.self
    )
}

@main
enum Main {
    /// Parses and runs, mapping a usage mistake to exit status 2 (ArgumentParser's default is
    /// 64), so that scripts see 0 = passed, 1 = failed, 2 = usage or set-up problem.
    static func main() async {
        // On a full disk or under a file-size limit a write must fail with an error the shell
        // reports ("could not save your progress"), not kill the shell with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        StandardStreams.keepOpen()
        do {
            // A bare `didojo`, what a learner types, is the shell with the default options.
            // It starts at once: parsing an empty command line through ArgumentParser would
            // first build (and, in a debug build, validate) the definitions of the commands,
            // about a fifth of the time to the first prompt.
            if CommandLine.arguments.count == 1 {
                try await ShellSubcommand.start(with: SetupOptions())
                return
            }
            if let check = CheckSubcommand.shortcut(Array(CommandLine.arguments.dropFirst())) {
                do {
                    try await CheckSubcommand.check(check.exercise, fullOutput: check.fullOutput, options: SetupOptions())
                } catch let status as ExitCode {
                    // A failed check's status, straight out: ArgumentParser's way out builds and,
                    // in a debug build, validates the commands' definitions first (1–2 ms).
                    Foundation.exit(status.rawValue)
                }
                return
            }
            var command: ParsableCommand
            if let alone = Didojo.parseSubcommandAlone() {
                command = alone
            } else {
                command = try Didojo.parseAsRoot()
            }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if Didojo.exitCode(for: error) == .validationFailure {
                StandardStreams.writeError(Didojo.fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            Didojo.exit(withError: error)
        }
    }
}
