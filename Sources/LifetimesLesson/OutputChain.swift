import Domain
import Foundation

/// The output `run --chain` asks for: decorators listed outermost first, around the demo's
/// unreliable network.
///
/// `retry,log` is `RetryingOutput(wrapping: LoggingOutput(wrapping: client))`: the retry is
/// outside, so the logger sees every try. With `broadcast` in the chain, the post goes to
/// Twitter and to an unreliable Facebook, and the links after `broadcast` wrap each of them.
public struct OutputChain: Equatable, Sendable {
    /// The links, outermost first.
    public let links: [ChainLink]

    /// How a chain is written, for usage lines and error messages.
    public static let syntax = "log, retry, time and broadcast, outermost first, joined by commas (e.g. retry,log), or none"

    public init(links: [ChainLink]) {
        self.links = links
    }

    /// Reads `retry,log`, `log,broadcast,retry` or `none`.
    ///
    /// - Throws: `ChainParseError` for an unknown word, an empty word, or a second `broadcast`.
    public init(parsing text: String) throws {
        if text == "none" {
            self.init(links: [])
            return
        }
        var links: [ChainLink] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = word.trimmingCharacters(in: .whitespaces)
            guard let link = ChainLink(rawValue: word) else {
                let found = word.isEmpty ? "an empty word" : "\"\(word)\""
                throw ChainParseError(input: text, reason: "\(found) is not a link; use \(Self.syntax)")
            }
            links.append(link)
        }
        guard links.filter({ $0 == .broadcast }).count <= 1 else {
            throw ChainParseError(input: text, reason: "broadcast may appear once: it splits the chain into the part around both networks and the part around each")
        }
        self.init(links: links)
    }

    /// What the demo's chain is built from, besides the links.
    public struct Parts {
        public let logger: any Logger
        public let clock: any WaitingClock
        public let screen: any Screen
        public let timeline: Timeline
        /// How many posts the unreliable network fails before one gets through.
        public let failures: Int

        public init(logger: any Logger, clock: any WaitingClock, screen: any Screen, timeline: Timeline, failures: Int) {
            self.logger = logger
            self.clock = clock
            self.screen = screen
            self.timeline = timeline
            self.failures = failures
        }
    }

    /// The output this chain describes. Without `broadcast`, the network is Twitter behind a
    /// bad connection; with it, Twitter works and Facebook is behind the bad connection.
    public func build(from parts: Parts) -> any SocialPostOutput {
        let (outer, perNetwork) = split()
        let base: any SocialPostOutput
        if let perNetwork {
            let twitter = TwitterClient(screen: parts.screen, timeline: parts.timeline)
            let facebook = FlakyOutput(
                wrapping: FacebookClient(screen: parts.screen, timeline: parts.timeline),
                network: .facebook, failures: parts.failures)
            base = BroadcastOutput([
                wrap(twitter, in: perNetwork, parts: parts),
                wrap(facebook, in: perNetwork, parts: parts),
            ])
        } else {
            base = FlakyOutput(
                wrapping: TwitterClient(screen: parts.screen, timeline: parts.timeline),
                network: .twitter, failures: parts.failures)
        }
        return wrap(base, in: outer, parts: parts)
    }

    /// The chain drawn as a tree, outermost first, one line per object.
    public func tree(failures: Int) -> [String] {
        let (outer, perNetwork) = split()
        let flaky = { (client: String) in
            ChainNode("FlakyOutput", "the first \(failures) posts time out", [ChainNode(client)])
        }
        let base: ChainNode
        if let perNetwork {
            base = ChainNode("BroadcastOutput", "posts to each, then throws every failure", [
                node(for: perNetwork, around: ChainNode("TwitterClient")),
                node(for: perNetwork, around: flaky("FacebookClient")),
            ])
        } else {
            base = flaky("TwitterClient")
        }
        return node(for: outer, around: base).lines()
    }

    /// The links outside the broadcast, and those around each network (nil: no broadcast).
    private func split() -> (outer: [ChainLink], perNetwork: [ChainLink]?) {
        guard let index = links.firstIndex(of: .broadcast) else { return (links, nil) }
        return (Array(links[..<index]), Array(links[(index + 1)...]))
    }

    private func wrap(_ output: any SocialPostOutput, in links: [ChainLink], parts: Parts) -> any SocialPostOutput {
        // The innermost link wraps first.
        links.reversed().reduce(output) { inner, link in
            switch link {
            case .log: LoggingOutput(wrapping: inner, logger: parts.logger)
            case .retry: RetryingOutput(wrapping: inner, clock: parts.clock, attempts: 3, firstDelay: .milliseconds(100))
            case .time: TimingOutput(wrapping: inner, clock: parts.clock, logger: parts.logger)
            case .broadcast: inner  // never reached: `split()` takes it out
            }
        }
    }

    private func node(for links: [ChainLink], around inner: ChainNode) -> ChainNode {
        links.reversed().reduce(inner) { inner, link in
            switch link {
            case .log: ChainNode("LoggingOutput", "logs each post that reaches it", [inner])
            case .retry: ChainNode("RetryingOutput", "3 tries, waiting 100 ms, then 200 ms", [inner])
            case .time: ChainNode("TimingOutput", "logs how long each post that reaches it took", [inner])
            case .broadcast: inner
            }
        }
    }
}
