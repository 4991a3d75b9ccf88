/// A duration as a person says it: "under 1 min", "12 min", "1 h 5 min", "2 d 3 h".
package enum DurationWords {
    package static func describe(seconds: Double) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded())
        if minutes < 1 { return "under 1 min" }
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 24 {
            let rest = minutes % 60
            return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
        }
        let days = hours / 24
        let rest = hours % 24
        return rest == 0 ? "\(days) d" : "\(days) d \(rest) h"
    }
}
