import Foundation

// Run with: swift run -c release MotionLabBenchmarks [--markdown]
// Prints a table of ratios (and, with --markdown, the fragment scripts/benchmarks.sh splices into docs/benchmarks.md).
let markdown = CommandLine.arguments.contains("--markdown")

// `--only springs|keyframes|curves|animations|parsing|tracking` runs one group (for quick iteration; docs/benchmarks.md wants all).
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap {
    CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1] : nil
}
var results: [BenchmarkResult] = []
if only == nil || only == "springs" { results += SpringBenchmarks.run() }
if only == nil || only == "keyframes" { results += KeyframeBenchmarks.run() }
if only == nil || only == "curves" { results += CurveBenchmarks.run() }
if only == nil || only == "animations" { results += AnimationBenchmarks.run() }
if only == nil || only == "parsing" { results += ParsingBenchmarks.run() }
if only == nil || only == "tracking" { results += TrackingBenchmarks.run() }

func format(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)g", x) }

if markdown {
    print("| benchmark | MotionLab | reference | ratio (reference ÷ MotionLab) | measured |")
    print("|---|---|---|---|---|")
    for r in results {
        let notes = r.notes.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
        print("| \(r.name) | \(r.subject): \(format(r.subjectNanoseconds)) ns | \(r.reference): \(format(r.referenceNanoseconds)) ns | **\(format(r.speedup))×** | \(notes) |")
    }
} else {
    for r in results {
        print("\(r.name)")
        print("  \(r.subject): \(format(r.subjectNanoseconds)) ns per unit")
        print("  \(r.reference): \(format(r.referenceNanoseconds)) ns per unit")
        print("  speed-up: \(format(r.speedup))×")
        for (label, value) in r.notes { print("  \(label): \(value)") }
    }
}
