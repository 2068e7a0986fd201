#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO-8601 UTC timestamps without a formatter object: written with milliseconds (dates in values) or microseconds
/// (a header's `started`), read with 0 to 9 fraction digits.
@usableFromInline
package enum ISO8601 {
    /// `2026-11-22T10:00:00.123Z`
    @usableFromInline
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = Int64(interval.rounded(.down))
        var millis = Int64(((interval - Double(seconds)) * 1000).rounded(.down))
        if millis >= 1000 {
            seconds += 1
            millis -= 1000
        }
        return string(seconds: seconds, fraction: millis, digits: 3)
    }

    /// The wall-clock time now, with microseconds: `2026-11-22T10:00:00.123456Z`.
    @usableFromInline
    package static func now() -> String {
        let now = TimeSource.nanoseconds(of: CLOCK_REALTIME)
        return string(seconds: now / 1_000_000_000, fraction: now % 1_000_000_000 / 1000, digits: 6)
    }

    /// `seconds` since 1970 and a fraction of `digits` digits.
    static func string(seconds: Int64, fraction: Int64, digits: Int) -> String {
        var instant = time_t(seconds)
        var parts = tm()
        gmtime_r(&instant, &parts)
        func pad(_ value: Int64, _ width: Int) -> String {
            let s = String(value)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        let date =
            "\(pad(Int64(parts.tm_year) + 1900, 4))-\(pad(Int64(parts.tm_mon) + 1, 2))-\(pad(Int64(parts.tm_mday), 2))"
        let time = "\(pad(Int64(parts.tm_hour), 2)):\(pad(Int64(parts.tm_min), 2)):\(pad(Int64(parts.tm_sec), 2))"
        return "\(date)T\(time).\(pad(fraction, digits))Z"
    }

    /// Nanoseconds since 1970 of a UTC timestamp (`2026-11-22T10:00:00Z`, 0 to 9 fraction digits), or `nil` if
    /// `text` is not one or lies outside what 64 bits of nanoseconds hold (1677 to 2262). With `offsets`, an RFC 3339
    /// time with an offset from UTC (`2026-05-01T14:00:00+02:00`) is read too.
    package static func nanoseconds(_ text: String, offsets: Bool = false) -> Int64? {
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= b.count else { return nil }
            var value: Int64 = 0
            for i in range {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                value = value * 10 + Int64(b[i] - 48)
            }
            return value
        }
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] | 0x20 == UInt8(ascii: "t"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var fraction: Int64 = 0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            let digits = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
            guard (1...9).contains(i - digits), let value = number(digits..<i) else { return nil }
            fraction = value
            for _ in (i - digits)..<9 { fraction *= 10 }
        }
        var offset: Int64 = 0
        if i == b.count - 1, b[i] | 0x20 == UInt8(ascii: "z") {
            offset = 0
        } else if offsets, i + 6 == b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"),
            b[i + 3] == UInt8(ascii: ":"), let hours = number(i + 1..<i + 3), let minutes = number(i + 4..<i + 6),
            hours < 24, minutes < 60
        {
            offset = (hours * 60 + minutes) * 60 * (b[i] == UInt8(ascii: "+") ? 1 : -1)
        } else {
            return nil
        }
        let seconds = days(year: year, month: month, day: day) * 86_400 + (hour * 60 + minute) * 60 + second - offset
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, carry) = whole.addingReportingOverflow(fraction)
        return overflow || carry ? nil : sum
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
