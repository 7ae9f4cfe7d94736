/// An argument of a fit outside its valid range: the message names it as the command line's
/// option does without its dashes (`keyframes`, `tolerance`, `css-tolerance`), its valid range
/// and the value given.
public struct FitArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The argument's name (`css-tolerance`).
    public var argument: String
    /// The whole message: the argument, its valid range and the value given.
    public var message: String
    /// An error about `argument`; `requirement` follows its name in the message ("must be …; got …").
    public init(argument: String, requirement: String) {
        self.argument = argument
        message = "\(argument) \(requirement)"
    }
    /// The message.
    public var description: String { message }
}

/// The ranges of the fits' arguments, checked once for every front end (the command line and the
/// C ABI call these, so both accept and reject the same values with the same message).
public enum FitArguments {
    /// The numbers of evenly spaced keyframes a keyframe fit accepts.
    public static let keyframeCounts = 1...100_000

    /// `count` if it is in ``keyframeCounts``.
    /// - Parameter count: the number of evenly spaced keyframes asked for.
    public static func keyframeCount(_ count: Int) throws(FitArgumentError) -> Int {
        guard keyframeCounts.contains(count) else {
            throw FitArgumentError(argument: "keyframes", requirement: "must be in \(keyframeCounts.lowerBound)…\(keyframeCounts.upperBound); got \(count)")
        }
        return count
    }

    /// `tolerance` if it is a finite number > 0: a keyframe fit's bound on its max error.
    /// - Parameter tolerance: the max error asked for, in the samples' units.
    public static func tolerance(_ tolerance: Double) throws(FitArgumentError) -> Double {
        guard tolerance.isFinite, tolerance > 0 else {
            throw FitArgumentError(argument: "tolerance", requirement: "must be a finite number > 0; got \(tolerance)")
        }
        return tolerance
    }

    /// `tolerance` if it is in (0, 1): the max error of a fit's CSS `linear()` easing, in output progress.
    /// - Parameter tolerance: the easing's max error asked for.
    public static func cssTolerance(_ tolerance: Double) throws(FitArgumentError) -> Double {
        guard tolerance.isFinite, tolerance > 0, tolerance < 1 else {
            throw FitArgumentError(argument: "css-tolerance", requirement: "must be in (0, 1); got \(tolerance)")
        }
        return tolerance
    }
}
