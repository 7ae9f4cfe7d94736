import MotionJSON
extension KeyedDecodingContainer where Key == AnyKey {
    /// The number at `key`, or nil when it is absent or null and not `required`. Throws a
    /// `PathError` naming the path when it is required but missing, not a number, not
    /// finite, or fails `valid`; `rule` says what is accepted, for the message.
    func number(_ key: String, required: Bool = true, _ rule: String = "a finite number", _ valid: (Double) -> Bool = { _ in true }) throws -> Double? {
        guard contains(AnyKey(key)), try !decodeNil(forKey: AnyKey(key)) else {
            if required { throw PathError(codingPath, "needs \"\(key)\" (\(rule))") }
            return nil
        }
        let path = codingPath + [AnyKey(key)]
        guard let value = try? decode(Double.self, forKey: AnyKey(key)) else {
            throw PathError(path, "must be \(rule)")
        }
        guard value.isFinite, valid(value) else { throw PathError(path, "must be \(rule); got \(value)") }
        return value
    }

    /// Throws a `PathError` naming a key not in `allowed`, so that a misspelt key is an
    /// error rather than silently ignored; `what` names the object in the message.
    func rejectUnknownKeys(allowed: Set<String>, in what: String) throws {
        for key in allKeys where !allowed.contains(key.stringValue) {
            throw PathError(codingPath + [key], "is not a key of \(what) (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
