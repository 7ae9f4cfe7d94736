import Foundation
import MotionFitting
import MotionIO
import Testing
import MotionTestSupport

/// scripts/reference/multichannel_fit_reference.py: per channel, the dense design matrix written
/// from SPEC §4 on the common clock (time 0 = the earliest sample of any channel), solved by
/// numpy.linalg.lstsq (SVD).
struct MultiChannelFitReference: Decodable {
    struct Channel: Decodable, Sendable {
        var channel: String
        var times, values: [Double]
        var initialValue: Double
        var keyframeValues: [Double]
        var rmse, maxError: Double
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name, mode: String
        var startTime: Double
        var endTimes: [Double]
        var keyframeCount: Int?
        var channels: [Channel]
        var rmse, maxError: Double
        var testDescription: String { name }

        var recording: MultiChannelRecording {
            MultiChannelRecording(channels: channels.map { Recording(times: $0.times, values: $0.values, channel: $0.channel) })
        }

        var fitMode: KeyframeFitting.Mode { mode == "count" ? .count(keyframeCount!) : .endTimes(endTimes) }
    }

    var cases: [Case]

    static let table = Repository.referenceTable(MultiChannelFitReference.self, "multichannel_fit.json")
}

@Suite("Multi-channel keyframe fit against numpy lstsq")
struct MultiChannelFitReferenceTests {
    /// Shared times: every track equals its channel's least-squares optimum on the shared times
    /// to 1e-9 relative to the channel's values; the pooled RMSE and max error agree too.
    @Test(arguments: MultiChannelFitReference.table.cases)
    func tracksAreEachChannelsOptimum(_ reference: MultiChannelFitReference.Case) throws {
        let fit = try KeyframeFitting.fit(reference.recording, mode: reference.fitMode)
        #expect(fit.startTime == reference.startTime)
        let ends = try #require(fit.endTimes)
        #expect(zip(ends, reference.endTimes).allSatisfy { abs($0 - $1) <= 1e-15 * max(1, abs($1)) }, "\(ends) vs \(reference.endTimes)")
        var worstOverall = 0.0
        for (actual, expected) in zip(fit.channels, reference.channels) {
            #expect(actual.channel == expected.channel)
            let want = [expected.initialValue] + expected.keyframeValues
            let got = [actual.initialValue] + actual.keyframes.map(\.to)
            #expect(got.count == want.count)
            let scale = want.map(abs).max() ?? 1
            let worst = zip(got, want).map { abs($0 - $1) / scale }.max() ?? 0
            worstOverall = max(worstOverall, worst)
            #expect(worst <= 1e-9, "channel \(expected.channel): \(worst)")
            #expect(abs(actual.quality.rmse - expected.rmse) <= 1e-9 * max(expected.rmse, scale * 1e-6))
            #expect(abs(actual.quality.maxError - expected.maxError) <= 1e-9 * max(expected.maxError, scale * 1e-6))
        }
        print("\(reference.name): worst relative difference \(worstOverall)")
        #expect(abs(fit.quality.rmse - reference.rmse) <= 1e-9 * reference.rmse)
        #expect(abs(fit.quality.maxError - reference.maxError) <= 1e-9 * reference.maxError)
    }

    /// The timeline reproduces every channel's fitted model at its samples.
    @Test(arguments: MultiChannelFitReference.table.cases)
    func timelineReproducesTheFit(_ reference: MultiChannelFitReference.Case) throws {
        let fit = try KeyframeFitting.fit(reference.recording, mode: reference.fitMode)
        let timeline = fit.timeline
        #expect(timeline.tracks.map(\.property) == reference.channels.map(\.channel))
        for (c, channel) in reference.channels.enumerated() {
            let path = timeline.paths[c]
            let rmse = (zip(channel.times, channel.values).map { t, y in
                let r = path.value(at: t - fit.startTime) - y
                return r * r
            }.reduce(0, +) / Double(channel.times.count)).squareRoot()
            #expect(abs(rmse - channel.rmse) <= 1e-9 * max(channel.rmse, 1e-6))
        }
    }
}
