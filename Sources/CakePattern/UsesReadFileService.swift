/// Mixes a `ReadFileService` into whatever adopts it.
///
/// Services depend on other services the same way they depend on a clock: through a `UsesX`
/// protocol with one property, filled in by a mix-in class.
public protocol UsesReadFileService {
    /// The file-reading service this type uses. Supplied by a mix-in class.
    var readFileService: any ReadFileService { get }
}
