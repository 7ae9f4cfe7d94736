import MotionIO
import MotionJSON

/// One tracked object in one frame, in the units of a recording.
public struct TrackedSample: Sendable, Hashable {
    /// The frame's presentation time in seconds.
    public var time: Double
    /// Centre in pixels from the video's left edge (sub-pixel).
    public var x: Double
    /// Centre in pixels from the video's top edge (sub-pixel).
    public var y: Double
    /// Width in pixels along the object's axis: that of the rectangle with the object's area and
    /// second moments (a rectangle's own width; a disc's is that of the square of its area).
    public var width: Double
    /// Height in pixels, across its axis.
    public var height: Double
    /// Size relative to the size when first seen (the square root of the area ratio).
    public var scale: Double
    /// The contrast of the object's inside against the background, relative to that when first seen.
    public var opacity: Double
    /// Rotation in degrees (clockwise on screen) since first seen; `nil` when the object has no
    /// orientation (a square or a disc).
    public var rotation: Double?
}

/// What ``VideoTracker`` found: each object's samples in frame order, and counts of what was
/// left out.
public struct TrackedMotion: Sendable {
    /// The samples of each object (by identity, 1-based order), in time order; an object absent
    /// from a frame has no sample there.
    public var objects: [[TrackedSample]]
    /// The frames decoded.
    public var frames: Int
    /// The frames dropped as a recorder's repeats: at most two identical to the frame before, amid motion.
    public var duplicates: Int
    /// For each object, the frames where it was not seen or was cut off by the frame's edge.
    public var gaps: [Int]

    /// The channels a recording has: `x, y, width, height, scale, opacity`, then `rotation`
    /// when every object has an orientation.
    public var channelNames: [String] {
        let base = ["x", "y", "width", "height", "scale", "opacity"]
        let rotates = !objects.isEmpty && objects.allSatisfy { ($0.first?.rotation) != nil }
        return rotates ? base + ["rotation"] : base
    }

    func values(_ sample: TrackedSample) -> [Double] {
        let all = [sample.x, sample.y, sample.width, sample.height, sample.scale, sample.opacity, sample.rotation ?? 0]
        return Array(all.prefix(channelNames.count))
    }

    /// The motion as a recording: channels `x`, `y`, … for one object; `1.x`, `1.y`, …, `2.x`, …
    /// for several, each with the times that object was seen.
    public var recording: MultiChannelRecording {
        let names = channelNames
        var channels: [Recording] = []
        for (index, samples) in objects.enumerated() {
            let prefix = objects.count == 1 ? "" : "\(index + 1)."
            let times = samples.map(\.time)
            let rows = samples.map(values)
            for (c, name) in names.enumerated() {
                channels.append(Recording(times: times, values: rows.map { $0[c] }, channel: prefix + name))
            }
        }
        let all = channels.map(\.channel)
        for i in channels.indices { channels[i].channels = all }
        return MultiChannelRecording(channels: channels, layout: objects.count == 1 ? .plain : .tracker)
    }

    /// The recording CSV: `time,x,y,…` for one object; for several, one row per object per
    /// frame, `time,id,x,y,…`, so an object absent from a frame has no row. The header is the
    /// first line (what frames were dropped or missed is the command's note on standard error).
    public var csv: String {
        var out = ""
        let names = channelNames
        let several = objects.count > 1
        out += (several ? ["time", "id"] : ["time"]).joined(separator: ",") + "," + names.joined(separator: ",") + "\n"
        var rows: [(Double, Int, [Double])] = []
        for (index, samples) in objects.enumerated() {
            for sample in samples { rows.append((sample.time, index + 1, values(sample))) }
        }
        rows.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        for (time, id, values) in rows {
            out += "\(time)" + (several ? ",\(id)" : "")
            for value in values { out += "," + Self.format(value) }
            out += "\n"
        }
        return out
    }

    /// Six decimals: a millionth of a pixel is far below what a video can resolve.
    static func format(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == 0 ? "0" : "\(rounded)"
    }
}

extension TrackedMotion {
    /// The motion as JSON: `{"frames", "duplicates", "objects": [{"id", "gaps", "channels",
    /// "samples": [[time, x, y, …], …]}]}`, each sample's values in the order of `channels`.
    public var json: JSONValue {
        let names = ["time"] + channelNames
        let list: [JSONValue] = objects.enumerated().map { index, samples in
            .object([("id", .integer(index + 1)), ("gaps", .integer(gaps[index])),
                     ("channels", .array(names.map { .string($0) })),
                     ("samples", .array(samples.map { sample in
                         .array(([sample.time] + values(sample)).map { .number($0) })
                     }))])
        }
        return .object([("frames", .integer(frames)), ("duplicates", .integer(duplicates)), ("objects", .array(list))])
    }
}
