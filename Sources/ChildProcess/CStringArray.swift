import Glibc

/// A NULL-terminated array of C strings (an `argv` or `envp`) that owns its memory.
///
/// The array is built before `fork()` because the child may not allocate;
/// the child then only reads the parent's copy of it.
package final class CStringArray {
    /// The pointers, ending with `nil`, in the form `execve` expects.
    package private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    package init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers {
            free(pointer)
        }
    }
}
