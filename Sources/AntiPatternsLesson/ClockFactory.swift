import Domain

/// Hands out the app's clock to whoever asks: a static factory.
///
/// A factory that the consumer calls itself moves the `SystemClock()` out of sight, not out of
/// the consumer's hands: the consumer still decides that it gets this factory's clock.
public enum ClockFactory {
    public static func makeClock() -> any Clock {
        SystemClock()
    }
}
