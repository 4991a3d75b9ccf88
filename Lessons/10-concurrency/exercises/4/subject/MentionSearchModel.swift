import ConcurrencyLesson
import Observation

/// The model behind a mention field: as the person types, it waits for a pause in the typing
/// (a debounce), then asks the directory for the friends whose names start with the text.
@MainActor
@Observable
final class MentionSearchModel {
    /// The names found for the last query, once its pause was over.
    private(set) var suggestions: [String] = []
    /// The search waiting for its pause, or running; `nil` before the first query and after an
    /// empty one.
    private(set) var searchTask: Task<Void, Never>?

    @ObservationIgnored private let directory: any FriendDirectory
    @ObservationIgnored private let clock: any Clock<Duration>
    /// How long the typing must pause before a search starts.
    @ObservationIgnored let debounce: Duration

    init(directory: any FriendDirectory, clock: any Clock<Duration>, debounce: Duration) {
        self.directory = directory
        self.clock = clock
        self.debounce = debounce
    }

    /// Called on every change of the text: cancels the search still waiting, and starts a new
    /// one after the pause. An empty query clears the suggestions without a search. A search
    /// that fails clears them too.
    func queryChanged(_ query: String) {
        searchTask?.cancel()
        guard !query.isEmpty else {
            suggestions = []
            searchTask = nil
            return
        }
        searchTask = Task {
            do {
                try await clock.sleep(for: debounce)
                suggestions = try await directory.friends(matching: query)
            } catch is CancellationError {
                // A newer query took over: it decides what to show.
            } catch {
                suggestions = []
            }
        }
    }
}
