import Foundation
import MotionFitting
import MotionIO
import Testing
import MotionTestSupport

/// data/reference/trimmed_fits.json, written by scripts/reference/trimmed_fit_reference.py: noisy
/// trimmed and untrimmed recordings (the samples stored verbatim), every candidate model fitted by
/// scipy.optimize.least_squares from many starts (bezier by bisection, spring by its closed
/// forms, from/to/v0 by numpy lstsq), and the model the information criterion chooses.
struct TrimmedFitReference: Decodable {
    struct Candidate: Decodable, Sendable {
        var name: String
        var k: Int
        var rss: Double
        var relativeBIC: Double
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var model: String
        var times, values: [Double]
        var candidates: [Candidate]
        var chosen: String
        var chosenValues: [Double]
        var testDescription: String { name }
    }

    var cases: [Case]

    static let table = Repository.referenceTable(TrimmedFitReference.self, "trimmed_fits.json")
}

@Suite("Step fits' choice of start and end against scipy")
struct TrimmedFitReferenceTests {
    /// Every candidate reaches scipy's least-squares optimum (residual sum of squares to 1e-7
    /// relative: a lower one would mean the reference missed the optimum, a higher one that the
    /// fit did), the same model is chosen, and the chosen model reproduces scipy's fitted values
    /// at the samples to 1e-6 of the step.
    @Test(arguments: TrimmedFitReference.table.cases)
    func matchesScipy(_ reference: TrimmedFitReference.Case) throws {
        let recording = Recording(times: reference.times, values: reference.values)
        let candidates: [StepModelCandidate]
        let model: (Double) -> Double
        let warnings: [String]
        if reference.model == "bezier" {
            let fit = try BezierFitting.fit(recording)
            (candidates, model, warnings) = (fit.selection.candidates, fit.value(at:), fit.warnings)
        } else {
            let fit = try SpringFitting.fit(recording)
            (candidates, model, warnings) = (fit.selection.candidates, fit.value(at:), fit.warnings)
        }
        let scale = (reference.values.max() ?? 0) - (reference.values.min() ?? 0)
        for expected in reference.candidates {
            guard let actual = candidates.first(where: { $0.name == expected.name }) else {
                Issue.record("no candidate '\(expected.name)'")
                continue
            }
            #expect(actual.parameterCount == expected.k, "\(expected.name)")
            // Models the criterion rejects outright (ΔBIC > 50, e.g. a spring forced to start at rest
            // at the first sample of a recording with rest before it) end on a bound of the bounce;
            // there both optimisers stop within 1e-6.
            let tolerance = expected.relativeBIC > 50 ? 1e-6 : 1e-7
            #expect(abs(actual.residualSumOfSquares - expected.rss) <= tolerance * expected.rss + 1e-18 * scale * scale,
                    "\(expected.name): RSS \(actual.residualSumOfSquares) vs scipy \(expected.rss)")
            #expect(abs(actual.relativeBIC - expected.relativeBIC) <= 1e-4, "\(expected.name): ΔBIC \(actual.relativeBIC) vs \(expected.relativeBIC)")
        }
        #expect(candidates.first?.name == reference.chosen, "chose \(candidates.first?.name ?? "nothing"), scipy's criterion \(reference.chosen); \(warnings)")
        let worst = zip(reference.times, reference.chosenValues).map { abs(model($0) - $1) }.max() ?? .infinity
        #expect(worst <= 1e-6 * scale, "max difference from scipy's fitted values \(worst)")
    }
}
