import MotionIO
import MotionLinearAlgebra
import MotionNumerics
import RealModule

extension KeyframeFitting {
    /// Several channels fitted into one multi-track timeline.
    ///
    /// With shared times (the default) every track has the same keyframe end times, on a clock
    /// whose time 0 is the earliest sample of any channel:
    /// - ``Mode/endTimes(_:)`` and ``Mode/count(_:)`` (evenly spaced over the span of all the
    ///   channels): the basis is fixed, so the problem separates per channel — each track is that
    ///   channel's least-squares optimum on the shared times, exactly as a one-channel fit;
    /// - ``Mode/tolerance(_:)``: the fewest shared keyframes with every channel's max error ≤ the
    ///   tolerance, which is read in each channel's own units (one number for all: fit channels of
    ///   very different scales separately, or rescale them). Keyframes are inserted where the
    ///   worst channel's error peaks, their times refined on the joint residual of all channels
    ///   (the sum of every channel's squared errors), and removed while the tolerance still holds.
    ///
    /// With `independentTimes`, each channel is fitted on its own clock as a one-channel fit
    /// (``Mode/count(_:)`` spaces each channel's keyframes over its own samples), and a track that
    /// starts later than the first channel holds its initial value until then.
    ///
    /// - Throws: ``FitError`` naming the channel that cannot be fitted (a shared keyframe that
    ///   covers none of its samples, a tolerance below its noise floor, …).
    public static func fit(
        _ recording: MultiChannelRecording, mode: Mode, independentTimes: Bool = false, maxKeyframes: Int = 200
    ) throws(FitError) -> MultiChannelKeyframeFit {
        let channels = recording.channels
        guard !channels.isEmpty else { throw FitError("no channel to fit") }
        for channel in channels where channel.count < 2 {
            throw FitError("channel '\(channel.channel)': a keyframe fit needs at least 2 samples; it has \(channel.count)")
        }
        let t0 = recording.startTime!
        let warnings = { (fits: [KeyframeFit]) in fits.flatMap { fit in fit.warnings.map { "channel '\(fit.channel ?? "value")': \($0)" } } }
        if independentTimes {
            if case .endTimes = mode {
                throw FitError("independent times are chosen per channel: give a number of keyframes or a tolerance, not the keyframe times (those are shared)")
            }
            let fits = try channels.map { (channel) throws(FitError) -> KeyframeFit in
                try named(channel.channel) { () throws(FitError) in
                    var fit = try fit(channel, mode: mode)
                    fit.channel = channel.channel
                    return fit
                }
            }
            return MultiChannelKeyframeFit(startTime: t0, channels: fits, endTimes: nil, warnings: warnings(fits))
        }
        let ends: [Double]
        switch mode {
        case .endTimes(let times):
            ends = times
        case .count(let count):
            guard count >= 1 else { throw FitError("the number of keyframes must be ≥ 1; got \(count)") }
            let last = channels.map { $0.times[$0.count - 1] }.max()!
            ends = (1...count).map { t0 + (last - t0) * Double($0) / Double(count) }
        case .tolerance(let tolerance):
            let fits = try fitShared(channels, origin: t0, tolerance: tolerance, maxKeyframes: maxKeyframes)
            return MultiChannelKeyframeFit(startTime: t0, channels: fits, endTimes: fits[0].endTimes, warnings: warnings(fits))
        }
        let fits = try channels.map { (channel) throws(FitError) -> KeyframeFit in
            try named(channel.channel) { () throws(FitError) in
                var fit = try fit(channel, endTimes: ends, origin: t0)
                fit.channel = channel.channel
                return fit
            }
        }
        return MultiChannelKeyframeFit(startTime: t0, channels: fits, endTimes: ends, warnings: warnings(fits))
    }

    /// Runs `body`, prefixing its error with the channel's name.
    private static func named<T>(_ channel: String, _ body: () throws(FitError) -> T) throws(FitError) -> T {
        do { return try body() } catch { throw FitError("channel '\(channel)': \(error.message)") }
    }

    /// One channel on the shared clock: its times relative to `t0`, and its values.
    private struct SharedChannel {
        var recording: Recording
        var times: [Double]
    }

    /// The fits of every channel on shared keyframe ends (relative to `t0`).
    private static func fitAll(_ channels: [SharedChannel], origin t0: Double, ends: [Double]) throws(FitError) -> [KeyframeFit] {
        try channels.map { (channel) throws(FitError) -> KeyframeFit in
            try named(channel.recording.channel) { () throws(FitError) in
                let (parameters, factor) = try solveWithFactor(times: channel.times, values: channel.recording.values, ends: ends)
                var fit = makeFit(channel.recording, startTime: t0, ends: ends, parameters: parameters)
                fit.standardErrors = standardErrors(factor: factor, quality: fit.quality)
                fit.channel = channel.recording.channel
                return fit
            }
        }
    }

    /// The worst channel's max error (the tolerance is the same number in every channel's units).
    private static func worst(_ fits: [KeyframeFit]) -> Double { fits.map(\.quality.maxError).max() ?? 0 }

    /// The joint sum of squared errors.
    private static func jointSSE(_ fits: [KeyframeFit]) -> Double {
        fits.reduce(0) { $0 + $1.quality.rmse * $1.quality.rmse * Double($1.quality.count) }
    }

    /// The fewest shared keyframes with every channel's max error ≤ `tolerance`.
    private static func fitShared(_ recordings: [Recording], origin t0: Double, tolerance: Double, maxKeyframes: Int) throws(FitError) -> [KeyframeFit] {
        guard tolerance.isFinite, tolerance > 0 else { throw FitError("the tolerance must be a finite number > 0; got \(tolerance)") }
        // A tolerance below any channel's noise floor is an error at once, as for one channel; the
        // shortest keyframe is the noisiest channel's.
        var checks: [NoiseFloor] = []
        for recording in recordings {
            let own = recording.times.map { $0 - recording.times[0] }
            let check = noiseFloor(recording, times: own, tolerance: tolerance)
            if check.rejects {
                throw FitError("channel '\(recording.channel)': \(noiseFloorError(check, tolerance: tolerance, samples: recording.count).message)")
            }
            checks.append(check)
        }
        let channels = recordings.map { SharedChannel(recording: $0, times: $0.times.map { $0 - t0 }) }
        // Refined times keep every keyframe at the noisiest channel's length, unless the motion
        // already demanded shorter ones.
        let noisyLength = checks.map(\.minimumSamples).max() ?? 2
        func shortest(_ ends: [Double]) -> Int {
            channels.allSatisfy { coversSamples(times: $0.times, ends: ends, atLeast: noisyLength) } ? noisyLength : 2
        }
        let span = channels.map { $0.times[$0.times.count - 1] }.max()!
        var ends = [span]
        var best = try fitAll(channels, origin: t0, ends: ends)
        // Grow: split where the worst channel's error peaks.
        while worst(best) > tolerance {
            guard ends.count < maxKeyframes else {
                throw FitError("\(maxKeyframes) shared keyframes still leave a max error of \(worst(best)) > \(tolerance) (channel '\(best.max { $0.quality.maxError < $1.quality.maxError }!.channel ?? "")'); raise the tolerance, or fit with independent times")
            }
            // The channels beyond the tolerance, worst first: the first that can be split decides.
            let order = best.indices.filter { best[$0].quality.maxError > tolerance }
                .sorted { best[$0].quality.maxError > best[$1].quality.maxError }
            // A peak the channel's noise could be half of or more is split only into keyframes of
            // its noisy length (see `NoiseFloor`).
            var split: (segment: Int, time: Double)? = nil
            var minimumSamples = 2
            for c in order {
                let check = checks[c]
                minimumSamples = check.minimumSamples > 2 && best[c].quality.maxError <= 2 * check.typical ? check.minimumSamples : 2
                split = splitPoint(times: channels[c].times, ends: ends, peak: best[c].quality.maxErrorTime - t0,
                                   minimumSamples: minimumSamples, peakOnly: minimumSamples > 2)
                if split != nil { break }
            }
            guard let split else {
                throw FitError("no shared keyframe can be split further (each covers fewer than twice the \(minimumSamples) samples a keyframe needs, in the channels beyond the tolerance) and the max error is still \(worst(best)) > \(tolerance); raise the tolerance")
            }
            ends.insert(split.time, at: split.segment)
            best = try fitAll(channels, origin: t0, ends: ends)
            if let refined = try? refineJoint(channels, ends: ends, minimumSamples: shortest(ends)),
               let fits = try? fitAll(channels, origin: t0, ends: refined), jointSSE(fits) <= jointSSE(best) {
                ends = refined
                best = fits
            }
        }
        // Shrink: drop the keyframe whose removal hurts least while every channel holds the
        // tolerance. Every removal is tried with the other times kept; the joint refinement (a
        // nonlinear fit over every channel) is spent on the most promising few.
        shrinking: while ends.count > 1 {
            var tried: [(fits: [KeyframeFit]?, ends: [Double])] = []
            for i in 0..<(ends.count - 1) {
                var fewer = ends
                fewer.remove(at: i)
                tried.append((try? fitAll(channels, origin: t0, ends: fewer), fewer))
            }
            let promising = tried.indices.sorted { worst(tried[$0].fits ?? []) < worst(tried[$1].fits ?? []) || tried[$1].fits == nil }
            var candidates: [([KeyframeFit], [Double])] = tried.compactMap { entry in
                entry.fits.flatMap { worst($0) <= tolerance ? ($0, entry.ends) : nil }
            }
            for i in promising.prefix(shrinkRefinements) {
                guard let refined = try? refineJoint(channels, ends: tried[i].ends, minimumSamples: shortest(tried[i].ends)),
                      let fits = try? fitAll(channels, origin: t0, ends: refined), worst(fits) <= tolerance else { continue }
                candidates.append((fits, refined))
            }
            guard let winner = candidates.min(by: { worst($0.0) < worst($1.0) }) else { break shrinking }
            best = winner.0
            ends = winner.1
        }
        return best
    }

    /// How many of the removals tried in a shrinking step of the shared tolerance search get the
    /// joint refinement of their times (the others keep theirs).
    static let shrinkRefinements = 3

    /// Moves the shared keyframe times (the last stays at the end) to minimise the joint squared
    /// error of every channel, by Levenberg–Marquardt over log-gaps with each channel's values
    /// solved linearly at each step (variable projection), as ``refine(_:times:ends:minimumSamples:)`` does for
    /// one channel; skipped past ``refinementLimit`` samples × keyframes.
    private static func refineJoint(_ channels: [SharedChannel], ends: [Double], minimumSamples: Int) throws -> [Double] {
        let samples = channels.reduce(0) { $0 + $1.times.count }
        guard ends.count >= 2, channels.allSatisfy({ $0.times.count > ends.count + 2 }),
              samples * ends.count <= refinementLimit else { return ends }
        func covered(_ e: [Double]) -> Bool { channels.allSatisfy { coversSamples(times: $0.times, ends: e, atLeast: minimumSamples) } }
        let refined = try refineGaps(ends, samples: samples) { e in
            guard covered(e) else { return nil }
            var residuals: [Double] = []
            residuals.reserveCapacity(samples)
            for channel in channels {
                guard let p = try? solve(times: channel.times, values: channel.recording.values, ends: e) else { return nil }
                let model = evaluate(times: channel.times, ends: e, parameters: p)
                for i in channel.times.indices { residuals.append(model[i] - channel.recording.values[i]) }
            }
            return residuals
        }
        return covered(refined) ? refined : ends
    }
}
