/// The choices every subcommand takes from the command line (see `GlobalOptions`), as plain
/// values for the composition root; nil means the default (an environment variable, else a
/// built-in place or value).
///
/// Plain, rather than `GlobalOptions` itself, so that a bare `didojo` can start the shell
/// with the defaults without asking ArgumentParser to parse nothing.
struct SetupOptions {
    var workspace: String?
    var lessons: String?
    var timeout: Double?
    var workshop: String?
    /// `--no-pager`: the shell prints long text whole instead of through the pager.
    var noPager = false
}
