import Foundation

extension Date {
    /// This moment written as `2016-06-18 09:30 UTC`.
    ///
    /// Always UTC and always this shape, whatever the machine's locale or time zone, so that a
    /// post stamped by a fixed clock reads the same in every test and on every machine.
    public var utcStamp: String {
        let parts = Calendar.utcGregorian.dateComponents([.year, .month, .day, .hour, .minute], from: self)
        func two(_ number: Int?) -> String {
            let value = number ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }
}
