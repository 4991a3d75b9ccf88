import DojoCore
import Foundation

/// The link of a check's two small libraries, `libExercise.so` and `libExerciseChecks.so`,
/// without reading the big shared libraries: the planned linker command (see
/// `ClangLinkLowering`) with `libswiftCore.so`, Foundation, XCTest, the lesson library and the
/// shared part of the C library left out, run by the system's `ld.bfd` when there is one.
///
/// Why: reading those libraries' symbol tables, and starting the toolchain's `ld.lld`, is most
/// of a link that runs at every check (about 20 of 25 ms for the learner's library; 45 of 50 ms
/// for the checks', which name Foundation and XCTest). Neither is needed here. The libraries
/// are only ever loaded into the program that runs the checks, which has loaded the Swift
/// runtime, the C library, Foundation, XCTest and the lesson library before them
/// (`CompileStep.programLibraries`), and a shared library may leave its symbols to be found
/// there when it is loaded (the exercise module is already compiled without its autolinked
/// libraries, for the same reason). A library the program has not loaded (FoundationNetworking,
/// say, for tests that import it) stays named, so that loading the checks loads it. What only a static
/// archive provides stays: `libc_nonshared.a` (the part of the C library every program links
/// statically, `atexit` among it; glibc's `libc.so` is a linker script naming it beside
/// `libc.so.6`) and `libgcc.a` (the compiler's helper routines), both cheap to search. `ld.bfd`
/// takes the same arguments as `ld.lld` and, for a link this small, starts in a third of the time.
enum LeanLibraryLink {
    /// `lowered` without the shared libraries (but those `keeping` names, `-lNAME`), `-lc`
    /// replaced by `-l:libc_nonshared.a`, run by `systemLinker` when there is one; nil when
    /// `lowered` is not a linker command this knows, or none of its library folders holds
    /// `libc_nonshared.a` (`hasStaticCPart` says).
    static func command(
        from lowered: CompilerPlan.Command, systemLinker: String?, keeping: (_ library: String) -> Bool = { _ in false },
        hasStaticCPart: (_ folder: String) -> Bool
    ) -> CompilerPlan.Command? {
        let program = URL(fileURLWithPath: lowered.executable).lastPathComponent
        guard ["ld.lld", "ld", "ld.gold", "ld.bfd"].contains(program), lowered.arguments.contains("-lc"),
              libraryFolders(in: lowered.arguments).contains(where: hasStaticCPart) else { return nil }
        let arguments = lowered.arguments.compactMap { argument -> String? in
            switch argument {
            case "-lc": "-l:\(staticCPart)"
            case "-lgcc": argument
            case "--as-needed", "--no-as-needed", "-lgcc_s": nil
            case _ where argument.hasPrefix("-l"): keeping(String(argument.dropFirst(2))) ? argument : nil
            default: argument
            }
        }
        return CompilerPlan.Command(executable: systemLinker ?? lowered.executable, arguments: arguments)
    }

    /// The part of glibc that every program links statically.
    static let staticCPart = "libc_nonshared.a"

    /// The folders a linker command searches for libraries (`-L folder`, `-Lfolder`).
    static func libraryFolders(in arguments: [String]) -> [String] {
        zip(arguments, arguments.dropFirst() + [""]).compactMap { argument, next in
            argument == "-L" ? next : (argument.hasPrefix("-L") ? String(argument.dropFirst(2)) : nil)
        }
    }

    /// The system's GNU linker, `ld.bfd` on `PATH`, or nil.
    static func systemLinker(environment: [String: String], fileSystem: any FileSystem) -> String? {
        Toolchain.onPath("ld.bfd", environment: environment, fileSystem: fileSystem)?.path
    }
}
