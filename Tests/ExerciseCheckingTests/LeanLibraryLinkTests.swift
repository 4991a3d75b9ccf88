@testable import ExerciseChecking
import Testing

/// A check's small libraries are linked without reading the big shared libraries (see
/// `LeanLibraryLink`): the planned linker command with the static parts kept.
@Suite struct LeanLibraryLinkTests {
    let planned = CompilerPlan.Command(executable: "/opt/swift/usr/bin/ld.lld", arguments: [
        "--hash-style=gnu", "--eh-frame-hdr", "-m", "elf_x86_64", "-shared", "-o", "/f/libExercise.so",
        "/lib/x86_64-linux-gnu/crti.o", "/usr/lib/gcc/x86_64-linux-gnu/12/crtbeginS.o", "-L/usr/lib/gcc/x86_64-linux-gnu/12",
        "-L/usr/lib/x86_64-linux-gnu", "--build-id", "-rpath", "/opt/swift/usr/lib/swift/linux",
        "/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o", "/f/Exercise.o",
        "-L", "/opt/swift/usr/lib/swift/linux", "-lswiftCore", "-soname", "libExercise.so", "-lgcc", "--as-needed", "-lgcc_s",
        "--no-as-needed", "-lc", "/usr/lib/gcc/x86_64-linux-gnu/12/crtendS.o", "/lib/x86_64-linux-gnu/crtn.o",
    ])
    let debian: (String) -> Bool = { $0 == "/usr/lib/x86_64-linux-gnu" }

    @Test func leavesOutTheSharedLibrariesAndKeepsTheStaticParts() throws {
        let lean = try #require(LeanLibraryLink.command(from: planned, systemLinker: nil, hasStaticCPart: debian))
        #expect(lean.executable == planned.executable)
        #expect(lean.arguments == [
            "--hash-style=gnu", "--eh-frame-hdr", "-m", "elf_x86_64", "-shared", "-o", "/f/libExercise.so",
            "/lib/x86_64-linux-gnu/crti.o", "/usr/lib/gcc/x86_64-linux-gnu/12/crtbeginS.o", "-L/usr/lib/gcc/x86_64-linux-gnu/12",
            "-L/usr/lib/x86_64-linux-gnu", "--build-id", "-rpath", "/opt/swift/usr/lib/swift/linux",
            "/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o", "/f/Exercise.o",
            "-L", "/opt/swift/usr/lib/swift/linux", "-soname", "libExercise.so", "-lgcc", "-l:libc_nonshared.a",
            "/usr/lib/gcc/x86_64-linux-gnu/12/crtendS.o", "/lib/x86_64-linux-gnu/crtn.o",
        ])
    }

    @Test func keepsTheLibrariesTheProgramHasNotLoaded() throws {
        var arguments = planned.arguments
        arguments.insert(contentsOf: ["-lFoundation", "-lFoundationNetworking", "-lDIDojoLessons"], at: arguments.count - 3)
        let planned = CompilerPlan.Command(executable: planned.executable, arguments: arguments)
        let loaded: Set<String> = ["swiftCore", "Foundation", "DIDojoLessons"]
        let lean = try #require(LeanLibraryLink.command(
            from: planned, systemLinker: nil, keeping: { !loaded.contains($0) }, hasStaticCPart: debian))
        #expect(lean.arguments.filter { $0.hasPrefix("-l") } == ["-lgcc", "-lFoundationNetworking", "-l:libc_nonshared.a"])
    }

    @Test func runsTheSystemLinkerWhenThereIsOne() throws {
        let lean = try #require(LeanLibraryLink.command(from: planned, systemLinker: "/usr/bin/ld.bfd", hasStaticCPart: debian))
        #expect(lean.executable == "/usr/bin/ld.bfd")
    }

    @Test func leavesAloneWhatItCannotCutDownSafely() {
        // Not a linker, no C library to replace, or no static part of it where the linker looks.
        #expect(LeanLibraryLink.command(from: .init(executable: "/usr/bin/clang", arguments: planned.arguments), systemLinker: nil, hasStaticCPart: debian) == nil)
        #expect(LeanLibraryLink.command(from: .init(executable: "/usr/bin/ld.lld", arguments: ["-o", "x", "a.o"]), systemLinker: nil, hasStaticCPart: debian) == nil)
        #expect(LeanLibraryLink.command(from: planned, systemLinker: nil, hasStaticCPart: { _ in false }) == nil)
    }

    @Test func readsBothSpellingsOfALibraryFolder() {
        #expect(LeanLibraryLink.libraryFolders(in: ["-L/a", "-L", "/b", "-lc", "-L"]) == ["/a", "/b", ""])
    }
}
