import Testing
import WiringAnalysis

/// `graph --diff` sees more than arrows: two files that draw the same edges still differ when
/// one builds per screen what the other builds once, holds weakly what the other holds
/// strongly, or takes as optional what the other requires.
@Suite struct WiringComparisonTests {
    let lifetimes = LessonExercise(lesson: "09-lifetimes", number: 3)

    func differences(_ mine: SourceFile, _ theirs: SourceFile, in exercise: LessonExercise) -> [String] {
        WiringComparison.differences(yours: exercise.analyze(mine), solution: exercise.analyze(theirs))
    }

    func differences(_ mine: String, _ theirs: String) -> [String] {
        let analyzer = WiringAnalyzer()
        return WiringComparison.differences(
            yours: analyzer.analyze(path: "mine/Screens.swift", text: mine), solution: analyzer.analyze(path: "solution/Screens.swift", text: theirs)
        )
    }

    @Test func theSolutionComparedWithItselfHasNoDifferences() throws {
        for exercise in try LessonExercise.all() {
            let solution = try exercise.solution
            #expect(differences(solution, solution, in: exercise).isEmpty, "\(exercise)")
        }
    }

    @Test func anOutputBuiltForEveryScreenIsNotTheSameAsOneBuiltOnce() throws {
        let solution = try lifetimes.solution
        // Same arrows: ShareComposition creates LoggingOutput in both.
        let perScreen = SourceFile(path: "mine/ShareComposition.swift", text: solution.text
            .replacingOccurrences(of: "    private lazy var output: any SocialPostOutput = LoggingOutput(wrapping: network, logger: logger)\n", with: "")
            .replacingOccurrences(of: "output: output, logger: logger)", with: "output: LoggingOutput(wrapping: network, logger: logger), logger: logger)"))
        #expect(perScreen.text != solution.text)
        #expect(lifetimes.analyze(perScreen).edges(.creates) == lifetimes.analyze(solution).edges(.creates), "the edges alone are the same")
        #expect(differences(perScreen, solution, in: lifetimes) == [
            "ShareComposition creates LoggingOutput: yours 1 per call of makeShareScreen(); the solution 1 per ShareComposition, when `output` is first used (lazy)",
        ])
    }

    @Test func aPresenterMadeOnceLazilyIsNotOnePerScreen() throws {
        let mistake = try lifetimes.file("mistakes/lazy-var-presenter.swift")
        let lines = differences(mistake, try lifetimes.solution, in: lifetimes)
        #expect(lines.contains("ShareComposition creates SharePresenter: yours 1 per ShareComposition, when `presenter` is first used (lazy); the solution 1 per call of makeShareScreen()"))
        #expect(lines.contains("ShareComposition creates Draft: yours 1 per ShareComposition, when `presenter` is first used (lazy); the solution 1 per call of makeShareScreen()"))
    }

    @Test func twoDraftsPerScreenAreCountedAgainstOne() throws {
        let mistake = try lifetimes.file("mistakes/draft-for-each-object.swift")
        #expect(differences(mistake, try lifetimes.solution, in: lifetimes).contains(
            "ShareComposition creates Draft: yours 2 per call of makeShareScreen(); the solution 1 per call of makeShareScreen()"
        ))
    }

    @Test func aDraftKeptForTheWholeAppIsNotOnePerScreen() throws {
        let mistake = try lifetimes.file("mistakes/one-draft-for-the-app.swift")
        #expect(differences(mistake, try lifetimes.solution, in: lifetimes).contains(
            "ShareComposition creates Draft: yours 1 per ShareComposition, when it is made (`draft`); the solution 1 per call of makeShareScreen()"
        ))
    }

    @Test func referenceStrengthAndOptionalityAreCompared() {
        let solution = """
            protocol ShareView: AnyObject {}
            final class SharePresenter {
                weak var view: (any ShareView)?
                init() {}
            }
            """
        let unowned = solution.replacingOccurrences(of: "weak var view: (any ShareView)?", with: "unowned var view: any ShareView")
        #expect(differences(unowned, solution) == [
            "SharePresenter keeps ShareView differently: yours in `view`, unowned; the solution in `view`, weak, optional",
        ])
        let strong = solution.replacingOccurrences(of: "weak var view: (any ShareView)?", with: "var view: (any ShareView)?")
        #expect(differences(strong, solution).contains("SharePresenter keeps ShareView differently: yours in `view`, strong, optional; the solution in `view`, weak, optional"))
    }

    @Test func anOptionalParameterIsNotARequiredOne() {
        let solution = """
            protocol SocialPostOutput {}
            final class Presenter {
                let output: any SocialPostOutput
                init(output: any SocialPostOutput) { self.output = output }
            }
            """
        let optional = """
            protocol SocialPostOutput {}
            final class Presenter {
                let output: any SocialPostOutput
                init(output: (any SocialPostOutput)?) { self.output = output! }
            }
            """
        #expect(differences(optional, solution) == [
            "Presenter keeps SocialPostOutput differently: yours in `output`, strong and in parameter `output` of init(output:), optional; "
                + "the solution in `output`, strong and in parameter `output` of init(output:)",
        ])
    }

    @Test func namesAloneAreNoDifference() {
        let solution = """
            final class TwitterClient {}
            final class Screens {
                private lazy var client = TwitterClient()
            }
            """
        let renamed = solution.replacingOccurrences(of: "client", with: "network")
        #expect(differences(renamed, solution).isEmpty)
    }
}
