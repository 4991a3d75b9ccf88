import Foundation

/// Names the calling thread as tools see it (`ps -L`, /proc, a debugger's thread list, a hung
/// test run's report).
///
/// Why not `Thread.name`: Foundation on Linux does not pass it on to the system.
package enum ThreadName {
    /// Names the calling thread `name`, cut to the 15 bytes Linux keeps.
    package static func set(_ name: String) {
        let bytes = Data(name.utf8.prefix(15))
        // The kernel's file for the calling thread; nothing changes when it cannot be written.
        try? bytes.write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
    }
}
