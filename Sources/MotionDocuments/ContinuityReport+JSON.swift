import MotionJSON
import MotionKeyframes

extension ContinuityReport {
    /// The `keyframes verify` document: the timeline's continuity class, whether automatic
    /// tangents follow SwiftUI's rules, and per track every junction's jumps and tangent check.
    public func json(duration: Double) -> JSONValue {
        .object([
            ("duration", .number(duration)),
            ("continuity", .string(self.continuity.description)),
            ("tangentsFollowRules", .bool(self.tangentsFollowRules)),
            ("tracks", .array(self.tracks.map { track in
                .object([
                    ("property", track.property.map(JSONValue.string) ?? .null),
                    ("continuity", .string(track.continuity.description)),
                    ("junctions", .array(track.junctions.map { j in
                        .object([
                            ("boundary", .string(j.boundary.rawValue)),
                            ("time", .number(j.time)),
                            ("keyframeBefore", j.keyframeBefore.map(JSONValue.integer) ?? .null),
                            ("keyframeAfter", j.keyframeAfter.map(JSONValue.integer) ?? .null),
                            ("valueJump", .number(j.valueJump)),
                            ("velocityJump", .number(j.velocityJump)),
                            ("velocityBefore", .number(j.velocityBefore)),
                            ("velocityAfter", .number(j.velocityAfter)),
                            ("handedOverVelocity", j.handedOverVelocity.map(JSONValue.number) ?? .null),
                            ("accelerationJump", .number(j.accelerationJump)),
                            ("continuity", .string(j.continuity.description)),
                        ])
                    })),
                    ("tangentChecks", .array(track.tangentChecks.map { c in
                        .object([
                            ("keyframe", .integer(c.keyframe)),
                            ("side", .string(c.side.rawValue)),
                            ("rule", .string(c.rule)),
                            ("expectedVelocity", .number(c.expectedVelocity)),
                            ("actualVelocity", .number(c.actualVelocity)),
                            ("satisfied", .bool(c.satisfied)),
                        ])
                    })),
                ])
            })),
        ])
    }
}
