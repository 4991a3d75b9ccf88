import Domain
import LessonSupport

/// `run --chain …`: one post through the chain the learner typed, what the decorators said on
/// the way, and what the post left in the timeline file.
struct ChainWalk {
    let chain: OutputChain
    let failures: Int
    let text: String
    let timeline: Timeline
    let context: DemoContext

    func run() {
        // The demo's clock only pretends to wait, as a test's would; each wait is announced.
        let clock = AnnouncingClock(wrapping: FastForwardClock(), write: context.write)
        let parts = OutputChain.Parts(
            logger: PrintLogger(write: context.write), clock: clock,
            screen: TerminalScreen(write: context.write), timeline: timeline, failures: failures)
        // The presenter's own logger is a Null Object: here only the decorators speak.
        let presenter = SharePresenter(draft: Draft(text: text), output: chain.build(from: parts), logger: SilentLogger())

        context.print("The composition root wrapped the network in this chain, outermost first:")
        for line in chain.tree(failures: failures) {
            context.print("  " + line)
        }
        context.print()
        context.print("presenter.share()   // it sees one SocialPostOutput, and logs to a SilentLogger")
        let before = (try? timeline.posts().count) ?? 0
        do {
            try presenter.share()
        } catch {
            context.print("The post could not be sent: \(error)")
        }
        let posts = Array(((try? timeline.posts()) ?? []).dropFirst(before))
        context.print()
        let gained = posts.isEmpty ? "no posts." : posts.count == 1 ? "1 post:" : "\(posts.count) posts:"
        context.print("\(timeline.fileURL.lastPathComponent) gained \(gained)")
        for post in posts {
            context.print("  \(post.network.displayName): \(post.text)")
        }
        context.print()
        for paragraph in explanation(posts: posts) {
            context.print(paragraph)
        }
    }

    /// What this order of links did, and which order to try next.
    private func explanation(posts: [Post]) -> [String] {
        let links = chain.links
        let retry = links.firstIndex(of: .retry)
        let log = links.firstIndex(of: .log)
        let time = links.firstIndex(of: .time)
        let broadcast = links.firstIndex(of: .broadcast)
        // Two links compete only on the same side of a broadcast.
        func sameSide(_ a: Int, _ b: Int) -> Bool {
            guard let broadcast else { return true }
            return (a < broadcast) == (b < broadcast)
        }
        var paragraphs: [[String]] = []
        if let retry, let log, sameSide(retry, log) {
            paragraphs.append(retry < log
                ? ["The retry is outside the logger, so the logger saw every try, each failure included.",
                   "Now try `run --chain \(swapped(.retry, .log))`."]
                : ["The logger is outside the retry, so it saw one post and how it ended; the failed",
                   "tries and the waits never reached it. Now try `run --chain \(swapped(.retry, .log))`."])
        }
        if let retry, let broadcast {
            let twitter = posts.filter { $0.network == .twitter }.count
            paragraphs.append(retry < broadcast
                ? ["The retry is outside the broadcast: each time Facebook failed, the whole broadcast was",
                   "sent again, Twitter included: Twitter got the post \(twitter == 1 ? "once" : "\(twitter) times"). Now try",
                   "`run --chain \(swapped(.retry, .broadcast))`."]
                : ["Each network has a retry of its own, inside the broadcast: Facebook was tried again",
                   "alone, and Twitter got the post once. Now try `run --chain \(swapped(.retry, .broadcast))`."])
        }
        if let retry, let time, sameSide(retry, time) {
            paragraphs.append(time < retry
                ? ["TimingOutput is outside the retry: the time it logged includes the waits."]
                : ["TimingOutput is inside the retry: it timed each try alone; the waits are in none of them."])
        }
        if paragraphs.isEmpty {
            paragraphs = [["Try `run --chain retry,log`, then `run --chain log,retry`: the same post, logged from",
                           "two places in the chain."]]
        }
        paragraphs.append([
            "Between two runs only the composition root changed: SharePresenter and TwitterClient are",
            "the same compiled code. (The clock is a FastForwardClock, as in the tests: no real waiting.)",
        ])
        return Array(paragraphs.map { $0 + [""] }.joined().dropLast())
    }

    /// The chain as typed, with two links swapped: the order to try next.
    private func swapped(_ a: ChainLink, _ b: ChainLink) -> String {
        chain.links.map { $0 == a ? b.rawValue : $0 == b ? a.rawValue : $0.rawValue }.joined(separator: ",")
    }
}
