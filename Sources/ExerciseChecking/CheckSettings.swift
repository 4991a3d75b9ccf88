/// Limits for running a learner's code. Defaults suit a classroom laptop.
public struct CheckSettings: Sendable, Equatable {
    /// How long the checks may run before the whole process tree is stopped.
    public var timeout: Duration = .seconds(10)
    /// How long compiling may take (a cold module cache on a slow machine takes a while).
    public var compileTimeout: Duration = .seconds(180)
    /// Bytes of the learner's output kept per stream; the rest is dropped with a note.
    public var outputLimit: Int = 1 << 20
    /// Address-space limit of the learner's program. Generous, because a Swift program with
    /// Foundation and XCTest maps far more than it uses; it stops runaway allocation.
    public var memoryLimit: Int = 4 << 30
    /// Whether the learner's program runs confined (see `Confinement`): always, but in the
    /// tests that prove the confinement matters by switching it off.
    public var confined = true
    /// Whether a learner's file that reaches into XCTest's reporting, reflection, raw memory
    /// or the loader is refused before it runs (see `ReachAudit`): always, but in the tests
    /// that prove the layers beneath it (the reporter, the secrets) hold on their own.
    public var refusesReach = true

    public init() {}
}
