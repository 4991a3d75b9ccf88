/// Names objects by identity, for the demo: the first `Draft` it is shown becomes `Draft#1`, a
/// different one `Draft#2`, and the first one again `Draft#1`.
///
/// `===` is what the checks use; these labels are the same question, written for people.
/// The objects must stay alive while they are labelled: a freed object's identity can be reused.
final class IdentityLabels {
    private var labels: [ObjectIdentifier: String] = [:]
    private var counts: [String: Int] = [:]

    func label(_ object: AnyObject) -> String {
        let id = ObjectIdentifier(object)
        if let label = labels[id] { return label }
        let type = String(describing: Swift.type(of: object))
        let number = counts[type, default: 0] + 1
        counts[type] = number
        let label = "\(type)#\(number)"
        labels[id] = label
        return label
    }
}
