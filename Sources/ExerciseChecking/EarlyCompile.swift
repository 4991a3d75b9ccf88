import ChildProcess
import DojoCore
import Foundation
import Synchronization

/// The compile of the learner's file, started the moment `didojo check ID` starts, from the
/// recipe of the last check of that exercise (see `EarlyCompileRecipe`), while the check loads
/// the lesson, reads the learner's file and works out its cache key: 9 of a warm check's 120 ms
/// that the compiler used to wait for, on a machine whose other core was idle meanwhile.
///
/// It counts only if it is exactly the compile the check would run (`adopt(_:environment:in:)`):
/// the same command and environment, the same files made for it, and every file it read
/// unchanged from before it started until after it ended. Anything else (a new lesson build, a
/// file saved meanwhile, another workspace) and it is stopped, and the check compiles as it
/// would have; its cost is then a few milliseconds of the other core.
package final class EarlyCompile: Sendable {
    /// The compile under way, in its own folder.
    private struct Started: Sendable {
        let recipe: EarlyCompileRecipe
        let folder: URL
        let environment: [String: String]
        /// The files it reads, as they were just before it started.
        let snapshot: [Data?]
        let run: Task<ChildProcessResult, any Error>
    }

    /// Who has it: nobody yet; a check that tried to adopt it (only one may), stopped it or
    /// discarded it; or a check that adopted it, after which nothing is left to stop.
    private enum Claim { case open, claimed, adopted }

    private let started: Task<Started?, Never>
    private let claim = Mutex(Claim.open)
    private let fileSystem: any FileSystem
    private let trace: PhaseTrace

    /// Where the recipes are kept, in the step cache's folder.
    package static func recipes(inStepCache stepCache: URL) -> URL {
        stepCache.appendingPathComponent("early-compile")
    }

    /// Starts the compile the last check of `exerciseID` ran, when one was kept, in a private
    /// folder in `scratch`; returns at once, the reading and the start going on in a task.
    ///
    /// - Parameter environment: the checker's (the composition root's), which the compile gets.
    package init(
        exerciseID: String, recipes: URL, scratch: URL, environment: [String: String], launcher: any ProcessLaunching,
        fileSystem: any FileSystem, trace: PhaseTrace
    ) {
        self.fileSystem = fileSystem
        self.trace = trace
        // Made ready on a thread started now: the first task of a process waited 2–3 ms for
        // the cooperative pool while the main thread loaded the lesson.
        let (ready, readiness) = AsyncStream.makeStream(of: Started?.self)
        Thread {
            readiness.yield(Self.ready(
                exerciseID: exerciseID, recipes: recipes, scratch: scratch, environment: environment, launcher: launcher,
                fileSystem: fileSystem, trace: trace))
            readiness.finish()
        }.start()
        started = Task {
            for await started in ready { return started }
            return nil
        }
    }

    /// Reads the recipe, makes the folder and its files, and starts the compile; nil when
    /// there is no recipe or the folder cannot be made.
    private static func ready(
        exerciseID: String, recipes: URL, scratch: URL, environment: [String: String], launcher: any ProcessLaunching,
        fileSystem: any FileSystem, trace: PhaseTrace
    ) -> Started? {
        guard let file = EarlyCompileRecipe.file(for: exerciseID, in: recipes),
              let data = try? fileSystem.contents(of: file),
              let recipe = EarlyCompileRecipe(decoding: data, reportedEnds: [ParseableCompilerOutput.reportedEnd]),
              let folder = try? fileSystem.makePrivateFolder(in: scratch, prefix: "didojo-check-early-") else { return nil }
        do {
            for (name, text) in recipe.madeFiles {
                try fileSystem.writeReplaceable(text, to: folder.appendingPathComponent(name))
            }
        } catch {
            try? fileSystem.removeItem(at: folder)
            return nil
        }
        let snapshot = contents(of: recipe.readInputs, fileSystem: fileSystem)
        let request = recipe.request(in: folder, environment: environment)
        trace.mark("early compile started")
        return Started(
            recipe: recipe, folder: folder, environment: environment, snapshot: snapshot, run: Task { try await launcher.run(request) })
    }

    /// The early compile's result, when it is the compile of `wanted` in `folder` with
    /// `environment` (see the type's comment), with what it wrote moved into `folder` and its
    /// messages naming `folder`; nil otherwise (it is then stopped). Only the first call may
    /// adopt it.
    func adopt(_ wanted: EarlyCompileRecipe, environment: [String: String], in folder: URL) async -> ChildProcessResult? {
        guard takeClaim(), let started = await started.value else { return nil }
        guard wanted == started.recipe, environment == started.environment,
              Self.contents(of: started.recipe.readInputs, fileSystem: fileSystem) == started.snapshot else {
            trace.mark("early compile refused: another compile")
            // Stopped now, waited for at the end (`discard()`): the check's own compile goes first.
            started.run.cancel()
            return nil
        }
        guard let result = try? await started.run.value, !result.cancelled else { return nil }
        // Read before and after: what the compiler read in between was this.
        guard Self.contents(of: started.recipe.readInputs, fileSystem: fileSystem) == started.snapshot else {
            trace.mark("early compile refused: a file changed while it compiled")
            remove(started)
            return nil
        }
        do {
            for made in try fileSystem.contentsOfDirectory(at: started.folder) where started.recipe.madeFiles[made.lastPathComponent] == nil {
                let destination = folder.appendingPathComponent(made.lastPathComponent)
                if fileSystem.fileExists(at: destination) { try fileSystem.removeItem(at: destination) }
                try fileSystem.moveItem(at: made, to: destination)
            }
        } catch {
            trace.mark("early compile refused: its files could not be moved")
            remove(started)
            return nil
        }
        remove(started)
        claim.withLock { $0 = .adopted }
        trace.mark("early compile adopted")
        var adopted = result
        adopted.standardOutput = result.standardOutput.replacingOccurrences(of: started.folder.path, with: folder.path)
        adopted.standardError = result.standardError.replacingOccurrences(of: started.folder.path, with: folder.path)
        return adopted
    }

    /// Stops the compile without waiting for it (`discard()` still must follow): for a check
    /// that found the learner's code compiled already, whose report need not wait for it.
    func stopSoon() {
        guard takeClaim() else { return }
        trace.mark("early compile not needed")
        let started = self.started
        Task { await started.value?.run.cancel() }
    }

    /// Stops the compile unless a check has adopted it, and removes its folder; returns once
    /// it has ended. For the end of `didojo check`, whatever happened.
    package func discard() async {
        _ = takeClaim()
        guard claim.withLock({ $0 }) != .adopted, let started = await started.value else { return }
        started.run.cancel()
        _ = try? await started.run.value
        remove(started)
    }

    /// Keeps `recipe` as the one to start the next check of `exerciseID` from; nothing when it
    /// is kept already (the usual case: the learner changed a line, not how it is compiled).
    static func keep(_ recipe: EarlyCompileRecipe, for exerciseID: String, in recipes: URL, fileSystem: any FileSystem) {
        guard let file = EarlyCompileRecipe.file(for: exerciseID, in: recipes), let data = recipe.encoded(),
              (try? fileSystem.contents(of: file)) != data else { return }
        // Written aside, then put in place: two checks of one exercise at once (a verification
        // run) never make one file of two recipes. Without waiting for the disk: a recipe lost
        // in a crash only means one check without an early compile.
        let aside = recipes.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do {
            try fileSystem.writeReplaceable(data, to: aside)
            if fileSystem.fileExists(at: file) { try fileSystem.removeItem(at: file) }
            try fileSystem.moveItem(at: aside, to: file)
        } catch {
            try? fileSystem.removeItem(at: aside)
        }
    }

    /// Claims it for the caller; false when it was claimed before.
    private func takeClaim() -> Bool {
        claim.withLock { claim in
            guard claim == .open else { return false }
            claim = .claimed
            return true
        }
    }

    private func remove(_ started: Started) {
        try? fileSystem.removeItem(at: started.folder)
    }

    private static func contents(of paths: [String], fileSystem: any FileSystem) -> [Data?] {
        paths.map { try? fileSystem.contents(of: URL(fileURLWithPath: $0)) }
    }
}
