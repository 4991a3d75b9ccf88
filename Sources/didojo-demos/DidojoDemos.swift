import ArgumentParser

/// `didojo-demos`: every lesson's example program, in an executable of its own.
///
/// The shell (`didojo`) starts it for `run` instead of linking the lesson modules itself: they
/// bring Swinject, swift-dependencies and, through it, FoundationNetworking with some thirty
/// system libraries (curl, TLS, Kerberos, LDAP…) that the dynamic linker would otherwise load
/// at every start of the shell, before its first prompt.
@main
struct DidojoDemos: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "didojo-demos",
        abstract: "The lessons' example programs. Started by didojo's 'run'; use 'didojo run <lesson>' instead.",
        subcommands: [RunDemoSubcommand.self, DescribeDemosSubcommand.self]
    )
}
