/// Runs `operation` with the dependencies changed by `update`, and only for that long.
///
/// It copies the values in force, lets `update` change the copy, and binds the task-local to
/// the copy while `operation` runs. When it returns, the old values are back: an override can
/// never leak into code that did not ask for it.
///
/// ```swift
/// withHandmadeDependencies {
///     $0.clock = FixedClock(date: day)
/// } operation: {
///     Stamper().stamp("Hello")
/// }
/// ```
@discardableResult
public func withHandmadeDependencies<Result>(
    _ update: (inout HandmadeDependencyValues) throws -> Void,
    operation: () throws -> Result
) rethrows -> Result {
    var values = HandmadeDependencyValues.current
    try update(&values)
    return try HandmadeDependencyValues.$current.withValue(values, operation: operation)
}
