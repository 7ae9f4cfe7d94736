import MotionJSON

/// An object of a timeline document taken apart: its members (every key known, none twice) and
/// its path, for the errors of the values read from it.
struct TimelineObject {
    let members: [String: JSONValue]
    /// The object's own path.
    let location: String

    /// The members of `value`, which must be an object whose keys are all in `allowed`.
    init(_ value: JSONValue, at path: String, describedAs what: String, allowed: [String]) throws(PathError) {
        members = try value.strictMembers(at: path, describedAs: what, allowed: allowed)
        location = path
    }

    /// The path of the member `key`.
    func path(_ key: String) -> String { JSONValue.join(location, key) }

    /// The member `key`, or nil when it is absent or null (optional keys may be either).
    subscript(key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// The number at `key`, or nil when it is absent or null and not `required`.
    ///
    /// - Throws: a `PathError` at this object when the key is required and missing
    ///   (`needs "to" (a finite number)`), or at the key when the value is not a finite number
    ///   that `valid` accepts; `rule` says what is accepted, for the messages.
    func number(_ key: String, required: Bool = true, _ rule: String = "a finite number",
                where valid: (Double) -> Bool = { _ in true }) throws(PathError) -> Double? {
        guard let value = self[key] else {
            if required { throw PathError(path: location, message: "needs \"\(key)\" (\(rule))") }
            return nil
        }
        return try value.number(at: path(key), mustBe: rule, where: valid)
    }
}
