import Domain

/// Mixes a logger into whatever adopts it.
///
/// Like `UsesClock`: the protocol only says "I need a logger"; which logger it is gets decided
/// by the concrete class that is finally put together.
public protocol UsesLogger {
    /// The logger this type reports to. Supplied by a mix-in class.
    var logger: any Logger { get }
}
