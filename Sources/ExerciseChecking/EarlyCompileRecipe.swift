import ChildProcess
import DojoCore
import Foundation

/// How the last check of an exercise compiled the learner's code: the compiler's command, the
/// files made for it in the check's folder, and the files it read from elsewhere (the learner's
/// file, the lesson's). What `EarlyCompile` starts the next check's compile from, before that
/// check has loaded the lesson, and what it must equal for that compile to count.
///
/// The check's folder is new every time, so it stands in the recipe as the plan's placeholder
/// (see `CompilerPlan`): two checks that compiled alike have equal recipes. The environment is
/// left out (it is the checker's, which `didojo` has as it starts), so that none of the user's
/// variables is written to disk.
struct EarlyCompileRecipe: Equatable, Sendable {
    /// The compiler's command, its folder as the placeholder, with no environment.
    let request: ChildProcessRequest
    /// The inputs made in the check's folder, by name: their texts.
    let madeFiles: [String: String]
    /// The inputs read from elsewhere, by path, in the command's order.
    let readInputs: [String]

    /// The recipe of `request`, a compile in `folder` of `inputs`; nil for a request an early
    /// compile could not repeat (gated, confined, in a fork server, given a descriptor, or a
    /// made input that cannot be read back).
    init?(request: ChildProcessRequest, folder: URL, inputs: [URL], fileSystem: any FileSystem) {
        guard request.gate == nil, request.forkServer == nil, request.inputDescriptor == nil, request.confinement == nil else { return nil }
        let inFolder = folder.path + "/"
        var made: [String: String] = [:]
        var read: [String] = []
        for input in inputs {
            if input.path.hasPrefix(inFolder) {
                guard let text = try? fileSystem.text(of: input) else { return nil }
                made[String(input.path.dropFirst(inFolder.count))] = text
            } else {
                read.append(input.path)
            }
        }
        var placed = Self.moving(request, from: folder.path, to: CompilerPlan.placeholderFolder)
        placed.environment = [:]
        self.init(request: placed, madeFiles: made, readInputs: read)
    }

    private init(request: ChildProcessRequest, madeFiles: [String: String], readInputs: [String]) {
        self.request = request
        self.madeFiles = madeFiles
        self.readInputs = readInputs
    }

    /// The command, compiling in `folder` with `environment`.
    func request(in folder: URL, environment: [String: String]) -> ChildProcessRequest {
        var placed = Self.moving(request, from: CompilerPlan.placeholderFolder, to: folder.path)
        placed.environment = environment
        return placed
    }

    /// `request` with the folder `path` replaced by `replacement` in its arguments and working
    /// folder, wherever it occurs, as the plan's placeholder is put in place (see
    /// `CompilerPlan.commands(in:inputs:inputExtension:)`).
    private static func moving(_ request: ChildProcessRequest, from path: String, to replacement: String) -> ChildProcessRequest {
        var moved = request
        moved.arguments = request.arguments.map { $0.replacingOccurrences(of: path, with: replacement) }
        moved.workingDirectory = request.workingDirectory?.replacingOccurrences(of: path, with: replacement)
        return moved
    }

    // MARK: Kept on disk

    /// Where the recipe of `exerciseID` is kept, in `folder`; nil for an id that is not a plain
    /// name (lesson ids and numbers are letters, digits, '-' and '.').
    static func file(for exerciseID: String, in folder: URL) -> URL? {
        let plain = !exerciseID.isEmpty && !exerciseID.hasPrefix(".")
            && exerciseID.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "." }
        return plain ? folder.appendingPathComponent(exerciseID + ".recipe") : nil
    }

    /// The first line of a kept recipe: its format.
    private static let format = "didojo early compile recipe, version 1"

    /// The recipe as kept: its fields separated by NUL characters, which no path, argument,
    /// variable or source text holds. Read without Codable, whose first use costs a
    /// millisecond or two of a check that has barely begun.
    func encoded() -> Data? {
        guard let timeout = request.timeout else { return nil }
        var fields = [
            Self.format, request.executable, request.workingDirectory ?? "", String(Int(timeout / .milliseconds(1))),
            String(request.outputLimit), Self.field(request.memoryLimit), Self.field(request.fileSizeLimit),
            Self.field(request.additionalProcessLimit), String(request.niceness), request.reportedEnd?.name ?? "",
            String(request.arguments.count),
        ]
        fields += request.arguments
        fields.append(String(madeFiles.count))
        for (name, text) in madeFiles.sorted(by: { $0.key < $1.key }) { fields += [name, text] }
        fields.append(String(readInputs.count))
        fields += readInputs
        // Last, so that a file cut short is no recipe.
        fields.append(Self.end)
        guard !fields.contains(where: { $0.contains("\0") }) else { return nil }
        return Data(fields.joined(separator: "\0").utf8)
    }

    /// The last field of a kept recipe.
    private static let end = "end"

    /// A limit as a field: "-" for none.
    private static func field(_ limit: Int?) -> String { limit.map(String.init) ?? "-" }

    /// The recipe kept as `data`; nil for anything else (another format, a torn file), and for
    /// a compile that reports its end in a way this build does not know.
    ///
    /// - Parameter reportedEnds: the reported ends a recipe may name, by name.
    init?(decoding data: Data, reportedEnds: [ReportedEnd]) {
        var fields = String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false)[...]
        func next() -> String? { fields.popFirst().map(String.init) }
        func number() -> Int? { next().flatMap { Int($0) } }
        /// A limit: .some(nil) for none ("-"), nil when the field is not one.
        func limit() -> Int?? {
            guard let text = next() else { return nil }
            return text == "-" ? .some(nil) : Int(text).map { .some($0) }
        }
        /// A count of the fields that follow, each `width` fields long.
        func count(width: Int = 1) -> Int? { number().flatMap { $0 >= 0 && $0 * width <= fields.count ? $0 : nil } }
        guard next() == Self.format, let executable = next(), let workingDirectory = next(), let timeout = number(),
              let outputLimit = number(), let memoryLimit = limit(), let fileSizeLimit = limit(), let processLimit = limit(),
              let niceness = next().flatMap({ Int32($0) }), let reportedEndName = next() else { return nil }
        let reportedEnd = reportedEnds.first { $0.name == reportedEndName }
        guard reportedEndName.isEmpty || reportedEnd != nil, let argumentCount = count() else { return nil }
        let arguments = (0..<argumentCount).compactMap { _ in next() }
        guard let madeCount = count(width: 2) else { return nil }
        var made: [String: String] = [:]
        for _ in 0..<madeCount {
            if let name = next(), let text = next() { made[name] = text }
        }
        guard let readCount = count() else { return nil }
        let read = (0..<readCount).compactMap { _ in next() }
        guard next() == Self.end, fields.isEmpty else { return nil }
        var request = ChildProcessRequest(
            executable: executable, arguments: arguments, workingDirectory: workingDirectory.isEmpty ? nil : workingDirectory,
            timeout: .milliseconds(timeout), outputLimit: outputLimit, memoryLimit: memoryLimit, fileSizeLimit: fileSizeLimit,
            additionalProcessLimit: processLimit)
        request.niceness = niceness
        request.reportedEnd = reportedEnd
        self.init(request: request, madeFiles: made, readInputs: read)
    }
}
