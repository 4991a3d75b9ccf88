import Foundation
import Glibc

/// Everything a cached result depends on, written out field by field. Each field is prefixed
/// with its length, so that no two different lists of fields can spell the same key.
package struct CacheKey: Sendable, Equatable {
    package private(set) var data = Data()

    /// A key for `purpose`, which also holds the identity of the running didojo build: what
    /// a build keeps in a cache (a list of test cases, a decoded manifest, a compiled step) is
    /// worked out by its own code, so a rebuilt didojo never takes an answer an older build
    /// worked out, even where a hand-kept version in `purpose` was not bumped.
    package init(_ purpose: String) {
        add(Self.buildIdentity)
        add(purpose)
    }

    /// A key for `purpose` that every didojo build spells the same way: for what must be found
    /// again whoever looks (a macro plugin's stand-in folder), where `add(builtFile:)` says what
    /// the answer depends on.
    package init(independentOfBuild purpose: String) {
        add(purpose)
    }

    package mutating func add(_ field: Data) {
        data.append(Data("\(field.count):".utf8))
        data.append(field)
    }

    package mutating func add(_ text: String) {
        add(Data(text.utf8))
    }

    /// A built file (the compiler, the lesson library) by path and modification date: when it
    /// is rebuilt, everything made with it must be made again.
    package mutating func add(builtFile url: URL, fileSystem: any FileSystem) {
        add(url.path + "@\(fileSystem.modificationDate(of: url)?.timeIntervalSince1970 ?? 0)")
    }

    /// The running executable's device, inode, size and modification time: new with every
    /// build, and one `stat` to find out.
    static let buildIdentity: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "unknown build" }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }()
}
