import Foundation

/// Uses the domain once, as checks do, without touching any file: a date written as a stamp,
/// a post encoded and decoded as the timeline keeps it, the standard timeline's place.
///
/// For the program that runs checks (`didojo-test-host`), which calls it by its C name (the
/// one `TestHostProtocol.domainWarmUpSymbol` spells) while it waits for the learner's code to
/// compile: the first use of each of these in a process costs a millisecond or so (a
/// calendar's data, JSON coding's type lookups), which every check would otherwise wait for
/// once its tests start. Nothing it makes is kept but what Swift and Foundation keep anyway
/// (the calendar behind `utcStamp`, type metadata).
@_cdecl("didojo_domain_warm_up")
public func warmUpDomain() {
    _ = Date(timeIntervalSince1970: 0).utcStamp
    _ = Timeline.standard.fileURL.path
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if let line = try? encoder.encode(Post(network: .twitter, text: "warm-up", imageName: "warm-up.jpg")) {
        _ = try? JSONDecoder().decode(Post.self, from: line)
    }
    _ = FileManager.default.fileExists(atPath: "/")
}
