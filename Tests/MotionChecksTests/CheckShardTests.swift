import Foundation
import MotionChecks
import Testing

@Suite("Sharding a manifest's recordings")
struct CheckShardTests {
    @Test("FNV-1a 64 matches the published test vectors")
    func vectors() {
        // From the FNV reference (Fowler, Noll, Vo): test vectors for FNV-1a 64.
        #expect(CheckShard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(CheckShard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(CheckShard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test("Every path is in exactly one shard, and adding paths moves none", arguments: [1, 2, 3, 8, 97])
    func partition(count: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let paths = (0..<500).map { i in "recordings/\(i)-\(UInt32.random(in: 0...UInt32.max, using: &generator)).mp4" }
        let shards = try (1...count).map { try CheckShard(index: $0, count: count) }
        for path in paths {
            #expect(shards.filter { $0.contains(path) }.count == 1)
        }
        let before = paths.map { CheckShard.shard(of: $0, count: count) }
        let more = paths + (0..<100).map { "new/\($0).csv" }
        #expect(more.prefix(paths.count).map { CheckShard.shard(of: $0, count: count) } == before)
    }

    @Test("Shards are balanced: 4000 paths over 8 shards, each within 5 σ of 500")
    func balance() {
        var sizes = [Int](repeating: 0, count: 8)
        for i in 0..<4000 { sizes[CheckShard.shard(of: "clips/run-\(i)/screen.mov", count: 8) - 1] += 1 }
        // Binomial(4000, 1/8): σ = √(4000 · 1/8 · 7/8) ≈ 20.9.
        #expect(sizes.allSatisfy { abs($0 - 500) < 105 }, "\(sizes)")
    }

    @Test("Bad values name the value and the range", arguments: ["0/3", "4/3", "1/0", "a/b", "2", "1/3/4", "-1/2"])
    func bad(text: String) {
        #expect { try CheckShard(parsing: text) } throws: { error in
            "\(error)".contains("--shard") && ("\(error)".contains(text) || "\(error)".contains("≤"))
        }
    }

    @Test("The shards' runs are disjoint and together the whole run (their JUnit merges)")
    func runs() async throws {
        let f = Fixture()
        for i in 0..<12 {
            f.write("clips/\(i).csv", Fixture.csv(count: 121) { CheckRunnerTests.critical($0 - 0.1) })
        }
        let manifest = f.write("manifest.json", #"""
        {"checks": [{"name": "s", "recordings": "clips/*.csv", "expect": {"overshoot": {"max": 1}}}]}
        """#)
        let whole = await CheckRunner().run(try CheckManifest.load(path: manifest))
        var seen: [String] = []
        for index in 1...3 {
            let run = await CheckRunner(shard: try CheckShard(index: index, count: 3)).run(try CheckManifest.load(path: manifest))
            #expect(run.problems.isEmpty)
            for testcase in run.testcases {
                #expect(CheckShard.shard(of: "clips/" + (testcase.recording as NSString).lastPathComponent, count: 3) == index)
            }
            seen += run.testcases.map(\.recording)
            #expect(run.junitXML().contains("<testsuites"))
        }
        #expect(seen.count == whole.testcases.count)
        #expect(Set(seen) == Set(whole.testcases.map(\.recording)))
    }

    @Test("A pattern that matches nothing is reported by one shard, the one its path hashes to")
    func unmatchedPatterns() async throws {
        let f = Fixture()
        f.write("clips/0.csv", Fixture.csv(count: 121) { CheckRunnerTests.critical($0 - 0.1) })
        let patterns = (0..<6).map { "missing-\($0)/*.csv" }
        let list = patterns.map { "\"\($0)\"" }.joined(separator: ", ")
        let manifest = f.write("manifest.json", """
        {"checks": [{"name": "s", "recordings": ["clips/*.csv", \(list)], "expect": {"overshoot": {"max": 1}}}]}
        """)
        let whole = await CheckRunner().run(try CheckManifest.load(path: manifest))
        #expect(whole.problems.count == patterns.count)
        var reported: [String] = []
        for index in 1...3 {
            let run = await CheckRunner(shard: try CheckShard(index: index, count: 3)).run(try CheckManifest.load(path: manifest))
            for problem in run.problems {
                #expect(problem.message == "matches no file")
                let pattern = try #require(patterns.first { problem.subject.hasSuffix($0) })
                #expect(CheckShard.shard(of: pattern, count: 3) == index)
                reported.append(pattern)
            }
        }
        #expect(reported.sorted() == patterns.sorted())
    }
}
