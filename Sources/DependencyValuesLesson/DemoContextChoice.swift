import ArgumentParser
import Dependencies

/// The contexts `run --context` accepts, spelled as the library spells `DependencyContext`.
public enum DemoContextChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case live, preview, test

    /// The library's context of the same name.
    public var dependencyContext: DependencyContext {
        switch self {
        case .live: .live
        case .preview: .preview
        case .test: .test
        }
    }
}
