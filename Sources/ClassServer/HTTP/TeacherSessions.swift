import Crypto
import DojoCore
import Foundation
import Synchronization

/// How a teacher's browser proves who it is without the teacher's token in any URL (a URL ends
/// up in the browser's history, in screenshots, on the projector): `didojo class serve` prints a
/// sign-in link whose one-time code sits in the fragment (`/signin#code`, never sent to a server
/// or a proxy); the sign-in page exchanges it once for a session cookie (HttpOnly, so no script
/// reads it; SameSite=Strict, so no other site's page sends it).
///
/// The cookie is signed with the teacher's token (HMAC-SHA256), not kept: it survives a restart
/// and works on every server instance of the class, and `serve --teacher-token` with a new token
/// ends every session. Codes are kept in memory, for `codeLifetime`, and work once. Signing out
/// (`POST /api/signout`) ends one session for good: the class keeps its nonce until it would
/// have expired (`ClassService.signOut`).
public final class TeacherSessions: Sendable {
    /// How long a sign-in code may wait to be used.
    public static let codeLifetime: TimeInterval = 3600
    /// How long a signed-in browser stays signed in: a teaching day.
    public static let sessionLifetime: TimeInterval = 12 * 3600
    /// The most codes waiting at once: minting more forgets the oldest.
    static let maximumCodes = 20

    private let key: SymmetricKey
    private let timeSource: any TimeSource
    private let codes = Mutex<[(code: String, expires: Date)]>([])
    /// The cookie's name, of this class alone: two classes served from one machine (on two
    /// ports, which cookies do not tell apart) keep their sessions apart.
    public let cookieName: String

    package init(teacherToken: String, timeSource: any TimeSource) {
        key = SymmetricKey(data: SHA256.hash(data: Data(("didojo teacher session\u{0}" + teacherToken).utf8)))
        self.timeSource = timeSource
        cookieName = "didojo-" + Self.urlSafe(Data(HMAC<SHA256>.authenticationCode(for: Data("cookie name".utf8), using: key)).prefix(6))
    }

    /// A new one-time sign-in code.
    public func newCode() -> String {
        let code = Secrets.token()
        let expires = timeSource.now().addingTimeInterval(Self.codeLifetime)
        codes.withLock { codes in
            codes.append((code, expires))
            if codes.count > Self.maximumCodes { codes.removeFirst(codes.count - Self.maximumCodes) }
        }
        return code
    }

    /// Uses up `code`: true the first time, while it has not expired; false ever after.
    public func redeem(_ code: String) -> Bool {
        let now = timeSource.now()
        return codes.withLock { codes in
            codes.removeAll { $0.expires <= now }
            guard let index = codes.firstIndex(where: { Secrets.equal($0.code, code) }) else { return false }
            codes.remove(at: index)
            return true
        }
    }

    /// A new session's cookie value: `s1.<expiry>.<nonce>.<signature>`.
    public func newSession() -> String {
        let expiry = Int(timeSource.now().addingTimeInterval(Self.sessionLifetime).timeIntervalSince1970)
        let body = "s1.\(expiry).\(Secrets.token(bytes: 12))"
        return body + "." + signature(body)
    }

    /// A session as its cookie says: its nonce (what signing out keeps) and when it expires.
    public struct Session: Sendable, Equatable {
        public var nonce: String
        public var expires: Date
    }

    /// The session `value` is, when this class signed it and it has not expired; nil otherwise.
    /// (Whether it was signed out is the class's to say: `ClassService.isSignedOut`.)
    public func session(_ value: String) -> Session? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "s1", let expiry = Int(parts[1]) else { return nil }
        let body = parts[0...2].joined(separator: ".")
        guard Secrets.equal(String(parts[3]), signature(body)), Double(expiry) > timeSource.now().timeIntervalSince1970 else { return nil }
        return Session(nonce: String(parts[2]), expires: Date(timeIntervalSince1970: Double(expiry)))
    }

    /// Whether `value` is a session this class signed and that has not expired.
    public func isValid(_ value: String) -> Bool { session(value) != nil }

    private func signature(_ body: String) -> String {
        Self.urlSafe(Data(HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)))
    }

    private static func urlSafe(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
