import Foundation
import FoundationXML
import MotionCapture
import MotionTestSupport
@testable import MotionReports
import Testing

/// A report of a tracked video: the filmstrip's frames and boxes against the truth the browser
/// that rendered the video reported, and the player's markup.
@Suite("Video report")
struct VideoReportTests {
    /// A 320×240 video of a box moving along x, rendered by Chromium; its truth CSV has each
    /// frame's time and the box's centre and size read from the page.
    static let video = Repository.url("data/video/css-spring-translate.mp4").path
    static let ffmpegInstalled = (try? VideoDecoder.ffmpegPath()) != nil

    struct Truth { var time, x, y, width, height: Double }

    static func truth() throws -> [Truth] {
        let text = try String(contentsOf: Repository.url("data/video/css-spring-translate.truth.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let v = line.split(separator: ",").map { Double($0)! }
            return Truth(time: v[0], x: v[1], y: v[2], width: v[3], height: v[4])
        }
    }

    /// The report's sections, tracked and rendered once.
    static let sections: Result<[ReportSection], any Error> = Result {
        let motion = try VideoTracker(path: video).track()
        return try ReportSections.video(motion, path: video, name: "spring <b>\"&'</b>.mp4", channels: ["x"])
    }

    static func html() throws -> String {
        HTMLRenderer().render(Report(title: "video", sections: try sections.get()))
    }

    static func rects(_ root: XMLElement) -> [(x: Double, y: Double, width: Double, height: Double)] {
        HTMLTests.elements(root).filter { $0.localName == "rect" }.map { rect in
            let n = { (name: String) in Double(HTMLTests.attribute(rect, name) ?? "") ?? .nan }
            return (n("x"), n("y"), n("width"), n("height"))
        }
    }

    @Test(.enabled(if: ffmpegInstalled, "needs ffmpeg"))
    func filmstripFramesAreAtEvenlySpreadFrameTimes() throws {
        let truth = try Self.truth()
        let strip = try #require(try Self.sections.get().first?.blocks.compactMap { block -> Filmstrip? in
            if case .filmstrip(let strip) = block { return strip } else { return nil }
        }.first)
        // Six frames: the frames nearest 0, 1/5, …, 5/5 of the recording's span.
        let (t0, t1) = (truth.first!.time, truth.last!.time)
        let expected = (0..<6).map { k in
            let target = t0 + (t1 - t0) * Double(k) / 5
            return truth.min { abs($0.time - target) < abs($1.time - target) }!.time
        }
        #expect(strip.frames.count == 6)
        for (frame, time) in zip(strip.frames, expected) {
            #expect(abs(frame.time - time) < 1e-9, "frame at \(frame.time), expected \(time)")
            #expect(frame.width == 160 && frame.height == 120)
            // The PNG's own header says 160×120.
            let png = frame.png
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == 160 && png[20..<24].reduce(0) { $0 << 8 | Int($1) } == 120)
        }
    }

    @Test(.enabled(if: ffmpegInstalled, "needs ffmpeg"))
    func boxesAreTheTruthScaledToTheThumbnail() throws {
        let truth = try Self.truth()
        let root = try HTMLTests.parse(try Self.html())
        let frames = HTMLTests.elements(root).filter { HTMLTests.attribute($0, "class") == "frame" }
        #expect(frames.count == 6)
        for frame in frames {
            let caption = try #require(HTMLTests.elements(frame).first { $0.localName == "figcaption" }?.stringValue)
            let time = try #require(Double(caption.replacingOccurrences(of: " s", with: "")))
            let row = try #require(truth.first { abs($0.time - time) < 1e-6 }, "no truth row at \(caption)")
            let rects = Self.rects(frame)
            try #require(rects.count == 1)
            let r = rects[0], scale = 0.5  // 320 → 160 pixels
            // The centre within the tracker's 0.1 px (scaled), the size within its 1 %.
            #expect(abs(r.x + r.width / 2 - row.x * scale) <= 0.1 * scale, "\(time): x \(r.x + r.width / 2) vs \(row.x * scale)")
            #expect(abs(r.y + r.height / 2 - row.y * scale) <= 0.1 * scale, "\(time): y \(r.y + r.height / 2) vs \(row.y * scale)")
            #expect(abs(r.width - row.width * scale) <= 0.01 * row.width * scale, "\(time): width \(r.width)")
            #expect(abs(r.height - row.height * scale) <= 0.01 * row.height * scale, "\(time): height \(r.height)")
        }
    }

    @Test(.enabled(if: ffmpegInstalled, "needs ffmpeg"))
    func playerMarkupIsEscapedAndItsScriptAdmittedByHash() throws {
        let html = try Self.html()
        let root = try HTMLTests.parse(html)  // well-formed XML, script included
        #expect(!html.contains("<b>\"&'</b>"))
        #expect(html.contains("spring &lt;b&gt;&quot;&amp;&#39;&lt;/b&gt;.mp4") || html.contains("spring &lt;b&gt;&quot;&amp;&#x27;&lt;/b&gt;.mp4"))
        let player = try #require(HTMLTests.elements(root).first { HTMLTests.attribute($0, "class") == "player" })
        #expect(HTMLTests.attribute(player, "hidden") == "hidden")  // shown by the script only
        let truth = try Self.truth()
        let times = (HTMLTests.attribute(player, "data-t") ?? "").split(separator: " ").compactMap { Double($0) }
        #expect(times.count == (HTMLTests.attribute(player, "data-b") ?? "").split(separator: " ").count)
        #expect(times.count >= truth.count - 2 && times.count <= truth.count, "\(times.count) samples")
        let buttons = HTMLTests.elements(player).filter { $0.localName == "button" }.map { $0.stringValue ?? "" }
        #expect(buttons == ["Play", "Pause"])
        #expect(HTMLTests.elements(player).contains { $0.localName == "input" && HTMLTests.attribute($0, "type") == "range" })
        // The CSP admits exactly the page's one script, by a SHA-256 that OpenSSL computes.
        let script = try #require(HTMLTests.elements(root).first { $0.localName == "script" }?.stringValue)
        #expect(html.components(separatedBy: "<script").count == 2)
        let digest = try Self.openSSLDigest(script)
        #expect(html.contains("script-src 'sha256-\(digest)'"), "\(digest)")
    }

    @Test func aReportWithoutVideoHasNoScriptAndTheStrictPolicy() {
        let html = HTMLRenderer().render(Report(title: "t", sections: [ReportSection(kind: "k", heading: "h", blocks: [.paragraph("p")])]))
        #expect(html.contains(#"content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"/>"#))
        #expect(!html.contains("<script") && !html.contains(".filmstrip"))
    }

    @Test func playerTextIsEscapedAndLongRecordingsThinned() throws {
        let n = 5001
        let times = (0..<n).map { Double($0) / 1000 }
        let player = MotionPlayer(title: "</script><script>alert('x')</script>", times: times, recorded: times, model: times.map { 2 * $0 },
                                  modelName: "\"a&b\" <i>")
        #expect(player.times.count == MotionPlayer.maximumSamples && player.times.last == 5 && player.model.last == 10)
        #expect(zip(player.times.dropFirst(), player.times).allSatisfy { $0 > $1 })
        let html = HTMLRenderer().render(Report(title: "t", sections: [ReportSection(kind: "k", heading: "h", blocks: [.player(player)])]))
        let root = try HTMLTests.parse(html)
        #expect(html.components(separatedBy: "<script").count == 2)  // the player's own script only
        let heading = HTMLTests.elements(root).first { $0.localName == "h3" }?.stringValue
        #expect(heading == "</script><script>alert('x')</script>")
        #expect(HTMLTests.elements(root).contains { $0.localName == "text" && $0.stringValue == "\"a&b\" <i> fit" })
    }

    @Test(.enabled(if: ffmpegInstalled, "needs ffmpeg"))
    func filmstripIsDeterministic() throws {
        let motion = try VideoTracker(path: Self.video).track()
        #expect(try Filmstrip.of(motion, video: Self.video) == Filmstrip.of(motion, video: Self.video))
    }

    /// SHA-256 of `text` in base64, by `openssl dgst -sha256 -binary | base64`.
    static func openSSLDigest(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "openssl dgst -sha256 -binary | base64"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
