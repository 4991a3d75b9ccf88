/// The live class the learner may be in, where their events go.
@MainActor
protocol ClassroomReaching: AnyObject {
    var classroom: any Classroom { get }
}
