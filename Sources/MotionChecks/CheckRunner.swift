import Foundation
import MotionIO

/// Runs a manifest's checks on every core: each recording is read, measured and judged in a child
/// task of one task group, at most ``maximumConcurrency`` at a time, so memory holds that many
/// recordings whatever the number of files. Results come back in manifest order.
public struct CheckRunner: Sendable {
    /// Write each baseline from its recording instead of comparing with it.
    public var baselineUpdate: Bool
    /// The most recordings in flight at once (default: the active processor count).
    public var maximumConcurrency: Int
    /// The part of the recordings to check (`nil`: all of them); see ``CheckShard``.
    public var shard: CheckShard?

    public init(baselineUpdate: Bool = false, maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                shard: CheckShard? = nil) {
        self.baselineUpdate = baselineUpdate
        self.maximumConcurrency = max(1, maximumConcurrency)
        self.shard = shard
    }

    /// `path` (as the manifest resolved it) relative to the manifest's directory: what a shard hashes.
    static func shardKey(_ path: String, manifest: CheckManifest) -> String {
        let directory = manifest.directory
        guard !directory.isEmpty, directory != "." else { return path }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// One recording under one check.
    struct Job: Sendable {
        var check: Int
        var path: String
    }

    /// The jobs of `manifest`: each check's recordings expanded (globs sorted), with a problem
    /// for every pattern that matches nothing and for baselines two recordings would share.
    /// With a shard, a pattern that matches nothing is that pattern's shard's problem (hashed as a
    /// recording's path is), so the shards' reports merge without repeating it; a shared
    /// baseline is every shard's, as it stops any from writing.
    static func jobs(of manifest: CheckManifest, baselineUpdate: Bool, shard: CheckShard? = nil) -> (jobs: [Job], problems: [CheckProblem]) {
        var jobs: [Job] = [], problems: [CheckProblem] = []
        var recordingsOf: [[String]] = []
        for (index, check) in manifest.checks.enumerated() {
            var seen = Set<String>()
            for pattern in check.recordings {
                let resolved = manifest.resolve(pattern)
                let matches = RecordingGlob.expand(resolved)
                if matches.isEmpty, shard?.contains(shardKey(resolved, manifest: manifest)) ?? true {
                    problems.append(CheckProblem(subject: resolved, message: "matches no file", check: check.name))
                }
                for path in matches where seen.insert(path).inserted { jobs.append(Job(check: index, path: path)) }
            }
            recordingsOf.append(seen.sorted())
        }
        guard baselineUpdate else { return (jobs, problems) }
        // A baseline must not replace a recording that is checked, the file or a link to it.
        let recordings = Set(jobs.flatMap { [FilePath.canonical($0.path), FilePath.entry($0.path)] })
        // Who writes each baseline on an update, across all checks: two writers of one file would
        // race and keep only one of them, unless both write the same channel of the same recording.
        var writers: [String: (path: String, check: CheckSpecification)] = [:]
        for (check, paths) in zip(manifest.checks, recordingsOf) {
            for case let .baseline(template, _) in check.expectations {
                for path in paths {
                    let file = RecordingCheck.baselinePath(template, recording: path, manifest: manifest)
                    // The entry a write replaces, not what a link there points to.
                    if recordings.contains(FilePath.entry(file)) {
                        problems.append(CheckProblem(subject: file, message: "is the baseline of \(path) and a recording the manifest checks; "
                                                     + "refusing to overwrite it (give baselines their own directory)", check: check.name))
                        continue
                    }
                    if let other = writers[file] {
                        let same = other.path == path && other.check.column == check.column
                            && other.check.timeUnit == check.timeUnit && other.check.fps == check.fps
                            && other.check.region == check.region && other.check.objects == check.objects
                        if !same {
                            let whose = other.check.name == check.name ? "" : " (check '\(other.check.name)')"
                            problems.append(CheckProblem(subject: file, message: "is the baseline of both \(other.path)\(whose) and \(path)"
                                                         + (other.path == path ? " with another column, clock, region or object count" : "")
                                                         + "; give each its own path, e.g. with {stem}", check: check.name))
                        }
                    } else {
                        writers[file] = (path, check)
                    }
                }
            }
        }
        return (jobs, problems)
    }

    /// Runs every check on every recording. `progress` is called after each recording, from the
    /// calling task, with the number done and the total.
    public func run(_ manifest: CheckManifest, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async -> CheckRun {
        var (jobs, planProblems) = Self.jobs(of: manifest, baselineUpdate: baselineUpdate, shard: shard)
        if let shard { jobs = jobs.filter { shard.contains(Self.shardKey($0.path, manifest: manifest)) } }
        // Nothing is written when the plan is already broken.
        if baselineUpdate && !planProblems.isEmpty { return CheckRun(testcases: [], problems: planProblems, recordingCount: 0) }
        var results = [Result<[CheckTestcase], CheckProblem>?](repeating: nil, count: jobs.count)
        let update = baselineUpdate
        await withTaskGroup(of: (Int, Result<[CheckTestcase], CheckProblem>).self) { group in
            var next = 0, done = 0
            func start() {
                let index = next, job = jobs[index]
                next += 1
                group.addTask {
                    let check = RecordingCheck(specification: manifest.checks[job.check], manifest: manifest,
                                               path: job.path, baselineUpdate: update)
                    return (index, check.run())
                }
            }
            while next < jobs.count && next < maximumConcurrency { start() }
            for await (index, result) in group {
                results[index] = result
                done += 1
                progress?(done, jobs.count)
                if next < jobs.count { start() }
            }
        }
        var testcases: [CheckTestcase] = [], problems = planProblems
        for result in results {
            switch result {
            case .success(let cases)?: testcases += cases
            case .failure(let problem)?: problems.append(problem)
            case nil: break
            }
        }
        return CheckRun(testcases: testcases, problems: problems, recordingCount: Set(jobs.map(\.path)).count)
    }
}
