import Domain

/// Mixes a clock into whatever adopts it.
///
/// A type that says `: UsesClock` declares that it needs a clock, and the compiler refuses to
/// build any concrete class that adopts it without supplying one. That refusal is the whole
/// point of the Cake Pattern: forgetting to wire a dependency is a compile error, not a crash.
public protocol UsesClock {
    /// The clock this type reads the time from. Supplied by a mix-in class.
    var clock: any Clock { get }
}
