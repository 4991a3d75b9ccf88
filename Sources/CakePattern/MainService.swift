import Domain

/// The program's entry point: reads one file and prints it with the time it was read.
///
/// It never touches a clock or a logger itself; it only needs a `ReadFileService`, which
/// brings its own.
public protocol MainService: UsesReadFileService {
    /// Shows one line of the result (on the terminal, in the live program).
    func printLine(_ line: String)
}

extension MainService {
    /// Prints when `fileName` was read, then its contents. When the file cannot be read it
    /// prints nothing more: the service has already logged the error.
    public func main(fileName: String) {
        guard let file = readFileService.readWithDate(fileName) else { return }
        printLine("read at \(file.readAt.utcStamp)")
        printLine(file.text)
    }
}
