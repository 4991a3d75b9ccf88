import Glibc

/// Which build of the real plugin is at its path: its device, inode, size and modification
/// time, as `stat` gives them.
///
/// A rebuilt plugin may expand a macro differently, so a kept answer is used only for the very
/// build that gave it (the identity is part of each kept request). Reading the plugin's bytes
/// would say the same more surely, but a debug build of a macro plugin is tens of megabytes, and
/// this program must start in about a millisecond; a linker writing a new build changes at least
/// its modification time, in nanoseconds.
struct PluginIdentity: Equatable {
    let bytes: [UInt8]

    /// The identity of the file at `path`, or nil when there is none (a checkout moved or
    /// deleted, a build folder cleaned).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let text = "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        bytes = Array(text.utf8)
    }
}
