import DojoGrading

/// One line for a report whose code looks like it was stopped by the confinement: the kernel
/// answers a refused file, socket or signal with "Permission denied" or "Operation not
/// permitted", which the learner then sees in a failure or in what their code printed, with no
/// word of why. Told as what it looks like: the checker cannot see the refusal itself, only
/// its words.
enum ConfinementRefusal {
    static let marks = ["Permission denied", "Operation not permitted", "NSPOSIXErrorDomain Code=13", "NSPOSIXErrorDomain Code=1 "]

    /// The line, or nil when nothing in `report` reads as a refusal (or nothing was confined).
    static func note(for report: CheckReport, confined: Bool) -> String? {
        guard confined, !report.passed else { return nil }
        var texts = [report.output]
        texts += report.checks.flatMap(\.failures).map(\.description)
        if case .crashed(let crash) = report.outcome, let message = crash.message { texts.append(message) }
        guard texts.contains(where: { text in marks.contains { text.contains($0) } }) else { return nil }
        return "Your code looks like it was refused something a check does not allow: a file outside its own folder, the network, or another process (the 'Permission denied' above). A check runs your code confined, and no task needs any of these: keep to what the task asks."
    }
}
