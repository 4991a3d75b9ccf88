/// Limits for running a learner's code. Defaults suit a classroom laptop.
package struct CheckSettings: Sendable, Equatable {
    /// How long the checks may run before the whole process tree is stopped.
    package var timeout: Duration = .seconds(10)
    /// How long compiling may take (a cold module cache on a slow machine takes a while).
    package var compileTimeout: Duration = .seconds(180)
    /// Bytes of the learner's output kept per stream; the rest is dropped with a note.
    package var outputLimit: Int = 1 << 20
    /// Address-space limit of the learner's program. Generous, because a Swift program with
    /// Foundation and XCTest maps far more than it uses; it stops runaway allocation.
    package var memoryLimit: Int = 4 << 30
    /// Whether the learner's program runs confined (see `Confinement`): always, but in the
    /// tests that prove the confinement matters by switching it off.
    package var confined = true
    /// Whether a learner's file that reaches into XCTest's reporting, reflection, raw memory
    /// or the loader is refused before it runs (see `ReachAudit`): always, but in the tests
    /// that prove the layers beneath it (the reporter, the secrets) hold on their own.
    package var refusesReach = true

    package init() {}
}
