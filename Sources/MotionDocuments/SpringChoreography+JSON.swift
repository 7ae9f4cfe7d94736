import MotionFitting
import MotionJSON

extension SpringChoreography {
    /// The `fit spring --columns`/`--all-columns` document:
    /// - `channels`: one `fit spring` document per channel with `channel` first, or
    ///   `{"channel", "error"}` for a channel that could not be fitted;
    /// - `choreography`: per fitted channel `channel`, `startTime`, `offset` (after the earliest
    ///   start), `settlingDuration` (exact settling time of the fitted spring from its start, ε =
    ///   `epsilon` × |to − from|) and `settleTime` (start + settling duration);
    /// - `epsilon` (the band as a fraction of each step), `startTime` (earliest) and `settleTime`
    ///   (latest), `null` when no channel was fitted.
    public func json(cssTolerance: Double) -> JSONValue {
        var channels: [JSONValue] = entries.map { entry in
            guard case .object(let pairs) = entry.fit.json(cssTolerance: cssTolerance) else { return .null }
            return .object([("channel", .string(entry.channel))] + pairs)
        }
        channels += failures.map { .object([("channel", .string($0.channel)), ("error", .string($0.message))]) }
        return .object([
            ("channels", .array(channels)),
            ("choreography", .array(entries.map { entry in
                .object([
                    ("channel", .string(entry.channel)), ("startTime", .number(entry.startTime)),
                    ("offset", .number(entry.offset)), ("settlingDuration", .number(entry.settlingDuration)),
                    ("settleTime", .number(entry.settleTime)),
                ])
            })),
            ("epsilon", .number(Self.epsilon)),
            ("startTime", startTime.map(JSONValue.number) ?? .null),
            ("settleTime", settleTime.map(JSONValue.number) ?? .null),
        ])
    }
}
