import Domain

/// What `run` shows, as async code on the main actor; the demo runs it from its synchronous
/// `run`, a test awaits it.
@MainActor
public struct ConcurrencyWalk {
    private let part: ConcurrencyPart
    private let text: String
    private let failures: Int
    private let typing: [String]
    private let timeline: Timeline
    private let write: @Sendable (String) -> Void

    public init(
        part: ConcurrencyPart, text: String, failures: Int, typing: [String], timeline: Timeline,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.part = part
        self.text = text
        self.failures = failures
        self.typing = typing
        self.timeline = timeline
        self.write = write
    }

    private func say(_ line: String = "") {
        write(line + "\n")
    }

    public func run() async {
        switch part {
        case .share: await share()
        case .search: await search()
        case .trace: await trace()
        }
    }

    private func share() async {
        let root = ConcurrencyComposition(timeline: timeline, failures: failures, write: write)
        say("The composition root (@MainActor) builds a ShareModel and its terminal view;")
        say("the model's output: retry (ContinuousClock) › network failing \(failures)× › Twitter.")
        let (model, view) = root.makeShareScreen()
        view.show()
        model.text = text
        await Task.yield()
        await model.share()
        await Task.yield()
        say("The view drew the sheet \(view.drawings) times, once per change it reads.")
    }

    private func search() async {
        let root = ConcurrencyComposition(timeline: timeline, failures: 0, write: write)
        let directory = AnnouncingDirectory(FriendList(Self.friends), write: write)
        let model = root.makeMentionSearch(directory: directory)
        say("A mention search that waits for a 300 ms pause in the typing.")
        for query in typing {
            say("typed \"\(query)\"")
            model.queryChanged(query)
            try? await ContinuousClock().sleep(for: .milliseconds(100))
        }
        await model.searchTask?.value
        let found = model.suggestions.isEmpty ? "nobody" : model.suggestions.joined(separator: ", ")
        say("suggestions: \(found)")
    }

    private func trace() async {
        let log = TraceLog()
        let output = TracingOutput(wrapping: TimelineStore(), log: log)
        say("Inside Trace.$id.withValue(\"share-42\"):")
        await Trace.$id.withValue("share-42") {
            try? await Task { try await output.post("from Task {}") }.value
            try? await BatchSharer(outputs: [output]).share("from a task group's child")
            try? await Task.detached { try await output.post("from Task.detached") }.value
        }
        for line in await log.lines {
            say("  " + line)
        }
        say("Task.detached starts with no task-local values: its post has no trace.")
    }

    static let friends = ["Ada", "Alan", "Ann", "Anna", "Annie", "Grace", "Linus"]
}
