import Foundation

/// Reads the per-frame log lines that FFmpeg's `showinfo` filter writes to standard error: the
/// stream's time base once, then one line per decoded frame with its presentation timestamp and
/// size. The timestamp is kept as the integer `pts` and the rational time base, so a frame's time
/// is exact (the decimal `pts_time` that FFmpeg prints has six significant digits only).
public struct FrameLogParser: Sendable {
    /// The time base `numerator/denominator` seconds per `pts` unit, once its line was read.
    public private(set) var timeBase: (numerator: Int, denominator: Int)?

    /// A parser that has read no line yet.
    public init() {}

    /// One frame's line: its index, its timestamp in time-base units, its size in pixels, its
    /// pixel format, and which `showinfo` filter of the chain wrote it.
    public struct FrameLine: Sendable, Hashable {
        /// The frame's 0-based index in the filter's output.
        public var index: Int
        /// The presentation timestamp in units of the time base.
        public var pts: Int
        /// The frame's width in pixels.
        public var width: Int
        /// The frame's height in pixels.
        public var height: Int
        /// FFmpeg's name of the frame's pixel format (`yuv420p`, `gray`, …); empty when the line
        /// names none.
        public var pixelFormat: String = ""
        /// The position in the filter chain of the `showinfo` filter that wrote the line (the `N`
        /// of `Parsed_showinfo_N`); 0 when the line does not say.
        public var filter: Int = 0
    }

    /// Reads one line of the log. Returns the frame it describes, `nil` for any other line, and
    /// throws when a frame line lacks a presentation timestamp or comes before the time base.
    ///
    /// - Parameter line: one line of FFmpeg's standard error, without its line break.
    public mutating func read(_ line: Substring) throws(CaptureError) -> FrameLine? {
        guard line.contains("Parsed_showinfo") else { return nil }
        if let range = line.range(of: "config in time_base:") {
            let rest = line[range.upperBound...].drop { $0 == " " }
            let text = rest.prefix { $0 != "," && $0 != " " }
            let parts = text.split(separator: "/")
            guard parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]),
                  numerator > 0, denominator > 0 else {
                throw .undecodable("the decoder reported a time base '\(text)' that is not a positive fraction")
            }
            timeBase = (numerator, denominator)
            return nil
        }
        guard let index = Self.integer(after: " n:", in: line) else { return nil }
        guard let pts = Self.integer(after: " pts:", in: line) else {
            throw .undecodable("frame \(index) has no presentation timestamp")
        }
        guard timeBase != nil else { throw .undecodable("frame \(index) came before the stream's time base") }
        guard let size = Self.field(after: " s:", in: line) else {
            throw .undecodable("frame \(index) has no size")
        }
        let sides = size.split(separator: "x")
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width > 0, height > 0,
              width <= 1 << 15, height <= 1 << 15 else {
            throw .undecodable("frame \(index) has a size '\(size)' outside 1…32768 × 1…32768 pixels")
        }
        let format = Self.field(after: " fmt:", in: line).map(String.init) ?? ""
        return FrameLine(index: index, pts: pts, width: width, height: height, pixelFormat: format,
                         filter: Self.integer(after: "Parsed_showinfo_", in: line) ?? 0)
    }

    /// The time in seconds of `pts` units of the time base: exact when `pts × numerator` is
    /// below 2⁵³, correctly rounded otherwise.
    ///
    /// - Parameter pts: a presentation timestamp in units of the time base.
    public func seconds(_ pts: Int) -> Double? {
        guard let timeBase else { return nil }
        let (product, overflow) = pts.multipliedReportingOverflow(by: timeBase.numerator)
        if !overflow { return Double(product) / Double(timeBase.denominator) }
        return Double(pts) * Double(timeBase.numerator) / Double(timeBase.denominator)
    }

    /// The whitespace-free word after `key` (spaces after the key skipped).
    private static func field(after key: String, in line: Substring) -> Substring? {
        guard let range = line.range(of: key) else { return nil }
        let rest = line[range.upperBound...].drop { $0 == " " }
        let word = rest.prefix { $0 != " " }
        return word.isEmpty ? nil : word
    }

    private static func integer(after key: String, in line: Substring) -> Int? {
        field(after: key, in: line).flatMap { Int($0) }
    }
}
