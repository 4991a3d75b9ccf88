import DojoCatalog
import Foundation
import MutationTesting

/// How an exercise's checks fared against the mutants of its solution (`verify --mutate`):
/// how many were made, dropped (they did not compile), killed, declared equivalent, and
/// which survived.
package struct MutationReport: Sendable, Encodable {
    /// What the checks made of one mutant.
    package enum Verdict: String, Sendable, Codable {
        /// A check failed (or crashed, or ran out of time): the checks can tell it is wrong.
        case killed
        /// Every check passed: a learner handing this in would be told they were right.
        case survived
        /// It did not compile, so it is no answer a learner could hand in.
        case dropped
    }

    /// One mutant and its verdict.
    package struct Finding: Sendable, Encodable {
        package let mutant: SourceMutant
        /// The file changed: the learner's file name, or (for `kind: test`) a subject file's.
        package let fileName: String
        package let verdict: Verdict
        package let diff: String
        /// The manifest's declaration, when the mutant is declared equivalent.
        package let equivalence: EquivalentMutant?

        /// Survived, and not declared equivalent.
        package var isSurvivor: Bool { verdict == .survived && equivalence == nil }

        private enum CodingKeys: String, CodingKey {
            case `operator`, line, file, description, change, verdict, diff, equivalent
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mutant.operator, forKey: .operator)
            try container.encode(mutant.line, forKey: .line)
            try container.encode(fileName, forKey: .file)
            try container.encode(mutant.description, forKey: .description)
            try container.encode(mutant.change, forKey: .change)
            try container.encode(verdict, forKey: .verdict)
            try container.encode(diff, forKey: .diff)
            try container.encodeIfPresent(equivalence?.why, forKey: .equivalent)
        }
    }

    package let exercise: String
    package let findings: [Finding]
    /// Declared equivalents that match no mutant that passes the checks: stale (the solution
    /// changed, or a check now kills it) and to be taken out of the manifest.
    package let staleEquivalents: [EquivalentMutant]

    package init(exercise: Exercise, findings: [Finding]) {
        self.exercise = exercise.id
        self.findings = findings
        staleEquivalents = exercise.equivalents.filter { declared in
            !findings.contains { $0.equivalence == declared && $0.verdict == .survived }
        }
    }

    package var made: Int { findings.count }
    package var dropped: Int { findings.filter { $0.verdict == .dropped }.count }
    package var killed: Int { findings.filter { $0.verdict == .killed }.count }
    package var equivalent: Int { findings.filter { $0.verdict == .survived && $0.equivalence != nil }.count }
    package var survivors: [Finding] { findings.filter(\.isSurvivor) }
    /// True when every mutant that compiles is killed or declared equivalent, and no
    /// declaration is stale.
    package var holds: Bool { survivors.isEmpty && staleEquivalents.isEmpty }

    private enum CodingKeys: String, CodingKey {
        case exercise, made, dropped, killed, equivalent, survived, survivors, staleEquivalents = "stale-equivalents", findings
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(exercise, forKey: .exercise)
        try container.encode(made, forKey: .made)
        try container.encode(dropped, forKey: .dropped)
        try container.encode(killed, forKey: .killed)
        try container.encode(equivalent, forKey: .equivalent)
        try container.encode(survivors.count, forKey: .survived)
        try container.encode(survivors, forKey: .survivors)
        try container.encode(staleEquivalents, forKey: .staleEquivalents)
        try container.encode(findings.filter { !$0.isSurvivor }, forKey: .findings)
    }

    /// The counts on one line: "anti-patterns.3  made 31, dropped 4, killed 25, equivalent 0, survived 2".
    package var countsLine: String {
        "\(holds ? "✓" : "✗") \(exercise): made \(made), dropped \(dropped), killed \(killed), equivalent \(equivalent), survived \(survivors.count)"
    }

    /// The counts, then each survivor with its operator, line, description and diff, then any
    /// stale declaration: what an author reads.
    package var text: String {
        var lines = [countsLine]
        for survivor in survivors {
            lines.append("  survived: \(survivor.mutant.operator.rawValue), line \(survivor.mutant.line) of \(survivor.fileName): \(survivor.mutant.description)")
            lines += survivor.diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    " + $0 }
        }
        for stale in staleEquivalents {
            lines.append("  stale equivalent: \(stale.operator) at line \(stale.line) matches no surviving mutant; take it out of lesson.yaml")
        }
        return lines.joined(separator: "\n")
    }

    /// Every report as JSON, with the totals, for tools.
    package static func json(_ reports: [MutationReport]) throws -> String {
        struct Summary: Encodable {
            let made, dropped, killed, equivalent, survived: Int
            let allHold: Bool
            let exercises: [MutationReport]
            private enum CodingKeys: String, CodingKey {
                case made, dropped, killed, equivalent, survived, exercises
                case allHold = "all-hold"
            }
        }
        let summary = Summary(
            made: reports.reduce(0) { $0 + $1.made }, dropped: reports.reduce(0) { $0 + $1.dropped },
            killed: reports.reduce(0) { $0 + $1.killed }, equivalent: reports.reduce(0) { $0 + $1.equivalent },
            survived: reports.reduce(0) { $0 + $1.survivors.count }, allHold: reports.allSatisfy(\.holds), exercises: reports
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }
}
