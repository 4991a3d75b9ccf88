/// One Swift file to analyse: the path to show in findings, and its text.
///
/// The path is only a label: the analysis never reads the disk. Pass what the learner should
/// see (`SocialPresenter.swift`, or a path relative to the workspace).
package struct SourceFile: Sendable, Hashable {
    /// How findings, nodes and violations name this file.
    package let path: String
    /// The Swift source.
    package let text: String

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
