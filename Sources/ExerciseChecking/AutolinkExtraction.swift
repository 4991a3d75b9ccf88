import DojoCore
import Foundation

/// A planned `swift-autolink-extract OBJECTS -o OUTPUT`, whose answer is kept by what it reads.
///
/// Why: the link plan starts that tool first, and starting it (it is the whole compiler binary)
/// costs about 30 ms of every check, to read a few hundred bytes that rarely change: the
/// libraries each object asks for (see `AutolinkEntries`). Its output is kept by those
/// entries and used again as the tool wrote it; the order matters to the dynamic loader, so it
/// is never rebuilt here, with one exception: objects that ask for no library at all (the
/// learner's, compiled without autolinking), for which the tool writes an empty file. Objects
/// this reader does not understand make it run as planned.
struct AutolinkExtraction {
    private let output: URL
    private let key: CacheKey
    private let fileSystem: any FileSystem
    /// Whether no object asks for any library.
    private let asksForNothing: Bool

    /// Nil when `command` is another command, or its inputs cannot be read.
    init?(command: CompilerPlan.Command, fileSystem: any FileSystem) {
        guard URL(fileURLWithPath: command.executable).lastPathComponent == "swift-autolink-extract",
              let outputFlag = command.arguments.firstIndex(of: "-o"), outputFlag + 2 == command.arguments.count,
              !command.arguments[..<outputFlag].contains(where: { $0.hasPrefix("-") }) else { return nil }
        var key = CacheKey("didojo autolink entries, version 1")
        key.add(command.executable)
        var asksForNothing = true
        for object in command.arguments[..<outputFlag] {
            guard let data = try? fileSystem.contents(of: URL(fileURLWithPath: object)),
                  let entries = AutolinkEntries.entries(inObject: data) else { return nil }
            key.add(entries.joined(separator: "\u{0}"))
            asksForNothing = asksForNothing && entries.isEmpty
        }
        self.key = key
        self.asksForNothing = asksForNothing
        self.fileSystem = fileSystem
        output = URL(fileURLWithPath: command.arguments[outputFlag + 1])
    }

    /// Writes the kept answer (nothing, for objects that ask for nothing); false when there is none.
    func restore(from cache: CompiledStepCache) -> Bool {
        guard let kept = asksForNothing ? Data() : cache.value(for: key) else { return false }
        return (try? fileSystem.writeReplaceable(kept, to: output)) != nil
    }

    /// Keeps what the tool just wrote.
    func store(in cache: CompiledStepCache) {
        guard let written = try? fileSystem.contents(of: output) else { return }
        cache.store(value: written, for: key)
    }
}
