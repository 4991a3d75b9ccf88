/// A lesson file that a test changes in a known place no longer has that place: the test must
/// be updated with the lesson.
package struct StarterChangedError: Error, CustomStringConvertible {
    package let file: String
    package let expected: String

    package var description: String { "\(file) no longer holds \"\(expected)\": the starter changed; update this test" }
}
