/// Where sheets appear: the terminal's stand-in for a view controller that presents a panel.
public protocol Screen {
    /// Shows `sheet` to the person using the program.
    func present(_ sheet: Sheet)
}
