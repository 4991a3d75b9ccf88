/// The version `didojo --version` prints: the date of the release, year.month.day, so that a
/// teacher can tell at a glance how old a laptop's DIDojo is. Bumped when a release is cut.
enum DidojoVersion {
    static let current = "2026.11.24"
}
