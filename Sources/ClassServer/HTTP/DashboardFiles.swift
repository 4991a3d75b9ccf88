import Foundation

/// The dashboard's page, script and style, and the sign-in page and its script, read once from
/// the target's resources.
public struct DashboardFiles: Sendable {
    public let page: String
    public let script: String
    public let style: String
    public let signInPage: String
    public let signInScript: String

    public init(page: String, script: String, style: String, signInPage: String = "", signInScript: String = "") {
        self.page = page
        self.script = script
        self.style = style
        self.signInPage = signInPage
        self.signInScript = signInScript
    }

    /// The files built into the server (`Sources/ClassServer/Dashboard`).
    public static func bundled() throws -> DashboardFiles {
        func read(_ name: String, _ type: String) throws -> String {
            guard let url = Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Dashboard") else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Dashboard/\(name).\(type)"])
            }
            return try String(contentsOf: url, encoding: .utf8)
        }
        return DashboardFiles(
            page: try read("dashboard", "html"), script: try read("dashboard", "js"), style: try read("dashboard", "css"),
            signInPage: try read("signin", "html"), signInScript: try read("signin", "js"))
    }
}
