/// How a program says on its standard error that its work is done, and with what exit status,
/// before it exits: a run given one (``ChildProcessRequest/reportedEnd``) returns its result
/// as soon as the program has said so, and its exit goes on without the caller.
///
/// Why: a process's exit is not over when its work is. The Swift compiler, for one, returns
/// from its work, frees its structures, runs its exit handlers and then has the kernel take
/// down some 130 MB of mappings: 7–15 ms here between its last message and the moment its
/// parent learns that it has ended, on every compile step of every check; the program that
/// runs the checks takes 3–7 ms more. Both say when they are done (the compiler's "finished"
/// message, the check program's end line).
///
/// A report only ends the wait: what the run left (its files, its output) is read as after any
/// end, and a program whose report cannot be trusted must carry a secret in it (see the
/// checker's `TestHostEndLine`). ``exitStatus`` is called after every read of the program's
/// standard error, with all of it so far: it should look at its end only.
package struct ReportedEnd: Sendable, Equatable {
    /// What the report is, for logs and for equality (two reports are the same if named so).
    package let name: String
    /// The exit status the program has reported in `standardError` (all of it so far), or nil
    /// while it has reported none.
    package let exitStatus: @Sendable (_ standardError: [UInt8]) -> Int32?

    package init(name: String, exitStatus: @escaping @Sendable (_ standardError: [UInt8]) -> Int32?) {
        self.name = name
        self.exitStatus = exitStatus
    }

    package static func == (left: ReportedEnd, right: ReportedEnd) -> Bool {
        left.name == right.name
    }
}
