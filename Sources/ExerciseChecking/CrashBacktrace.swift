import DojoGrading
import Foundation

/// The crash report of Swift's own backtracer, read for the calls whose source is known.
///
/// When the learner's code crashes, the Swift runtime starts `swift-backtrace` (beside
/// `libswiftCore.so` in the toolchain), which reads the stopped program's stack and resolves
/// each address to a function, and with the debug information the learner's code is compiled
/// with (`-g`, see `CompileStep`), to a file and line. It writes its report as
/// JSON to a file of the check's own folder, where nothing the learner sees is printed: the
/// report is for the checker to read, and the learner sees their own file's lines only.
///
/// The settings keep it quick (a few hundredths of a second; the interactive default waits
/// for a person and takes seconds): no questions, only the crashed thread, no registers or
/// memory images, fast symbol lookup, and only the innermost frames (`top=0`: a stack overflow
/// from endless recursion is tens of thousands of frames deep, and walking to its far end
/// takes most of a second).
enum CrashBacktrace {
    /// The report's file name in the check's folder.
    static let fileName = "backtrace.json"

    /// How many frames from the top of the crashed thread are read: enough to get past the
    /// runtime's own and a library's frames into the learner's.
    static let frameLimit = 48

    /// The value of `SWIFT_BACKTRACE` that makes the runtime write the report to `path` (a
    /// relative path is taken from the working folder at the crash). The backtracer stays off
    /// when the path cannot be written in that list (it holds a `,`).
    static func settings(writingTo path: String) -> String {
        guard !path.contains(","), !path.contains("=") else { return "enable=no" }
        return [
            "enable=yes", "interactive=no", "color=no", "format=json", "symbolicate=fast", "threads=crashed",
            "registers=none", "images=none", "sanitize=no", "limit=\(frameLimit)", "top=0", "output-to=\(path)",
        ].joined(separator: ",")
    }

    /// What a crash report says: the frames of the crashed thread whose source file and line
    /// are known, innermost first, and whether the crash was a stack overflow. Nothing when
    /// `report` is not a report the backtracer wrote.
    static func read(_ report: Data) -> (frames: [CrashFrame], stackOverflow: Bool) {
        guard let decoded = try? JSONDecoder().decode(Report.self, from: report),
              let thread = decoded.threads.first(where: { $0.crashed == true }) ?? decoded.threads.first else { return ([], false) }
        let frames = thread.frames.compactMap { frame -> CrashFrame? in
            guard let location = frame.sourceLocation else { return nil }
            return CrashFrame(file: location.file, line: location.line, column: location.column, function: function(of: frame))
        }
        return (frames, isStackOverflow(faultAddress: decoded.faultAddress, stackPointer: thread.registers?["rsp"] ?? thread.registers?["sp"]))
    }

    /// A fault at the stack pointer, or just below it, is the stack's guard page: the stack ran
    /// out. (A nil or wild pointer faults far from it.) The frames may then say nothing, when
    /// the last call was into the C library, which keeps no frame pointers to unwind by.
    private static func isStackOverflow(faultAddress: String?, stackPointer: String?) -> Bool {
        guard let fault = faultAddress.flatMap(address), let stack = stackPointer.flatMap(address) else { return false }
        let distance = fault > stack ? fault - stack : stack - fault
        return distance < 64 * 1024
    }

    /// `0x00007ffcb671eff8` as a number.
    private static func address(_ text: String) -> UInt64? {
        UInt64(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16)
    }

    /// `SocialPresenter.share(_:)` from the backtracer's `SocialPresenter.share(_:) + 262`.
    private static func function(of frame: Frame) -> String {
        guard let description = frame.description else { return "" }
        guard let offset = description.range(of: " + ", options: .backwards),
              description[offset.upperBound...].allSatisfy(\.isNumber) else { return description }
        return String(description[..<offset.lowerBound])
    }

    private struct Report: Decodable {
        let faultAddress: String?
        let threads: [Thread]
    }

    private struct Thread: Decodable {
        let crashed: Bool?
        let registers: [String: String]?
        let frames: [Frame]
    }

    private struct Frame: Decodable {
        let description: String?
        let sourceLocation: SourceLocation?
    }

    private struct SourceLocation: Decodable {
        let file: String
        let line: Int
        let column: Int
    }
}
