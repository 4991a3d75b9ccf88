import Dependencies
import Domain

/// Where the live client keeps its posts: `Timeline.standard` unless someone overrides
/// `\.timeline` (the demo points it at your workspace).
///
/// Only a live value: a test that reaches the real timeline is told so by the library (in a
/// debug build), and still reaches it, since the test value falls back to the live one.
public enum TimelineKey: DependencyKey {
    public static let liveValue = Timeline.standard
}

extension DependencyValues {
    /// The file the live `SocialClient` posts to.
    public var timeline: Timeline {
        get { self[TimelineKey.self] }
        set { self[TimelineKey.self] = newValue }
    }
}
