/// One reading of a normalised recording as a step (a spring's or a timing curve's), fitted by
/// least squares: what ``StepFitPipeline`` needs to search, refine and compare the readings.
///
/// The readings of one fit are indexed 0..<k; a reading's `parents` are the indices of the
/// readings nested in it, whose optima it also starts from, so that it never fits worse.
protocol StepModel {
    /// A starting guess of the search.
    associatedtype Start
    /// A minimisation's result.
    associatedtype Solution: StepModelSolution

    /// The readings nested in this one.
    var parents: [Int] { get }
    /// The number of fitted parameters (the information criterion's penalty counts these).
    var parameterCount: Int { get }
    /// What the choice adds to the information criterion for this reading: the preference the
    /// data must overcome (see ``StepModelSelection``).
    var handicap: Double { get }
    /// The guess a solution of a reading nested in this one gives as a start of the search.
    func start(from nested: Solution) -> Start
    /// Levenberg–Marquardt from a starting guess of the search; nil when it fails.
    func minimize(fromStart start: Start) -> Solution?
    /// Levenberg–Marquardt from a solution of this or a nested reading (on these or other
    /// samples), for at most `maxIterations` iterations; nil when it fails.
    func minimize(continuing solution: Solution, maxIterations: Int) -> Solution?
}

/// The four readings of a step model: two freedoms of the start or end, each pinned or fitted,
/// numbered by the bits of what is fitted — 0 neither, 1 the first, 2 the second, 3 both.
protocol StepReading: RawRepresentable<Int> {}

extension StepReading {
    /// Whether the first freedom is fitted.
    var fitsFirst: Bool { rawValue & 1 != 0 }
    /// Whether the second freedom is fitted.
    var fitsSecond: Bool { rawValue & 2 != 0 }
    /// The readings nested in this one, which fit one freedom fewer (by raw value, ascending).
    var parents: [Int] { [2, 1].filter { rawValue & $0 != 0 }.map { rawValue & ~$0 } }
}

/// What the pipeline reads of a minimisation's result.
protocol StepModelSolution {
    /// The residual sum of squares, in normalised units.
    var rss: Double { get }
    /// Whether the minimisation met its convergence test (not stopped by an iteration cap).
    var converged: Bool { get }
}

/// The search → subset → polish → refine → score pipeline that the spring and the timing-curve
/// fits share, generic over the reading so that each fit gets its own specialisation.
///
/// The multi-start search runs on an evenly spaced subset of at most
/// `StepFitSupport.searchSampleCount` samples, simplest reading first; on long recordings each
/// search optimum is refined on `StepFitSupport.intermediateSampleCount` samples; then every
/// reading is polished on all samples, and those that could be chosen are minimised to
/// convergence before the information criterion chooses.
struct StepFitPipeline<Model: StepModel> {
    /// Each reading on every sample, in index order.
    let models: [Model]
    /// Each reading's best solution on every sample (nil where every minimisation failed); at
    /// least one is not nil.
    let solutions: [Model.Solution?]
    /// The number of samples.
    let count: Int
    /// The noise floor of the information criterion (normalised units).
    let floor: Double

    /// Runs the pipeline on the samples of `data`.
    ///
    /// - Parameters:
    ///   - data: the normalised recording.
    ///   - failure: the error's text when no reading converges from any start.
    ///   - progress: called with the fraction done, ending at 1.
    ///   - models: the readings on the samples at the given indices, in index order.
    ///   - starts: a reading's starting guesses, before those of its nested readings.
    init(_ data: NormalisedStep, failure: String, progress: ((Double) -> Void)?,
         models: ([Int]) -> [Model], starts: (Model) -> [Model.Start]) throws(FitError) {
        var report = SearchProgress(progress)
        let n = data.times.count, floor = data.noiseFloor
        let search = StepFitSupport.searchIndices(n)
        let searchModels = models(search)
        let fullModels = search.count == n ? searchModels : models(Array(0..<n))
        let readings = searchModels.count

        // The multi-start search, simplest reading first; each richer reading also starts from
        // the optima of the readings nested in it.
        var searched: [Model.Solution?] = Array(repeating: nil, count: readings)
        for (k, model) in searchModels.enumerated() {
            var guesses = starts(model)
            for parent in model.parents { if let p = searched[parent] { guesses.append(model.start(from: p)) } }
            searched[k] = guesses.compactMap { model.minimize(fromStart: $0) }.min { $0.rss < $1.rss }
            report.update(0.3 * Double(k + 1) / Double(searchModels.count))
        }
        // On long recordings each search optimum is refined on an intermediate evenly spaced
        // subset first: most iterations then cost its samples, not all of them.
        let intermediate = StepFitSupport.evenlySpacedIndices(n, count: StepFitSupport.intermediateSampleCount)
        let intermediateUsed = intermediate.count < n && intermediate.count > search.count
        if intermediateUsed {
            let intermediateModels = models(intermediate)
            var refined: [Model.Solution?] = Array(repeating: nil, count: readings)
            for (k, model) in intermediateModels.enumerated() {
                defer { report.update(0.3 + 0.35 * Double(k + 1) / Double(intermediateModels.count)) }
                guard let start = searched[k] else { continue }
                refined[k] = Self.best(of: model, continuing: start, iterations: 200, nested: refined)
            }
            searched = refined
        }
        // Refinement on every sample: a few iterations for each reading from its search optimum
        // (one, from its intermediate optimum), then to convergence for the chosen reading and
        // those close to it (only the chosen one after an intermediate refinement).
        let subsampled = search.count < n
        let polish = intermediateUsed ? 1 : subsampled ? StepFitSupport.polishIterations : 200
        var solutions: [Model.Solution?] = Array(repeating: nil, count: readings)
        for (k, model) in fullModels.enumerated() {
            guard let coarse = searched[k] else { continue }
            solutions[k] = Self.best(of: model, from: subsampled ? nil : coarse, continuing: coarse,
                                     iterations: polish, nested: solutions)
        }
        guard solutions.contains(where: { $0 != nil }) else { throw FitError(failure) }
        if subsampled {
            StepFitSupport.refine(
                &solutions, margin: intermediateUsed ? 0 : StepFitSupport.refinementMargin,
                score: { k, s in StepFitSupport.bic(rss: s.rss, count: n, parameters: fullModels[k].parameterCount, floor: floor)
                    + fullModels[k].handicap },
                rss: \.rss, isConverged: \.converged,
                converge: { fullModels[$0].minimize(continuing: $1, maxIterations: 200) })
        }
        report.update(1)
        (self.models, self.solutions, self.count, self.floor) = (fullModels, solutions, n, floor)
    }

    /// `model` minimised from `start` (or `solution` itself, when `solution` is given and is
    /// taken as it is), then from the optimum of each nested reading that fits better.
    private static func best(of model: Model, from taken: Model.Solution? = nil, continuing start: Model.Solution,
                             iterations: Int, nested: [Model.Solution?]) -> Model.Solution? {
        var best = taken ?? model.minimize(continuing: start, maxIterations: iterations)
        for parent in model.parents {
            guard let p = nested[parent], best == nil || p.rss < best!.rss * (1 - 1e-9) else { continue }
            if let again = model.minimize(continuing: p, maxIterations: iterations), best == nil || again.rss < best!.rss {
                best = again
            }
        }
        return best
    }

    /// The information criterion's choice among the readings.
    ///
    /// - Parameters:
    ///   - candidate: a reading's record, `relativeBIC` left 0.
    ///   - describe: a reading's solution in words, for the warning of an ambiguous choice.
    /// - Returns: the chosen reading's index, the selection record and the warnings.
    func choose(candidate: (Model, Model.Solution) -> StepModelCandidate,
                describe: (StepModelCandidate, Model.Solution) -> String) -> (chosen: Int, selection: StepModelSelection, warnings: [String]) {
        var scored: [StepFitSupport.Scored] = []
        var indexOf: [Int] = []
        for (k, solution) in solutions.enumerated() {
            guard let solution else { continue }
            let model = models[k]
            let bic = StepFitSupport.bic(rss: solution.rss, count: count, parameters: model.parameterCount, floor: floor)
            scored.append(.init(candidate: candidate(model, solution), score: bic + model.handicap, bic: bic))
            indexOf.append(k)
        }
        let (chosen, selection, warnings) = StepFitSupport.select(scored) { describe(scored[$0].candidate, solutions[indexOf[$0]]!) }
        return (indexOf[chosen], selection, warnings)
    }
}
