import DojoCore
import Foundation
import Glibc

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

    /// These folders, with the module cache of SwiftPM's debug build that `executable` is part
    /// of (`.build/<target>/debug/ModuleCache`) when there is one this user may add to.
    ///
    /// Why: the first check on a fresh build otherwise builds the clang modules of Glibc,
    /// Foundation and the lesson modules' C parts all over again, more than a second of a cold
    /// check, when `swift build` has just built them. Clang finds a module in a cache by a hash
    /// of how it is compiled (the checks compile as SwiftPM's debug build does, see
    /// `CompileStep`), and a built module names the cache it was built in, so the cache is
    /// shared in place, not copied. Clang locks what it writes there, as it does for SwiftPM's
    /// own parallel compiles. A release build compiles its modules otherwise: it shares nothing.
    package func sharingModuleCache(ofBuildWith executable: URL, fileSystem: any FileSystem) -> CheckerFolders {
        let buildFolder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let swiftPMCache = buildFolder.appendingPathComponent("ModuleCache")
        guard buildFolder.lastPathComponent == "debug", fileSystem.directoryExists(at: swiftPMCache),
              access(swiftPMCache.path, W_OK) == 0 else { return self }
        return CheckerFolders(scratch: scratch, moduleCache: swiftPMCache, stepCache: stepCache, macroExpansions: macroExpansions)
    }
}
