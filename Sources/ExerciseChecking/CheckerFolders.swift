import Foundation

/// Where a checker works, and where it keeps what it made between checks.
package struct CheckerFolders: Sendable {
    /// Where each check makes a private folder of its own (`mkdtemp`, mode 0700), removed when
    /// the check ends.
    package let scratch: URL
    /// The compiler's module cache, kept so that only the first check pays for building it.
    package let moduleCache: URL
    /// Compiled checks and subjects, plans, parsed files (see `CompiledStepCache`).
    package let stepCache: URL
    /// The stand-ins that keep macro expansions (see `MacroExpansionCache`).
    package let macroExpansions: URL

    package init(scratch: URL, moduleCache: URL, stepCache: URL, macroExpansions: URL) {
        self.scratch = scratch
        self.moduleCache = moduleCache
        self.stepCache = stepCache
        self.macroExpansions = macroExpansions
    }

    /// Everything kept in `cache` (the compiler's module cache in `moduleCache` when given,
    /// as tests share one), and each check's own folder in `scratch`.
    package static func inCache(_ cache: URL, moduleCache: URL? = nil, scratch: URL) -> CheckerFolders {
        CheckerFolders(
            scratch: scratch,
            moduleCache: moduleCache ?? cache.appendingPathComponent("module-cache"),
            stepCache: cache.appendingPathComponent("compiled-steps"),
            macroExpansions: cache.appendingPathComponent("macro-expansions")
        )
    }
}
