/// A value made the first time it is read, then kept: for parts of the shell that cost
/// something to find and that the first prompt does not need.
@MainActor
final class LazyValue<Value> {
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
