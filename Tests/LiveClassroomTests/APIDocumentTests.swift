import ClassServer
import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// API.md is the server's contract with the learners' shells and anyone scripting a class: it
/// names exactly the routes the server has.
@Suite struct APIDocumentTests {
    static var document: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ClassServer/API.md")
    }

    /// "GET /api/room", "POST /api/hands/:id/done"… as API.md writes them in backticks.
    static func documentedRoutes() throws -> Set<String> {
        let text = try String(contentsOf: document, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"`(GET|POST) (/[^`?\s]*)"#)
        var routes = Set<String>()
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let method = String(text[Range(match.range(at: 1), in: text)!])
            let path = String(text[Range(match.range(at: 2), in: text)!]).replacingOccurrences(of: "{id}", with: ":id")
            routes.insert("\(method) \(path)")
        }
        return routes
    }

    @Test func apiMDNamesEveryRouteOfTheServerAndNoOther() async throws {
        let folder = try TemporaryFolder("class-api-doc")
        let service = try await ClassService.open(
            store: try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite")), lessons: ClassServerRoutesTests.lessons,
            className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        let list = RouteList()
        _ = ClassRoutes(service: service, dashboard: DashboardFiles(page: "", script: "", style: "")).router(noting: list)
        let served = Set(list.all)
        let documented = try Self.documentedRoutes()
        #expect(served.count > 15, "\(served)")
        #expect(served.subtracting(documented).isEmpty, "served, not in API.md: \(served.subtracting(documented).sorted())")
        #expect(documented.subtracting(served).isEmpty, "in API.md, not served: \(documented.subtracting(served).sorted())")
    }
}
