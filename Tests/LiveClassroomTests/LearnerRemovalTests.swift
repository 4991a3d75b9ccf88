import ClassProtocol
import ClassServer
import DojoTestSupport
import Foundation
import Testing

/// The teacher removes a learner (a stranger who had the code) or merges two rows of one person
/// (who joined twice), against the real `didojo-class`: through the API, and from the dashboard
/// in Chromium, after a confirmation.
@Suite(.serialized) struct LearnerRemovalTests {
    static func check(_ exercise: String, passed: Bool) -> ClassEvent {
        ClassEvent(kind: .check, time: Date(), exerciseID: exercise, passed: passed, failingChecks: passed ? [] : ["posts at the injected time"])
    }

    static let teacher = ["Authorization": "Bearer " + ClassServerProcess.teacherToken]

    /// A learner's batch, as their courier sends it: the status.
    static func post(_ events: [ClassEvent], to server: ClassServerProcess, token: String) async throws -> Int {
        try await server.request(
            "POST", "/api/events", headers: ["Authorization": "Bearer " + token],
            body: String(decoding: try ClassJSON.encoder().encode(EventBatch(events: events)), as: UTF8.self)).status
    }

    @Test func aRemovedLearnersTokenSendsNothingAndAMergedOnesCountsForTheRowThatStays() async throws {
        let home = try TemporaryFolder("live-class-remove")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let ada = try await server.join(name: "Ada")
        let stranger = try await server.join(name: "Stranger")
        let adaAgain = try await server.join(name: "Ada")
        #expect(try await Self.post([Self.check("no-di.1", passed: false)], to: server, token: ada.token) == 200)
        #expect(try await Self.post([Self.check("no-di.1", passed: true), Self.check("no-di.2", passed: false)], to: server, token: adaAgain.token) == 200)
        #expect(try await Self.post([Self.check("no-di.1", passed: true)], to: server, token: stranger.token) == 200)

        // Nobody but the teacher removes or merges: not a learner, not without a token.
        for headers in [[String: String](), ["Authorization": "Bearer " + ada.token], ["X-Didojo-Dashboard": "1"]] {
            #expect(try await server.request("POST", "/api/learners/\(stranger.learnerID)/remove", headers: headers).status == 401)
            #expect(try await server.request("POST", "/api/learners/\(adaAgain.learnerID)/merge", headers: headers, body: #"{"into":"\#(ada.learnerID)"}"#).status == 401)
        }
        #expect(try await server.request("POST", "/api/learners/L-nobody/remove", headers: Self.teacher).status == 404)
        #expect(try await server.request("POST", "/api/learners/\(ada.learnerID)/merge", headers: Self.teacher, body: #"{"into":"\#(ada.learnerID)"}"#).status == 422)
        #expect(try await server.request("POST", "/api/learners/\(ada.learnerID)/merge", headers: Self.teacher, body: #"{"into":"L-nobody"}"#).status == 404)

        let removed = try await server.request("POST", "/api/learners/\(stranger.learnerID)/remove", headers: Self.teacher)
        #expect(removed.status == 200, "\(removed.body)")
        #expect(try await Self.post([Self.check("no-di.2", passed: true)], to: server, token: stranger.token) == 401, "a removed learner's token sends nothing")
        let merged = try await server.request("POST", "/api/learners/\(adaAgain.learnerID)/merge", headers: Self.teacher, body: #"{"into":"\#(ada.learnerID)"}"#)
        #expect(merged.status == 200, "\(merged.body)")

        var room = try await server.room()
        #expect(room.learners.map(\.id) == [ada.learnerID], "one row left: \(room.learners.map(\.name))")
        var row = try #require(room.learners.first)
        #expect(row.cells["no-di.1"]?.state == "passed" && row.cells["no-di.1"]?.attempts == 2, "both rows' checks, in order: \(row.cells)")
        #expect(row.cells["no-di.2"]?.state == "failing")
        #expect(room.learners.allSatisfy { $0.sameNameNumber == nil }, "one Ada now")
        // The second Ada's shell goes on sending, into the row that stayed.
        #expect(try await Self.post([Self.check("no-di.2", passed: true)], to: server, token: adaAgain.token) == 200)
        room = try await server.room()
        #expect(room.learners.first?.cells["no-di.2"]?.state == "passed")

        // A restart reads the same room back.
        server.kill()
        try server.start(lessons: Didojo.lessonsFolder)
        room = try await server.room()
        row = try #require(room.learners.first)
        #expect(room.learners.count == 1 && row.id == ada.learnerID)
        #expect(row.cells["no-di.1"]?.attempts == 2 && row.cells["no-di.2"]?.state == "passed")
        #expect(try await Self.post([Self.check("no-di.3", passed: false)], to: server, token: stranger.token) == 401)
        #expect(try await Self.post([Self.check("no-di.3", passed: false)], to: server, token: adaAgain.token) == 200)
    }

    /// From the dashboard, as a teacher would: the name opens the learner's card; Merge, then
    /// Remove, each confirmed in the browser's own dialog, which names who is concerned.
    @Test func theDashboardMergesAndRemovesAfterAConfirmation() async throws {
        let home = try TemporaryFolder("live-class-remove-browser")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let ada = try await server.join(name: "Ada")
        let bo = try await server.join(name: "Bo")
        let adaAgain = try await server.join(name: "Ada")
        #expect(try await Self.post([Self.check("no-di.1", passed: true)], to: server, token: adaAgain.token) == 200)
        #expect(try await Self.post([Self.check("no-di.2", passed: false)], to: server, token: ada.token) == 200)

        let shot = DashboardLayoutTests.artifacts.appendingPathComponent("learner-card-1366x768.png")
        let browser = try Browser(
            try await server.signInLink(),
            waitFor: #"body:has(#connection[data-status="live"]) tr[data-learner="\#(adaAgain.learnerID)"] td[data-exercise="no-di.1"][data-state="passed"]"#,
            thenWaitFor: #"#grid:not(:has(tr[data-learner="\#(bo.learnerID)"])):not(:has(tr[data-learner="\#(adaAgain.learnerID)"])) tr[data-learner="\#(ada.learnerID)"] td[data-exercise="no-di.1"][data-state="passed"]"#,
            screenshot: shot, viewport: (1366, 768),
            clicks: [
                #"button.learner-name[data-learner="\#(adaAgain.learnerID)"]"#,
                #"#learner-detail:not([hidden]) #merge-learner"#,
                #"#grid:not(:has(tr[data-learner="\#(adaAgain.learnerID)"])) button.learner-name[data-learner="\#(bo.learnerID)"]"#,
                #"#learner-detail:not([hidden]) #remove-learner"#,
            ], clickScreenshots: DashboardLayoutTests.artifacts.appendingPathComponent("learner-card"))
        #expect(browser.waitForSecondSelector() != nil, "the open page shows one Ada, with the second row's pass, and no Bo")
        let asked = browser.dialogs.joined(separator: " | ")
        #expect(browser.dialogs.count == 2, "\(asked)")
        #expect(browser.dialogs.first?.hasPrefix("Merge Ada #2 into Ada?") == true, "\(asked)")
        #expect(browser.dialogs.last?.hasPrefix("Remove Bo from the class?") == true, "\(asked)")
        let room = try await server.room()
        #expect(room.learners.map(\.id) == [ada.learnerID])
        #expect(try await Self.post([Self.check("no-di.3", passed: false)], to: server, token: bo.token) == 401)
    }
}
