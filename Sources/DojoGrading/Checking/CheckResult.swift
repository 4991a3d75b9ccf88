/// How one check (one XCTest method) went.
package struct CheckResult: Equatable, Sendable {
    /// The method name, e.g. `testPostsToFacebook`.
    package let name: String
    /// The class it belongs to.
    package let testCase: String
    package var failures: [CheckFailure]
    /// False when the program stopped (crash, timeout) while this check was running.
    package var finished: Bool

    package init(name: String, testCase: String, failures: [CheckFailure] = [], finished: Bool = true) {
        self.name = name
        self.testCase = testCase
        self.failures = failures
        self.finished = finished
    }

    package var passed: Bool { finished && failures.isEmpty }

    /// `testPostsToFacebook` → `posts to facebook`, `testAFacebookPresenter` → `a facebook
    /// presenter`, `test_posts_once` → `posts once`, `testStoppedAt2016` → `stopped at 2016`:
    /// how a check is named to the learner.
    package var readableName: String {
        // A wiring rule's check, `wiring:no-concrete-creation:SocialPresenter.output`.
        if name.hasPrefix("wiring:") {
            let parts = name.split(separator: ":").dropFirst()
            let rule = parts.first.map { $0.replacingOccurrences(of: "-", with: " ") } ?? ""
            return "the wiring: " + rule + (parts.dropFirst().first.map { " in \($0)" } ?? "")
        }
        let characters = Array(name.dropFirst(name.hasPrefix("test") ? 4 : 0))
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let following = index + 1 < characters.count ? characters[index + 1] : nil
            // A new word starts at a capital after a small letter or digit ("postsTo"), or at
            // the last capital of a run that is followed by a small letter ("AFacebook").
            let startsWord = !current.isEmpty && (
                (character.isUppercase
                    && ((previous.map { $0.isLowercase || $0.isNumber } ?? false)
                        || ((previous?.isUppercase ?? false) && (following?.isLowercase ?? false))))
                // A number after a word is a word of its own ("At2016" → "at 2016").
                || (character.isNumber && (previous?.isLetter ?? false)))
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        // Acronyms (URL, ID) keep their capitals; other words are lowercased.
        return words.map { $0.count > 1 && $0.allSatisfy(\.isUppercase) ? $0 : $0.lowercased() }.joined(separator: " ")
    }
}

/// One failed assertion inside a check.
package struct CheckFailure: Equatable, Sendable {
    /// XCTest's description, e.g. `XCTAssertEqual failed: ("1") is not equal to ("2") - Post once`.
    package let description: String
    package let file: String
    package let line: Int

    package init(description: String, file: String, line: Int) {
        self.description = description
        self.file = file
        self.line = line
    }

    /// The author's message (after XCTest's " - "), which speaks to the learner, and XCTest's
    /// own detail (the compared values). Either may be empty.
    package var parts: (message: String, detail: String) {
        // XCTest writes "<assertion> failed[: <values>] - <message>"; the message is what
        // follows the first " - " after "failed".
        guard let failed = description.range(of: "failed") else { return (description, "") }
        let rest = description[failed.upperBound...]
        var searchStart = rest.startIndex
        // Skip over the parenthesised values, which may themselves contain " - ".
        if rest.hasPrefix(": ("), let lastValue = rest.range(of: ") - ", options: .backwards) {
            searchStart = lastValue.lowerBound
        }
        guard let dash = rest.range(of: " - ", range: searchStart..<rest.endIndex) else {
            return ("", String(description))
        }
        let detail = description[..<dash.lowerBound]
        return (String(rest[dash.upperBound...]), String(detail))
    }
}
