/// A navigator that keeps a stack of screen names and writes one line for every step, e.g.
/// `push Detail  (Home › Detail)`.
///
/// A class, because everyone who navigates must move the same stack.
public final class TerminalNavigator: Navigator {
    /// The pushed screens, the root first.
    public private(set) var stack: [String]
    /// The screens shown modally over the stack, the topmost last.
    public private(set) var presented: [String] = []

    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - root: the first screen, which `pop` never removes.
    ///   - write: receives each line, newline included; standard output by default.
    public init(root: String, write: @escaping @Sendable (String) -> Void = StandardOutput.write) {
        self.stack = [root]
        self.write = write
    }

    /// The screen the person sees now.
    public var visible: String {
        presented.last ?? stack[stack.count - 1]
    }

    public func push(_ screen: String) {
        stack.append(screen)
        report("push \(screen)")
    }

    public func pop() {
        guard stack.count > 1 else {
            report("pop ignored: \(stack[0]) is the root")
            return
        }
        let screen = stack.removeLast()
        report("pop \(screen)")
    }

    public func present(_ screen: String) {
        presented.append(screen)
        report("present \(screen)")
    }

    public func dismiss() {
        guard let screen = presented.popLast() else {
            report("dismiss ignored: nothing is presented")
            return
        }
        report("dismiss \(screen)")
    }

    private func report(_ step: String) {
        let path = (stack + presented.map { "[\($0)]" }).joined(separator: " › ")
        write("\(step)  (\(path))\n")
    }
}
