extension SimpleContainer {
    /// How long a container keeps an instance it built, and so who shares it.
    public enum Lifetime: Sendable, CaseIterable {
        /// A new instance for every `resolve`, even within one object graph.
        case transient
        /// One instance for everything built by the same top-level `resolve` call; the next
        /// call builds a new one. The default, as in Swinject (`.graph`).
        case graph
        /// One instance for the life of the container, built the first time it is needed.
        case singleton
    }
}
