import ArgumentParser

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder with your exercise files and progress (default: $DIDOJO_WORKSPACE, else ~/didojo-workspace).", valueName: "dir"))
    var workspace: String?

    @Option(name: .long, help: ArgumentHelp("The Lessons folder (default: found from the didojo executable).", valueName: "dir"))
    var lessons: String?

    @Option(name: .long, help: ArgumentHelp("Seconds a check may run before it is stopped (default: the workshop's check-timeout, else 10).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .long, help: ArgumentHelp("A workshop file from your instructor (default: $DIDOJO_WORKSHOP, else workshop.yaml in the workspace, if there is one).", valueName: "file"))
    var workshop: String?

    @Flag(name: .customLong("no-pager"), help: "Print long text whole instead of through the pager ($DIDOJO_PAGER, else $PAGER, else less).")
    var noPager = false

    /// What was chosen, for the composition root.
    var setup: SetupOptions {
        SetupOptions(workspace: workspace, lessons: lessons, timeout: timeout, workshop: workshop, noPager: noPager)
    }
}
