import MotionChecks
import Testing

@Suite("Recording globs")
struct RecordingGlobTests {
    @Test func patterns() {
        let f = Fixture()
        for name in ["a/one.csv", "a/two.csv", "a/.hidden.csv", "a/notes.txt", "a/b/three.csv", "a/b/c/four.csv", "x1.csv", "x22.csv"] {
            f.write(name, "time,y\n0,0\n")
        }
        let d = f.directory
        #expect(RecordingGlob.expand(d + "/a/*.csv") == [d + "/a/one.csv", d + "/a/two.csv"])
        #expect(RecordingGlob.expand(d + "/a/**/*.csv") == [d + "/a/b/c/four.csv", d + "/a/b/three.csv", d + "/a/one.csv", d + "/a/two.csv"])
        #expect(RecordingGlob.expand(d + "/x?.csv") == [d + "/x1.csv"])
        #expect(RecordingGlob.expand(d + "/x[0-9][0-9].csv") == [d + "/x22.csv"])
        #expect(RecordingGlob.expand(d + "/a/.h*.csv") == [d + "/a/.hidden.csv"])
        #expect(RecordingGlob.expand(d + "/*/t*.csv") == [d + "/a/two.csv"])
        #expect(RecordingGlob.expand(d + "/none/*.csv").isEmpty)
        // A plain path stands for itself, whether or not it exists.
        #expect(RecordingGlob.expand(d + "/missing.csv") == [d + "/missing.csv"])
    }
}
