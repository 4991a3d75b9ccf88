import ClassProtocol
import ClassServer
import DojoTestSupport
import Foundation
import Testing

/// The teacher's token stays out of every URL (browser history, screenshots, the projector),
/// against the real `didojo-class`: the printed link signs one browser in, once, for an
/// HttpOnly, SameSite=Strict cookie; the links of old (`/dashboard?token=…`), a learner's
/// token and no token open nothing; and in Chromium the dashboard's address holds no secret.
@Suite(.serialized) struct TeacherSignInTests {
    /// A dashboard left open in another window (the same cookie) stops showing the room when
    /// the teacher signs out, at once, not at its stream's next reconnect; a stream opened with
    /// the teacher's token is not the session's, and goes on.
    @Test func signingOutEndsTheStreamsTheSessionOpened() async throws {
        let home = try TemporaryFolder("live-class-signout")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let signedIn = try await server.request("POST", "/api/session", body: #"{"token": "\#(ClassServerProcess.teacherToken)"}"#)
        let cookie = try #require(signedIn.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let windows = try (0..<2).map { _ in try ClassServerShutdownTests.OpenStream(server.url + "/api/stream", headers: ["Cookie: " + cookie]) }
        let byToken = try ClassServerShutdownTests.OpenStream(server.url + "/api/stream", token: ClassServerProcess.teacherToken)
        defer {
            windows.forEach { $0.close() }
            byToken.close()
        }
        for stream in windows + [byToken] {
            #expect(try await stream.waitFor("event: room", seconds: 60), "the stream is open: \(stream.text.prefix(200))")
        }
        let signedOut = try await server.request("POST", "/api/signout", headers: ["Cookie": cookie, "X-Didojo-Dashboard": "1"])
        #expect(signedOut.status == 204)
        for stream in windows {
            #expect(try await stream.waitForEnd(seconds: 30), "the session's stream ended at the sign-out")
        }
        _ = try await server.join(name: "Ada")
        #expect(try await byToken.waitFor("event: changes", seconds: 30), "the token's stream goes on: \(byToken.text.suffix(200))")
        #expect(try await server.request("GET", "/api/stream", headers: ["Cookie": cookie]).status == 401, "and the session opens no new one")
    }

    @Test func oldLinksALearnersTokenAndNoTokenOpenNoTeacherRoute() async throws {
        let home = try TemporaryFolder("live-class-signin")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        #expect(!server.printedSignInLink.contains(ClassServerProcess.teacherToken), "the printed link holds no token: \(server.printedSignInLink)")
        #expect(server.printedTeacherToken == ClassServerProcess.teacherToken)
        let ada = try await server.join(name: "Ada")
        // Requests without the teacher share one rate (20 a second): these go at 16 a second,
        // so that each answer is the server's judgement of the request, never a 429.
        func status(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws -> Int {
            let answer = try await server.request(method, path, headers: headers, body: body)
            try await Task.sleep(for: .milliseconds(60))
            return answer.status
        }

        let teacherGets = ["/api/room", "/api/stream", "/api/export.csv", "/api/export.xml", "/api/hands/H-x"]
        let teacherPosts = ["/api/rotate-code", "/api/unlock", "/api/lock", "/api/grades", "/api/signin-code", "/api/hands/H-x/done"]
        let dashboardHeader = ["X-Didojo-Dashboard": "1"]
        for token in [ClassServerProcess.teacherToken, ada.token, "nonsense"] {
            // The dashboard's link of old, and any other token in a URL: sent to sign in, no page.
            let page = try await server.request("GET", "/dashboard?token=" + token)
            try await Task.sleep(for: .milliseconds(60))
            #expect(page.status == 303 && page.headers["location"] == "/signin", "\(page.status) \(page.headers)")
            #expect(!page.body.contains("<html"))
            #expect(try await status("GET", "/projector?token=" + token) == 401, "the projector's page takes only the projector's token")
            for path in teacherGets {
                #expect(try await status("GET", path + "?token=" + token) == 401, "GET \(path)?token=…")
            }
            for path in teacherPosts {
                #expect(try await status("POST", path + "?token=" + token, headers: dashboardHeader, body: #"{"lesson":"no-di"}"#) == 401, "POST \(path)?token=…")
            }
        }
        for headers in [[String: String](), ["Authorization": "Bearer " + ada.token], dashboardHeader] {
            #expect(try await status("GET", "/dashboard", headers: headers) == 303)
            for path in teacherGets { #expect(try await status("GET", path, headers: headers) == 401, "GET \(path) \(headers)") }
            for path in teacherPosts { #expect(try await status("POST", path, headers: headers, body: "{}") == 401, "POST \(path) \(headers)") }
        }
        // A learner's token does not sign in; a wrong code neither.
        #expect(try await status("POST", "/api/session", body: #"{"token": "\#(ada.token)"}"#) == 401)
        #expect(try await status("POST", "/api/session", body: #"{"code": "\#(ada.token)"}"#) == 401)

        // The printed link's code, once: a cookie, HttpOnly and SameSite=Strict.
        let code = String(server.printedSignInLink.split(separator: "#")[1])
        let signedIn = try await server.request("POST", "/api/session", body: #"{"code": "\#(code)"}"#)
        #expect(signedIn.status == 204)
        let setCookie = try #require(signedIn.headers["set-cookie"])
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), "\(setCookie)")
        #expect(try await status("POST", "/api/session", body: #"{"code": "\#(code)"}"#) == 401, "the printed link works once")
        let cookie = ["Cookie": String(setCookie.split(separator: ";")[0])]
        #expect(try await server.request("GET", "/dashboard", headers: cookie).status == 200)
        #expect(try await server.request("GET", "/api/room", headers: cookie).status == 200)
        #expect(try await server.request("POST", "/api/rotate-code", headers: cookie).status == 403, "a change without the dashboard's header")
        #expect(try await server.request("POST", "/api/rotate-code", headers: cookie.merging(dashboardHeader) { a, _ in a }).status == 200)
        // The cookie outlives a restart: it is signed, not kept.
        server.kill()
        try server.start(lessons: Didojo.lessonsFolder)
        #expect(try await server.request("GET", "/api/room", headers: cookie).status == 200)
    }

    /// In Chromium: the printed link opens the dashboard, whose address then holds neither the
    /// code nor the token, and whose script cannot read the cookie; the same link a second
    /// time (from the browser's history, say) signs nobody in.
    @Test func thePrintedLinkSignsOneBrowserInAndLeavesNoSecretInTheAddress() async throws {
        let home = try TemporaryFolder("live-class-signin-browser")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let link = server.printedSignInLink
        let code = String(link.split(separator: "#")[1])
        let shot = DashboardLayoutTests.artifacts.appendingPathComponent("signed-in-dashboard.png")
        let browser = try Browser(
            link, waitFor: #"body.dashboard #connection[data-status="live"]"#, screenshot: shot,
            report: "({ href: location.href, cookie: document.cookie, history: history.length })")
        struct Page: Decodable { var href: String; var cookie: String }
        let page = try JSONDecoder().decode(Page.self, from: Data(try #require(browser.report).utf8))
        #expect(page.href == server.url + "/dashboard", "\(page.href)")
        #expect(page.cookie.isEmpty, "HttpOnly: the page's scripts cannot read the session: \(page.cookie)")
        #expect(!browser.dom.contains(code) && !browser.dom.contains(ClassServerProcess.teacherToken))

        let again = try Browser(link, waitFor: "#signin-form:not([hidden])")
        #expect(again.dom.contains("used already"), "\(again.dom.prefix(2000))")
        #expect(!again.dom.contains("id=\"grid\""))
    }

    /// In Chromium, two browsers: the signed-in dashboard's "Sign in another browser" shows a
    /// link, which signs a second browser in (its own profile: no cookie shared); that one's
    /// "Sign out" lands on the sign-in page, and from then on the browser opens nothing.
    @Test func signingInAnotherBrowserFromTheDashboardThenSigningItOut() async throws {
        let home = try TemporaryFolder("live-class-another-browser")
        let server = ClassServerProcess(folder: home.url)
        try await onThreadOfItsOwn { try server.start(lessons: Didojo.lessonsFolder) }
        defer { server.kill() }
        let live = #"body.dashboard #connection[data-status="live"]"#
        let first = try await onThreadOfItsOwn {
            try Browser(
                server.printedSignInLink, waitFor: live, thenWaitFor: "#signin-link-box:not([hidden])", clicks: ["#signin-another"],
                finalReport: "document.getElementById('signin-link').textContent")
        }
        #expect(try await onThreadOfItsOwn { first.waitForSecondSelector() } != nil, "the link is shown under the button")
        let link = try JSONDecoder().decode(String.self, from: Data(try #require(first.finalReport).utf8))
        #expect(link.hasPrefix(server.url + "/signin#") && !link.contains(ClassServerProcess.teacherToken), "\(link)")

        let signOutShot = DashboardLayoutTests.artifacts.appendingPathComponent("signed-out.png")
        let second = try await onThreadOfItsOwn {
            try Browser(
                link, waitFor: live, thenWaitFor: "body.signin #signin-form:not([hidden])", report: "location.href", clicks: ["#signout"],
                finalScreenshot: signOutShot,
                finalReport: """
                    fetch('/api/room', { headers: { 'X-Didojo-Dashboard': '1' } }).then((answer) =>
                      ({ room: answer.status, page: location.pathname, says: document.getElementById('signin-status').textContent }))
                    """)
        }
        #expect(second.report == "\"\(server.url)/dashboard\"", "the other browser shows the dashboard: \(second.report ?? "")")
        #expect(try await onThreadOfItsOwn { second.waitForSecondSelector() } != nil, "signing out lands on the sign-in page")
        struct SignedOut: Decodable { var room: Int; var page: String; var says: String }
        let after = try JSONDecoder().decode(SignedOut.self, from: Data(try #require(second.finalReport).utf8))
        #expect(after.room == 401, "the signed-out browser reads no room")
        #expect(after.page == "/signin" && after.says.hasPrefix("Signed out"), "\(after)")
    }
}
