/// The compiler a checker runs, and what it compiles against on this machine.
struct CompilerSetup: Sendable {
    let toolchain: Toolchain
    /// The lesson modules, their C modules and their macros (see `BuildProducts`).
    let products: BuildProducts
    /// Passed on to the compiler and the checks (PATH, HOME…).
    let environment: [String: String]
}
