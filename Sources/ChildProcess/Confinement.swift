/// What a confined child may touch: it may read (and run) what `readable` lists, read and
/// write in the folders `writable` lists, and nothing else of the file system. Whatever the
/// lists say, it may not open a network socket (TCP, UDP, loopback included, Unix sockets),
/// signal or trace a process outside its own run, or read another process's memory; and the
/// programs it starts are confined the same way.
///
/// Enforced by the kernel (Landlock and seccomp, see `cchildprocess_confine.c`), before the
/// program's first instruction. What the running kernel cannot enforce, `ConfinementSupport`
/// says in words.
package struct Confinement: Sendable, Equatable {
    /// Folders and files the child may read and execute.
    package var readable: [String]
    /// Folders the child may read, write, create and remove in.
    package var writable: [String]

    package init(readable: [String], writable: [String]) {
        self.readable = readable
        self.writable = writable
    }

    /// What every program needs to start and run on Linux, beside its own files: the system's
    /// libraries and shared data, the few files of `/etc` the C library reads, the harmless
    /// devices, and `/proc` to read. Not `/tmp`, which other users share.
    ///
    /// Why `/proc`, which no rule can open in part: Swift's crash handler lists the program's
    /// threads there, and the backtracer it starts (a new process, whose number no rule can
    /// know in advance) reads its own memory map there and fails without it; without the
    /// backtracer a crash can no longer be placed at the learner's line. What that lets a
    /// program do: read what `/proc` shows of itself and of other processes to anyone,
    /// nothing that needs tracing rights (their memory, environment, open files: Landlock
    /// refuses those outside the run), and write nothing there (its own memory neither).
    package static let systemReadable = [
        "/usr", "/lib", "/lib64", "/bin", "/proc",
        "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
        "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/locale.alias",
        "/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/dev/full",
        "/sys/devices/system/cpu", "/sys/fs/cgroup",
    ]
}
