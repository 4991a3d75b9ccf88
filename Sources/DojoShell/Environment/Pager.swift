/// Shows text taller than the screen a screenful at a time, as git and man do: `less`, or
/// whatever the learner chose.
///
/// Injected because it is a program on the learner's terminal: the shell's tests use a fake,
/// the composition root the real one (`SystemPager`).
@MainActor
package protocol Pager {
    /// Whether there is a pager to use at all (none when the learner's choice is `cat` or empty).
    var isAvailable: Bool { get }
    /// Shows `text` (whole lines, colours kept) and returns once the learner has left the
    /// pager. Throws, with a message for the learner, when it could not be started; the caller
    /// then prints the text itself.
    func page(_ text: String) throws
}

/// No pager: everything is printed as it comes.
package struct NoPager: Pager {
    package init() {}
    package var isAvailable: Bool { false }
    package func page(_ text: String) throws {}
}
