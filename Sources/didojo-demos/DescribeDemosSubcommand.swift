import ArgumentParser
import Foundation
import LessonSupport

/// `didojo-demos describe`: every demo's flags and usage as one JSON array of
/// `DemoDescription`, which the shell asks for the first time `help run` or Tab needs them.
struct DescribeDemosSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "describe", abstract: "Print every demo's options as JSON, for the shell.")

    func run() throws {
        let json = try JSONEncoder().encode(LessonDemos.all.map(DemoDescription.init))
        try? FileHandle.standardOutput.write(contentsOf: json + Data("\n".utf8))
    }
}
