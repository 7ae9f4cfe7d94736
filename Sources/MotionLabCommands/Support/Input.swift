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

    /// `value` if finite with |value| ≤ `bound`.
    static func bounded(_ value: Double, _ option: String, by bound: Double, because reason: String) throws -> Double {
        guard value.isFinite, abs(value) <= bound else {
            throw ValidationError("\(option) must be a finite number in [-\(DecimalText.shortest(bound)), \(DecimalText.shortest(bound))] (\(reason)); got \(DecimalText.shortest(value))")
        }
        return value
    }

    /// The control points `x1,y1,x2,y2` of a cubic bezier. The y's are bounded so that values and
    /// velocities stay finite (a slope y1/x1 near 10³⁰⁸ overflows); x's are checked by the curve's
    /// own semantics (SwiftUI clamps them, CSS requires [0, 1]).
    static func controlPoints(_ text: String, _ option: String = "--bezier") throws -> [Double] {
        let values = try numberList(text, option)
        guard values.count == 4 else {
            throw ValidationError("\(option) needs exactly 4 numbers x1,y1,x2,y2; got \(values.count) in '\(text)'")
        }
        do { return try UnitCurve.checkedControlPoints(values, argument: option) } catch { throw ValidationError("\(error)") }
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

    /// The numbers of the file at `path` (`-`: standard input) given to `option`: one per line,
    /// or a CSV's column named one of `preferred` (else its first); see ``NumberColumn``. A file
    /// that cannot be read exits 2, a value that is not a finite number 1, naming its line.
    static func numberFile(_ path: String, _ option: String, preferred: [String] = ["time", "t"]) throws -> [Double] {
        let text = String(decoding: try InputFile.read(path), as: UTF8.self)
        do {
            return try NumberColumn.parse(text, name: InputFile.displayName(path), preferred: preferred)
        } catch {
            throw CommandFailure.data("\(option): \(error)")
        }
    }

    /// The points `from, from + step, …` up to `to` (inclusive within half a step's rounding).
    static func grid(from: Double, to: Double, step: Double, limit: Int = 10_000_000) throws -> [Double] {
        _ = try finite(from, "--from")
        _ = try finite(to, "--to")
        _ = try positive(step, "--step")
        guard to >= from else { throw ValidationError("--to must be ≥ --from; got --from \(from) --to \(to)") }
        let count = UniformGrid.count(from: from, to: to, step: step)
        guard count.isFinite, count <= Double(limit) else {
            throw ValidationError("--from/--to/--step give \(DecimalText.significant(count, digits: 3)) points; at most \(limit) are allowed")
        }
        return UniformGrid.points(from: from, to: to, step: step)
    }
}
