import Domain
import Foundation

/// A correct no-di.1 with a debugging log left in that writes a megabyte for every character
/// posted, into the file the test puts in place of __RECORD__. Unchecked, the checks would
/// leave a 256 MB file behind (the loop stops there, so a test without the limit ends too).
final class SocialPresenter {
    private let client: any SocialPostOutput
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        switch network {
        case .twitter: client = TwitterClient()
        case .facebook: client = FacebookClient()
        }
    }

    func share(_ text: String) throws {
        try log(text)
        try client.post(stamped(text))
    }

    func share(_ text: String, image: Image) throws {
        try log(text)
        try client.post(stamped(text), image: image)
    }

    private func log(_ text: String) throws {
        FileManager.default.createFile(atPath: "__RECORD__", contents: nil)
        guard let log = FileHandle(forWritingAtPath: "__RECORD__") else { return }
        defer { try? log.close() }
        try log.seekToEnd()
        let megabyte = Data(repeating: UInt8(ascii: "."), count: 1 << 20)
        while try log.offset() < 256 << 20 {
            try log.write(contentsOf: megabyte)
        }
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
