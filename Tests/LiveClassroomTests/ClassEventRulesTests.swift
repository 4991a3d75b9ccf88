import ClassProtocol
import Foundation
import Testing

/// The rules an event keeps, which the shell fits its events to and the server enforces.
@Suite struct ClassEventRulesTests {
    let lessons: Set<String> = ["no-di", "setter"]
    let exercises = ["no-di.1": "no-di", "no-di.2": "no-di", "setter.1": "setter"]

    @Test func aCheckOfAnExerciseOfTheClassIsFine() {
        let event = ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: false, failingChecks: ["a check"])
        #expect(event.problem(lessons: lessons, exercises: exercises) == nil)
    }

    @Test func idsOutsideTheClassAreNamed() {
        let unknownExercise = ClassEvent(kind: .check, time: Date(), exerciseID: "cake.1", passed: true)
        #expect(unknownExercise.problem(lessons: lessons, exercises: exercises) == "'cake.1' is not an exercise of this class.")
        let unknownLesson = ClassEvent(kind: .opened, time: Date(), lessonID: "cake")
        #expect(unknownLesson.problem(lessons: lessons, exercises: exercises) == "'cake' is not a lesson of this class.")
        let mismatched = ClassEvent(kind: .opened, time: Date(), lessonID: "setter", exerciseID: "no-di.1")
        #expect(mismatched.problem(lessons: lessons, exercises: exercises) == "Exercise 'no-di.1' is not in lesson 'setter'.")
    }

    @Test func aBadEventIDIsRefused() {
        for id in ["short", String(repeating: "a", count: 65), "has space in it", "semi;colon;id"] {
            let event = ClassEvent(id: id, kind: .hint, time: Date(), exerciseID: "no-di.1")
            #expect(event.problem(lessons: lessons, exercises: exercises)?.contains("event id") == true, "\(id)")
        }
    }

    @Test func onlyAnAskCarriesAFile() {
        let event = ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: true, askFile: "import Foundation")
        #expect(event.problem(lessons: lessons, exercises: exercises) == "Only an 'ask' event carries a file or a question.")
    }

    @Test func fittedCutsLongTextsSoThatTheServerTakesThem() {
        let long = String(repeating: "x", count: 1000)
        let event = ClassEvent(
            kind: .ask, time: Date(), exerciseID: "no-di.1", failingChecks: Array(repeating: long, count: 80), askText: long,
            askFile: String(repeating: "é", count: ClassLimits.askFileBytes))
        #expect(event.problem(lessons: lessons, exercises: exercises) != nil)
        let fitted = event.fitted()
        #expect(fitted.problem(lessons: lessons, exercises: exercises) == nil)
        #expect(fitted.failingChecks?.count == ClassLimits.failingChecksPerEvent)
        #expect(fitted.askText?.count == ClassLimits.textCharacters)
        #expect(fitted.askFile?.hasSuffix("(cut: over 256 KiB)\n") == true)
    }

    @Test func namesAreTrimmedAndLimited() throws {
        #expect(try LearnerName.validated("  Ada  ").get() == "Ada")
        #expect(try LearnerName.validated("<script>alert(1)</script>").get() == "<script>alert(1)</script>")
        for bad in ["", "   ", String(repeating: "n", count: 41), "Ada\u{1B}[31m", "Ada\u{202E}evil"] {
            #expect(throws: LearnerName.NameProblem.self, "\(bad.debugDescription)") { try LearnerName.validated(bad).get() }
        }
    }
}

/// One rule for a learner's name, counted as people see it.
@Suite struct LearnerNameRuleTests {
    @Test func namesAreCountedInCharactersAndColumnsAsPeopleSeeThem() {
        #expect(LearnerName.validated(String(repeating: "a", count: 40)) == .success(String(repeating: "a", count: 40)))
        #expect((try? LearnerName.validated(String(repeating: "a", count: 41)).get()) == nil)
        // "é" typed as e and an accent is one character.
        let accented = String(repeating: "e\u{301}", count: 40)
        #expect((try? LearnerName.validated(accented).get()) != nil)
        // Twenty wide characters fill forty columns; twenty-one do not fit.
        #expect((try? LearnerName.validated(String(repeating: "李", count: 20)).get()) != nil)
        #expect((try? LearnerName.validated(String(repeating: "李", count: 21)).get()) == nil)
        #expect((try? LearnerName.validated(String(repeating: "😀", count: 21)).get()) == nil)
        // A letter buried under two hundred accents is not one character of a name.
        let buried = "Z" + String(repeating: "\u{301}", count: 200)
        guard case .failure(let problem) = LearnerName.validated(buried) else {
            Issue.record("a Z with 200 accents was taken as a name")
            return
        }
        #expect(problem.message.contains("accents"))
        // An emoji family (seven code points) is one character of two columns.
        #expect((try? LearnerName.validated("Ada 👨‍👩‍👧‍👦").get()) == "Ada 👨‍👩‍👧‍👦")
    }

    @Test func spacesAreTrimmedAndMadeOneAndTheKeyIgnoresCase() {
        #expect(LearnerName.validated("   Ada \t  Lovelace  ") == .success("Ada Lovelace"))
        #expect(LearnerName.key("ADA  lovelace") == LearnerName.key("Ada Lovelace"))
        #expect(LearnerName.key("Ade\u{301}le") == LearnerName.key("Adèle".replacingOccurrences(of: "è", with: "é")))
        #expect((try? LearnerName.validated("Ada\u{202E}ecalevol").get()) == nil, "no invisible formatting")
    }
}
