import Domain

/// What the person is writing on one share screen: its text and, perhaps, a picture.
///
/// A class on purpose: the screen writes into it and the screen's presenter reads it when Share
/// is tapped, so both must hold the same draft. Its lifetime is therefore *scoped*: one per
/// screen, shared by everything built for that screen, and never by two screens.
public final class Draft {
    public var text: String
    public var image: Image?

    public init(text: String = "", image: Image? = nil) {
        self.text = text
        self.image = image
    }
}
