import CChildProcess

/// What the running kernel can enforce of a `Confinement`, and what it cannot, in words.
package struct ConfinementSupport: Sendable, Equatable {
    /// The Landlock ABI version (0: none). 1 confines the file system, 4 adds TCP, 6 adds
    /// signals and abstract Unix sockets.
    package let landlockABI: Int
    /// Whether seccomp filters are available (they refuse sockets and the calls that reach
    /// beyond the process).
    package let seccomp: Bool

    package init(landlockABI: Int, seccomp: Bool) {
        self.landlockABI = landlockABI
        self.seccomp = seccomp
    }

    /// The running kernel's.
    package static var current: ConfinementSupport {
        ConfinementSupport(landlockABI: Int(cchildprocess_landlock_abi()), seccomp: cchildprocess_seccomp_supported() != 0)
    }

    /// What a confined program could still do on this kernel, one phrase each; empty when
    /// nothing of the confinement is missing.
    package var gaps: [String] {
        var gaps: [String] = []
        if landlockABI == 0 {
            gaps.append("this kernel has no Landlock, so the code could read and write any file you can")
        }
        if !seccomp {
            gaps.append(landlockABI >= 4
                ? "this kernel has no seccomp, so the code could use UDP and Unix sockets"
                : "this kernel has no seccomp, so the code could open network connections")
        }
        if landlockABI < 6 {
            gaps.append("this kernel's Landlock (\(landlockABI == 0 ? "none" : "ABI \(landlockABI)") < 6) cannot stop the code from signalling your other programs")
        }
        return gaps
    }

    /// "not confined: …" for every check's report and `verify`'s output, or nil when the
    /// confinement is whole.
    package var notice: String? {
        gaps.isEmpty ? nil : "not confined: " + gaps.joined(separator: "; ")
    }
}
