import Foundation

/// Everything a cached result depends on, written out field by field. Each field is prefixed
/// with its length, so that no two different lists of fields can spell the same key.
public struct CacheKey: Sendable, Equatable {
    public private(set) var data = Data()

    public init(_ purpose: String) {
        add(purpose)
    }

    public mutating func add(_ field: Data) {
        data.append(Data("\(field.count):".utf8))
        data.append(field)
    }

    public mutating func add(_ text: String) {
        add(Data(text.utf8))
    }

    /// A built file (the compiler, the lesson library) by path and modification date: when it
    /// is rebuilt, everything made with it must be made again.
    public mutating func add(builtFile url: URL, fileSystem: any FileSystem) {
        add(url.path + "@\(fileSystem.modificationDate(of: url)?.timeIntervalSince1970 ?? 0)")
    }
}
