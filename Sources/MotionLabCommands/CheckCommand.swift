import ArgumentParser
import Foundation
import MotionLab

/// `motionlab check MANIFEST`: motion regression checks for CI. The manifest, the
/// measuring and every output format live in MotionChecks; this parses, runs and writes.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run the motion regression checks of a manifest (JSON or YAML) on recordings, for CI.",
        discussion: """
            Each check names recordings (a path, a glob or a list; relative to the manifest), a column, a \
            level (error or warn) and expectations: spring {duration, bounce, …: {min, max}}, settlingTime, \
            riseTime, overshoot, undershoot, peakTime, onsetTime ({min, max}), matches {timeline | scenario | spring | \
            curve, maxError, allowShift}, baseline {recording: "baselines/{stem}.csv", maxError}. Recordings \
            are checked in parallel on every core. Exit status: 0 when no expectation at level error failed, 1 \
            when one did, 2 when a manifest, recording, reference or baseline could not be read or a glob \
            matched nothing.
            """
    )

    @Argument(help: "The manifest: JSON, or YAML when its name ends in .yaml or .yml.")
    var manifest: String
    @Flag(help: "Write each baseline from its recording (accept the recordings as they are) instead of comparing.")
    var baselineUpdate = false
    @Option(help: "Write a JUnit XML report to FILE (one testcase per recording and expectation).")
    var junit: String?
    @Option(help: "Write one JSON object per testcase to FILE (JSON Lines).")
    var jsonl: String?
    @Option(help: "Write a Markdown summary to FILE (e.g. $GITHUB_STEP_SUMMARY).")
    var summary: String?
    @Flag(help: "Print GitHub Actions annotations (::error / ::warning) instead of the table.")
    var github = false
    @Flag(help: "Print the run as JSON instead of the table.")
    var json = false
    @OptionGroup var progress: ProgressOption
    @Option(help: "Check at most N recordings at once (default: the number of cores).")
    var jobs: Int?
    @Option(parsing: .unconditional, help: "Check only shard i of n (1 ≤ i ≤ n), e.g. 2/8: a fixed part of the recordings chosen by a hash of each path relative to the manifest, for a CI matrix; the shards' JUnit files together are the whole run.")
    var shard: String?

    func validate() throws {
        if manifest == InputFile.standardInput {
            throw ValidationError("check reads its manifest from a file (the paths in it are relative to the manifest): '-' (standard input) cannot be a manifest")
        }
        if let jobs { do { _ = try CheckRunner.checkedConcurrency(jobs) } catch { throw ValidationError("--\(error)") } }
        if let shard { do { _ = try CheckShard(parsing: shard) } catch { throw ValidationError(error.message) } }
        if github && json { throw ValidationError("give --github or --json, not both: each replaces the table on stdout") }
        let outputs = [("--junit", junit), ("--jsonl", jsonl), ("--summary", summary)].compactMap { name, path in path.map { (name, $0) } }
        for (i, a) in outputs.enumerated() {
            if a.1 == manifest { throw ValidationError("\(a.0) \(a.1) is the manifest; choose another file") }
            for b in outputs[(i + 1)...] where a.1 == b.1 {
                throw ValidationError("\(a.0) and \(b.0) both write \(a.1); choose different files")
            }
        }
    }

    func run() async throws {
        let loaded: CheckManifest
        do { loaded = try CheckManifest.load(path: manifest) } catch { throw CommandFailure.io("\(error)") }
        // Outputs are checked before the run, so a long run never ends in an unwritable path.
        for path in [junit, jsonl, summary].compactMap({ $0 }) {
            do { try ReportWriter.check(path, inputs: [manifest]) } catch { throw CommandFailure.io("\(error)") }
        }
        let line = ProgressLine(enabled: progress.wanted, noun: "recordings")
        var runner = CheckRunner(baselineUpdate: baselineUpdate)
        if let jobs { runner.maximumConcurrency = jobs }
        if let shard { runner.shard = try? CheckShard(parsing: shard) }
        let result = await runner.run(loaded) { done, total in line.update(done, total) }
        line.finish()
        for (path, text) in [(junit, result.junitXML()), (jsonl, result.jsonLines), (summary, result.markdownSummary)] {
            guard let path else { continue }
            do { try ReportWriter.write(RenderedReport(text: text), to: path, inputs: [manifest]) } catch {
                throw CommandFailure.io("\(error)")
            }
        }
        if json {
            Output.json(result.json)
        } else if github {
            print(result.githubAnnotations, terminator: "")
            print(result.verdict)
        } else {
            print(result.table, terminator: "")
        }
        if result.exitStatus != 0 {
            // The outcome is already printed; the status alone says it (no "Error:" line).
            for problem in result.problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
            throw ExitCode(result.exitStatus)
        }
    }
}
