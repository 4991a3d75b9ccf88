/// What `run --part` shows: one of the lesson's four ideas at a time.
public enum ConcurrencyPart: String, CaseIterable, Sendable {
    /// The share screen: a main-actor model observed by a terminal view, posting through a
    /// retry on an injected clock, to an unreliable network.
    case share
    /// A debounced mention search: several keystrokes, one search.
    case search
    /// A task-local trace id across `Task {}`, a task group and `Task.detached`.
    case trace
}
