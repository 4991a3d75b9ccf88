import DojoCatalog
import DojoCore
import DojoWorkspace
import Foundation

/// What the learner studies: the lesson catalogue, the instructor's workshop around it, and
/// what `graph` knows of each lesson's modules.
@MainActor
package struct ShellCourse {
    package var catalog: LessonCatalog
    /// The instructor's workshop file, when the learner is in one: locks, time boxes and the
    /// solution policy. The catalog is already cut down to its lessons.
    package var workshop: Workshop?
    /// What `graph` tells the wiring analysis about each lesson's modules (see `LessonVocabularies`).
    package var wiringVocabularies: LessonVocabularies

    package init(catalog: LessonCatalog, workshop: Workshop? = nil, wiringVocabularies: LessonVocabularies) {
        self.catalog = catalog
        self.workshop = workshop
        self.wiringVocabularies = wiringVocabularies
    }

    /// A course whose vocabularies are learned from the `Sources` folder beside the lessons'
    /// folder, keeping what they learn in this process only (the tests' course).
    package init(catalog: LessonCatalog, workshop: Workshop? = nil, fileSystem: any FileSystem) {
        let lessonsFolder = catalog.lessons.first?.folder.deletingLastPathComponent() ?? URL(fileURLWithPath: "/")
        let sources = LessonVocabularies.sourcesFolder(besideLessons: lessonsFolder)
        self.init(catalog: catalog, workshop: workshop, wiringVocabularies: LessonVocabularies(sourcesFolder: sources, fileSystem: fileSystem, cache: nil))
    }
}
