import Dispatch
import MotionLab

/// Carries a check run out of the task that made it.
private final class RunBox: @unchecked Sendable {
    var run: CheckRun?
}

/// The `check --json` document of a run of a manifest's motion checks: the manifest is the file at
/// `path` (JSON, or YAML when its name ends in .yaml/.yml), or when `path` is null the JSON
/// document `manifest`, whose relative paths are resolved against `directory`. `baselineUpdate`
/// nonzero writes the baselines instead of comparing; `jobs` (null: every core) points at how many
/// recordings are checked at once; `shard` (`i/n`, or null) checks a fixed part of them. Failed checks are the result, not
/// an error: an unreadable manifest is.
@_cdecl("motionlab_check")
public func motionlab_check(
    _ path: UnsafePointer<CChar>?, _ manifest: UnsafePointer<CChar>?, _ directory: UnsafePointer<CChar>?,
    _ baselineUpdate: Int32, _ jobs: UnsafePointer<Int>?, _ shard: UnsafePointer<CChar>?,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        var runner = CheckRunner(baselineUpdate: baselineUpdate != 0)
        if let jobs { runner.maximumConcurrency = try checked { () throws(CheckArgumentError) in try CheckRunner.checkedConcurrency(jobs.pointee) } }
        if let shard {
            runner.shard = try checked { () throws(CheckShardError) in try CheckShard(parsing: String(cString: shard)) }
        }
        let loaded: CheckManifest
        do {
            if let path {
                loaded = try CheckManifest.load(path: String(cString: path))
            } else {
                loaded = try CheckManifest.decode(try json(manifest, "the manifest"), directory: try text(directory, "the manifest's directory"))
            }
        } catch let failure as ABIFailure {
            throw failure
        } catch {
            throw ABIFailure.data("\(error)")
        }
        // The runner checks recordings in parallel tasks; this thread waits for the whole run.
        let box = RunBox(), done = DispatchSemaphore(value: 0)
        let run = runner
        Task.detached {
            box.run = await run.run(loaded)
            done.signal()
        }
        done.wait()
        guard let result = box.run else { throw ABIFailure.data("the check run did not finish") }
        emit(result.json, warnings: result.problems.map(\.description), to: out)
    }
}
