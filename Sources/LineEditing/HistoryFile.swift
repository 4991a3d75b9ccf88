import Foundation

import Glibc

/// The file where the shell keeps its command history between sessions.
///
/// The format is one entry per line. Inside an entry, a backslash is written
/// as `\\` and a newline as `\n`, so multi-line entries survive a round trip.
/// The file is private to the user (mode 0600) and always replaced atomically,
/// so a crash while saving never leaves half a history behind.
package struct HistoryFile: Sendable {
    /// Where the history lives.
    package let url: URL
    /// How many of the most recent entries are kept.
    package let maxEntries: Int

    /// Describes a history file at `url` that keeps at most `maxEntries` entries.
    package init(url: URL, maxEntries: Int = 1000) {
        self.url = url
        self.maxEntries = max(0, maxEntries)
    }

    /// The usual location: `$XDG_STATE_HOME/didojo/history`, else `$HOME/.local/state/didojo/history`.
    ///
    /// Empty or relative `XDG_STATE_HOME` values are ignored, as the XDG spec asks.
    /// Without a usable `HOME` it falls back to the current user's home folder.
    package static func defaultURL(environment: [String: String]) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true)
                .appendingPathComponent("didojo", isDirectory: true)
                .appendingPathComponent("history", isDirectory: false)
        }
        let home: URL
        if let path = environment["HOME"], path.hasPrefix("/") {
            home = URL(fileURLWithPath: path, isDirectory: true)
        } else {
            home = FileManager.default.homeDirectoryForCurrentUser
        }
        return home
            .appendingPathComponent(".local/state/didojo", isDirectory: true)
            .appendingPathComponent("history", isDirectory: false)
    }

    /// Reads the saved entries, oldest first.
    ///
    /// A missing or unreadable file gives an empty history rather than an
    /// error: losing history must never stop the shell from starting.
    /// Bytes that are not valid UTF-8 are replaced, not rejected.
    package func load() -> [String] {
        guard let data = try? Data(contentsOf: url) else {
            return []
        }
        let text = String(decoding: data, as: UTF8.self)
        let entries = text
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { Self.unescape(String($0)) }
        return Self.normalized(entries, maxEntries: maxEntries)
    }

    /// Replaces the file with `entries` (oldest first), keeping only the last `maxEntries`.
    ///
    /// Blank entries and repeats of the previous entry are dropped.
    package func save(_ entries: [String]) throws {
        let kept = Self.normalized(entries, maxEntries: maxEntries)
        var text = ""
        for entry in kept {
            text += Self.escape(entry) + "\n"
        }

        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        try Self.writeAtomically(Data(text.utf8), to: url)
    }

    /// Drops blank entries and consecutive repeats, then keeps the newest `maxEntries`.
    static func normalized(_ entries: [String], maxEntries: Int) -> [String] {
        var result: [String] = []
        for entry in entries where !entry.allSatisfy(\.isWhitespace) {
            if result.last != entry {
                result.append(entry)
            }
        }
        return Array(result.suffix(maxEntries))
    }

    /// Turns one entry into one line: `\` becomes `\\` and a newline becomes `\n`.
    static func escape(_ entry: String) -> String {
        var line = ""
        for character in entry {
            switch character {
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r\n": line += "\\n"
            default: line.append(character)
            }
        }
        return line
    }

    /// Reverses `escape`. An unknown escape keeps the character after the backslash.
    static func unescape(_ line: String) -> String {
        var entry = ""
        var escaping = false
        for character in line {
            if escaping {
                entry.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                entry.append(character)
            }
        }
        if escaping {
            entry.append("\\")
        }
        return entry
    }

    /// Writes to a temporary file in the same folder, then renames it over `url`.
    ///
    /// Rename within one folder is atomic, so readers see the old or the new
    /// file, never a partial one. The temporary file is created with mode 0600
    /// so the history is never readable by others, not even briefly.
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/.history-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw POSIXError(errnoCode())
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded {
                unlink(temporaryPath)
            }
        }

        do {
            defer { close(fd) }
            guard fchmod(fd, 0o600) == 0 else { throw POSIXError(errnoCode()) }
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw POSIXError(errnoCode())
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw POSIXError(errnoCode()) }
        }
        guard rename(temporaryPath, url.path) == 0 else {
            throw POSIXError(errnoCode())
        }
        succeeded = true
    }

    private static func errnoCode() -> POSIXErrorCode {
        POSIXErrorCode(rawValue: errno) ?? .EIO
    }
}
