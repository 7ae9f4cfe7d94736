import ArgumentParser

/// Options that take one value, given at most once.
///
/// swift-argument-parser keeps the last value of a repeated single-valued option without a word,
/// so `--fps 30 --fps 60` would read the capture at 60 fps and never say that 30 was dropped.
/// The input options that must not do that are declared as arrays (every value given is kept)
/// and read through ``value(of:_:hint:text:)``: given more than once, they are a command-line
/// error naming the option and each value, in the order given.
enum SingleValue {
    /// The one value of `option`, or nil when it was not given.
    ///
    /// - Parameters:
    ///   - values: every value given for the option, in order.
    ///   - option: the option's spelling, such as `--fps`.
    ///   - hint: what to do instead, after the values in the message.
    ///   - text: how a value is written in the message.
    /// - Throws: a `ValidationError` (exit 64, with the usage line) such as
    ///   "--fps was given 2 times (30, 60); give it once".
    static func value<Value>(
        of values: [Value], _ option: String, hint: String = "give it once", text: (Value) -> String = { "\($0)" }
    ) throws -> Value? {
        guard values.count > 1 else { return values.first }
        throw ValidationError("\(option) was given \(values.count) times (\(values.map(text).joined(separator: ", "))); \(hint)")
    }
}
