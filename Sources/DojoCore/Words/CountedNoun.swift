/// "1 hint", "2 hints", "0 checks": a number with its noun, singular or plural as English wants.
package enum CountedNoun {
    package static func words(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
