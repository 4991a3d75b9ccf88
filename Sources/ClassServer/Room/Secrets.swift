import Crypto
import Foundation

/// Tokens and join codes, from the system's secure random source.
enum Secrets {
    /// Letters and digits a person can read aloud and type: no 0/O, 1/I/L.
    private static let codeAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// A join code such as `K7QD-P2XM`: 40 bits, enough for a room, short enough to type.
    static func joinCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<8).map { _ in codeAlphabet.randomElement(using: &generator)! }
        return String(letters[0..<4]) + "-" + String(letters[4..<8])
    }

    /// A bearer token: `bytes` random bytes in URL-safe base64.
    static func token(bytes: Int = 24) -> String {
        var generator = SystemRandomNumberGenerator()
        return urlSafe(Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    /// The projector's token, made from the teacher's: the same at every start (the projector's
    /// link keeps working), and it tells nothing of the teacher's token (HMAC-SHA256).
    static func projectorToken(forTeacherToken teacherToken: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("didojo projector".utf8), using: SymmetricKey(data: Data(teacherToken.utf8)))
        return "p-" + urlSafe(Data(code).prefix(18))
    }

    private static func urlSafe(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// What is kept of a learner's token: its SHA-256, in hex. A token is 192 random bits, so
    /// no salt or slow hash is needed: there is nothing to guess.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares secrets in time that does not depend on where they differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
