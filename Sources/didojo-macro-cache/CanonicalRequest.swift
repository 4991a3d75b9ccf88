/// A request as the expansion store files it: the same for two requests that ask the same.
///
/// The compiler describes its build configuration in each request
/// (`"staticBuildConfiguration"`: the attributes, language features and the like it knows),
/// and lists those sets in hash order, which changes from one compiler process to the next.
/// Filed as they come, no request would ever be seen twice. So, inside that description only,
/// the elements of each list are put in sorted order. Everything else is kept byte for byte:
/// if a later compiler adds some other unordered field, the store only misses, it never answers
/// wrongly.
enum CanonicalRequest {
    static func of(_ request: [UInt8]) -> [UInt8] {
        let field = Array(#""staticBuildConfiguration":""#.utf8)
        guard let start = request.firstRange(of: field)?.upperBound,
              let end = endOfString(in: request, from: start) else { return request }
        return Array(request[..<start]) + sortingLists(in: request[start..<end]) + Array(request[end...])
    }

    /// The index of the quote that closes the JSON string starting at `start`.
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return nil
    }

    /// `text` with the comma-separated elements between each `[` and the next `]` sorted. The
    /// lists hold names and numbers (escaped quotes and all), which contain no commas or brackets.
    private static func sortingLists(in text: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var rest = text
        while let open = rest.firstIndex(of: UInt8(ascii: "[")),
              let close = rest[open...].firstIndex(of: UInt8(ascii: "]")) {
            result += rest[...open]
            let elements = rest[(open + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            let sorted = elements.map(Array.init).sorted { $0.lexicographicallyPrecedes($1) }
            result += Array(sorted.joined(separator: [UInt8(ascii: ",")]))
            rest = rest[close...]
        }
        return result + rest
    }
}
