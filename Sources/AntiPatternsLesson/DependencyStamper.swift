import Dependencies
import Domain
import Foundation

/// `PostStamper` with swift-dependencies: the time comes from `@Dependency(\.date.now)`.
///
/// Still ambient (its initializer lists nothing), but an override lasts only as long as a
/// `withDependencies` scope, and in a test a read nobody overrode is reported.
public struct DependencyStamper {
    @Dependency(\.date.now) private var now

    public init() {}

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`, with the date in force.
    public func stamp(_ text: String) -> String {
        "\(text) (\(now.utcStamp))"
    }
}
