import Foundation
import MotionTestSupport
import Testing

/// The browser is the judge of the CSS and Web Animations exports (SPEC §10): every timeline in
/// data/timelines is exported by the built motionlab, played in headless Chromium — the CSS
/// `@keyframes` and `element.animate(keyframes, options)` side by side, paused and seeked with
/// `animation.currentTime` — and the registered custom properties are read back in full
/// precision (`computedStyleMap()`), then compared with `motionlab keyframes eval` at the same
/// times. Skipped where no Chromium is installed (CI installs it).
@Suite("Exports played in a browser")
struct ExportBrowserTests {
    /// What one timeline contributes to the page, and what it must show.
    struct Case {
        var file: String
        var css: String
        var waapi: String
        var maxError: Double
        var properties: [String]
        var times: [Double]
        /// keyframes eval: per time, per property.
        var expected: [[String: Double]]
        var range: Double
    }

    static func prepare(_ file: String, index: Int) throws -> Case {
        let name = "t\(index)"
        let css = try MotionLabExecutable.run(["export", file, "--format", "css", "--name", name, "--json"])
        #expect(css.status == 0, "\(file): \(css.stderr)")
        let cssJSON = try css.json()
        let waapi = try MotionLabExecutable.run(["export", file, "--format", "waapi", "--json"]).json()
        let duration = try #require(try MotionLabExecutable.run(["keyframes", "eval", file, "--times", "0", "--json"]).json()["duration"] as? Double)
        // 60 times across the timeline, its end, and a little past it.
        var times = (0...60).map { duration * Double($0) / 60 }
        times.append(duration * 1.05)
        let list = times.map { String($0) }.joined(separator: ",")
        let eval = try MotionLabExecutable.run(["keyframes", "eval", file, "--times", list, "--json"]).json()
        let samples = try #require(eval["samples"] as? [[String: Any]])
        var expected: [[String: Double]] = []
        for sample in samples {
            if let v = sample["value"] as? Double { expected.append(["value": v]) }
            else { expected.append(try #require(sample["value"] as? [String: Double])) }
        }
        let properties = expected[0].keys.sorted()
        var range = 0.0
        for p in properties {
            let values = expected.compactMap { $0[p] }
            range = max(range, values.max()! - values.min()!)
        }
        return Case(file: file, css: try #require(cssJSON["text"] as? String), waapi: try #require(waapi["text"] as? String),
                    maxError: try #require(cssJSON["maxError"] as? Double), properties: properties, times: times,
                    expected: expected, range: max(range, 1e-9))
    }

    /// One page playing every case; it writes {case: {"css": [[v per property] per time], "waapi": …}}.
    static func page(_ cases: [Case]) -> String {
        var html = "<!doctype html><html><head><style>\n"
        for c in cases { html += c.css }
        html += "</style></head><body>\n"
        for i in cases.indices { html += "<div id=\"c\(i)\" class=\"t\(i)\"></div><div id=\"w\(i)\"></div>\n" }
        html += "<pre id=\"out\"></pre><script>\nconst cases = [\n"
        for c in cases {
            let props = c.properties.map { "\"--\($0)\"" }.joined(separator: ",")
            html += "{waapi: \(c.waapi), props: [\(props)], times: [\(c.times.map { String($0 * 1000) }.joined(separator: ","))]},\n"
        }
        html += """
        ];
        const out = [];
        cases.forEach((c, i) => {
          const cssElement = document.getElementById('c' + i), waapiElement = document.getElementById('w' + i);
          const cssAnimations = cssElement.getAnimations();
          cssAnimations.forEach(a => a.pause());
          const web = waapiElement.animate(c.waapi.keyframes, c.waapi.options);
          web.pause();
          const read = (el) => c.props.map(p => { const v = el.computedStyleMap().get(p); return v && v.value !== undefined ? v.value : Number(getComputedStyle(el).getPropertyValue(p)); });
          const result = {css: [], waapi: [], cssAnimations: cssAnimations.length};
          for (const t of c.times) {
            cssAnimations.forEach(a => a.currentTime = t);
            web.currentTime = t;
            result.css.push(read(cssElement));
            result.waapi.push(read(waapiElement));
          }
          out.push(result);
        });
        document.getElementById('out').textContent = JSON.stringify(out);
        </script></body></html>
        """
        return html
    }

    @Test(.chromiumInstalled)
    func timelinesInChromium() throws {
        let directory = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 20)
        var cases: [Case] = []
        for (i, file) in files.enumerated() {
            // A timeline that lasts 0 s has nothing to play; export says so.
            let probe = try MotionLabExecutable.run(["export", directory.appendingPathComponent(file).path, "--format", "css"])
            if probe.status != 0 {
                #expect(probe.stderr.contains("lasts 0 s"), "\(file): \(probe.stderr)")
                continue
            }
            cases.append(try Self.prepare(directory.appendingPathComponent(file).path, index: i))
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pagePath = scratch.appendingPathComponent("page.html")
        try Self.page(cases).write(to: pagePath, atomically: true, encoding: .utf8)
        let run = try Chromium.run(["--dump-dom", pagePath.absoluteString], profile: scratch.appendingPathComponent("profile"))
        let dom = run.stdout
        guard let start = dom.range(of: "<pre id=\"out\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("the page wrote no result: \(run.stderr.suffix(2000))")
            return
        }
        let text = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(results.count == cases.count)
        var worstExact = 0.0, worstApproximated = 0.0
        for (c, result) in zip(cases, results) {
            #expect(result["cssAnimations"] as? Int == c.properties.count, "\(c.file): one CSS animation per property")
            for kind in ["css", "waapi"] {
                let rows = try #require(result[kind] as? [[Double]], "\(c.file) \(kind)")
                for (row, (t, expected)) in zip(rows, zip(c.times, c.expected)) {
                    for (p, value) in zip(c.properties, row) {
                        let deviation = abs(value - expected[p]!) / c.range
                        // Exact keyframes: 1e-6 of the range; approximated ones: the stated error besides.
                        let allowed = 1e-6 + c.maxError / c.range
                        if c.maxError == 0 { worstExact = max(worstExact, deviation) } else { worstApproximated = max(worstApproximated, deviation - c.maxError / c.range) }
                        #expect(deviation <= allowed, "\(c.file) \(kind) --\(p) at \(t) s: browser \(value), keyframes eval \(expected[p]!)")
                    }
                }
            }
        }
        print("export in Chromium: \(cases.count) timelines; exact ones within \(worstExact) of the range, approximated ones within their stated error + \(worstApproximated)")
    }
}
