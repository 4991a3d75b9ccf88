/// The id of the share being traced, as a task-local value: set with
/// `Trace.$id.withValue("share-7") { … }`, read anywhere below as `Trace.id`.
///
/// A child task (`async let`, a task group's) sees it; a `Task {}` copies the values of the
/// place it is created; `Task.detached` starts with none.
public enum Trace {
    @TaskLocal public static var id: String?
}
