import ArgumentParser
import Foundation
import MotionLab

/// Validation of command-line numbers. swift-argument-parser accepts `nan` and `inf` as Doubles,
/// so every numeric option passes through here before it reaches the library.
enum Input {
    /// `value` if finite, else a validation error naming the option and the valid range.
    static func finite(_ value: Double, _ option: String, range: String = "a finite number") throws -> Double {
        guard value.isFinite else {
            throw ValidationError("\(option) must be \(range); got \(value)")
        }
        return value
    }

    /// `value` if finite and positive.
    static func positive(_ value: Double, _ option: String) throws -> Double {
        guard value.isFinite, value > 0 else {
            throw ValidationError("\(option) must be a finite number > 0; got \(value)")
        }
        return value
    }

    /// A comma-separated list of finite numbers, such as `0,0.1,-0.5,1e-3`.
    static func numberList(_ text: String, _ option: String) throws -> [Double] {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("\(option) needs a comma-separated list of numbers; got an empty value")
        }
        return try fields.enumerated().map { index, field in
            let trimmed = field.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed) else {
                throw ValidationError(
                    "\(option): item \(index + 1) '\(trimmed)' is not a number (expected e.g. 0,0.25,1)")
            }
            guard value.isFinite else {
                throw ValidationError("\(option): item \(index + 1) must be a finite number; got \(trimmed)")
            }
            return value
        }
    }

    /// The points `from, from + step, …` up to `to` (inclusive within half a step's rounding).
    static func grid(from: Double, to: Double, step: Double, limit: Int = 10_000_000) throws -> [Double] {
        _ = try finite(from, "--from")
        _ = try finite(to, "--to")
        _ = try positive(step, "--step")
        guard to >= from else { throw ValidationError("--to must be ≥ --from; got --from \(from) --to \(to)") }
        let count = ((to - from) / step + 1e-9).rounded(.down) + 1
        guard count.isFinite, count <= Double(limit) else {
            throw ValidationError("--from/--to/--step give \(DecimalText.significant(count, digits: 3)) points; at most \(limit) are allowed")
        }
        // Multiply rather than accumulate so the last point does not drift.
        return (0..<Int(count)).map { from + Double($0) * step }
    }
}
