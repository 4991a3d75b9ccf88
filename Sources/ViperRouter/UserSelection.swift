import Foundation

/// Finds the user the learner meant after `--select`, by full name, first name or handle,
/// ignoring case: `Grace Hopper`, `grace`, `@grace` and `GRACE` all pick the same person.
enum UserSelection {
    /// The first user in `users` that `wanted` names, if any.
    static func user(named wanted: String, in users: [User]) -> User? {
        let key = wanted.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return nil }
        return users.first { user in
            let name = user.name.lowercased()
            let firstName = name.split(separator: " ").first.map(String.init) ?? name
            let handle = user.handle.lowercased()
            return [name, firstName, handle, String(handle.drop { $0 == "@" })].contains(key)
        }
    }
}
