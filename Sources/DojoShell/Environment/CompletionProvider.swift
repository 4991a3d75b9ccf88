/// What Tab offers, set after the shell exists.
///
/// The terminal is built before the shell (the shell needs it), yet the terminal's completion
/// must ask the shell. Setter injection breaks that cycle: the terminal gets this holder at
/// once, and the composition root sets `candidates` once the shell is built.
@MainActor
package final class CompletionProvider {
    package var candidates: (_ wordsBeforeCursor: [String], _ partialWord: String) -> [String] = { _, _ in [] }

    package init() {}
}
