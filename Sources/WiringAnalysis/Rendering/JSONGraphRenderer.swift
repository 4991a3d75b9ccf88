import Foundation
import WiringModel

/// Writes a report as JSON, for other tools.
///
/// The schema (version 1); keys are sorted, absent values are `null`, lists keep the report's order:
///
/// ```text
/// {
///   "schemaVersion": 1,
///   "files": [string],                      the files analysed, as given
///   "nodes": [{
///     "name": string,                       identity: "SocialPresenter", "UserRouter.assembleModule(services:)",
///                                           "main.swift", "\\.date.now"
///     "kind": "class" | "struct" | "enum" | "actor" | "protocol" | "function" | "topLevelCode"
///           | "dependencyValue" | "unknown",
///     "file": string | null,  "line": int | null,      null for external nodes
///     "isProtocol": bool, "isExternal": bool, "isVolatile": bool, "isCompositionRoot": bool
///   }],
///   "edges": [{
///     "from": string, "to": string,         node names
///     "kind": "dependsOn" | "creates" | "holdsStrongly" | "holdsWeakly" | "resolvesFromContainer",
///     "site": string,                       where in "from": "initializerParameter", "storedProperty",
///                                           "settableProperty", "lazyProperty", "computedProperty",
///                                           "staticProperty", "methodParameter", "defaultArgument",
///                                           "propertyInitialiser", "initializerBody", "methodBody",
///                                           "functionBody", "topLevelCode", "protocolRequirement",
///                                           "cakeRequirement", "dependencyProperty", "containerRegistration"
///     "member": string | null,              the property, parameter or function involved
///     "file": string, "line": int
///   }],
///   "compositionRoots": [{
///     "node": string,
///     "reason": "assemblesModule" | "registersInContainer" | "factory" | "entryPoint" | "cakeMixIn"
///             | "containerType" | "dependencyKeyValue" | "test",
///     "file": string, "line": int
///   }],
///   "registrations": [{
///     "service": string, "creates": [string], "resolves": [string], "scope": string | null,
///     "registeredBy": string, "file": string, "line": int
///   }],
///   "findings": [{
///     "id": "hard-wired-dependency" | "foreign-default" | "service-locator" | "strong-back-reference"
///         | "setter-with-silent-fallback" | "cake-default",
///     "title": string,                      "hard-wired dependency"
///     "file": string, "line": int,
///     "type": string, "member": string | null, "target": string | null,
///     "message": string                     one sentence for the learner ("looks like …")
///   }]
/// }
/// ```
package struct JSONGraphRenderer: Sendable {
    package init() {}

    /// The report as pretty-printed JSON.
    package func render(_ report: WiringReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value here is a string, a number, a bool or null: encoding cannot fail.
        let data = (try? encoder.encode(Document(report))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        let report: WiringReport

        init(_ report: WiringReport) {
            self.report = report
        }

        enum Keys: String, CodingKey {
            case schemaVersion, files, nodes, edges, compositionRoots, registrations, findings
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .schemaVersion)
            try container.encode(report.files, forKey: .files)
            try container.encode(report.graph.nodes.map(Node.init), forKey: .nodes)
            try container.encode(report.graph.edges.map(Edge.init), forKey: .edges)
            try container.encode(report.graph.compositionRoots, forKey: .compositionRoots)
            try container.encode(report.graph.registrations.map(Registration.init), forKey: .registrations)
            try container.encode(report.findings.map(Finding.init), forKey: .findings)
        }
    }

    private struct Node: Encodable {
        let node: WiringNode
        enum Keys: String, CodingKey { case name, kind, file, line, isProtocol, isExternal, isVolatile, isCompositionRoot }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(node.name, forKey: .name)
            try container.encode(node.kind, forKey: .kind)
            try container.encode(node.file, forKey: .file)
            try container.encode(node.line, forKey: .line)
            try container.encode(node.isProtocol, forKey: .isProtocol)
            try container.encode(node.isExternal, forKey: .isExternal)
            try container.encode(node.isVolatile, forKey: .isVolatile)
            try container.encode(node.isCompositionRoot, forKey: .isCompositionRoot)
        }
    }

    private struct Edge: Encodable {
        let edge: WiringEdge
        enum Keys: String, CodingKey { case from, to, kind, site, member, file, line }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(edge.from, forKey: .from)
            try container.encode(edge.to, forKey: .to)
            try container.encode(edge.kind, forKey: .kind)
            try container.encode(edge.site, forKey: .site)
            try container.encode(edge.member, forKey: .member)
            try container.encode(edge.file, forKey: .file)
            try container.encode(edge.line, forKey: .line)
        }
    }

    private struct Registration: Encodable {
        let registration: ContainerRegistration
        enum Keys: String, CodingKey { case service, creates, resolves, scope, registeredBy, file, line }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(registration.service, forKey: .service)
            try container.encode(registration.creates, forKey: .creates)
            try container.encode(registration.resolves, forKey: .resolves)
            try container.encode(registration.scope, forKey: .scope)
            try container.encode(registration.registeredBy, forKey: .registeredBy)
            try container.encode(registration.file, forKey: .file)
            try container.encode(registration.line, forKey: .line)
        }
    }

    private struct Finding: Encodable {
        let finding: WiringFinding
        enum Keys: String, CodingKey { case id, title, file, line, type, member, target, message }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(finding.kind.id, forKey: .id)
            try container.encode(finding.kind.title, forKey: .title)
            try container.encode(finding.file, forKey: .file)
            try container.encode(finding.line, forKey: .line)
            try container.encode(finding.type, forKey: .type)
            try container.encode(finding.member, forKey: .member)
            try container.encode(finding.target, forKey: .target)
            try container.encode(finding.message, forKey: .message)
        }
    }
}
