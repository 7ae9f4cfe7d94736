import MotionIO
import Testing

/// Lists of times from a file: one number per line, or a CSV column.
@Suite("Number columns (--times-file)")
struct NumberColumnTests {
    /// Every form holds the numbers 0, 0.25, -1.5 and 1000 (written by hand).
    @Test("every form reads to the same numbers", arguments: [
        "0\n0.25\n-1.5\n1e3\n",
        "# times\n\n0\r\n0.25\r\n  -1.5  \r\n1000",
        "time,value\n0,7\n0.25,8\n-1.5,9\n1000,10\n",
        "frame,T,y\n1,0,5\n2,0.25,6\n3,-1.5,7\n4,1000,8\n",
        "time;y\n0;1\n0,25;1,5\n-1,5;2\n1000;3\n",
        "\"t\"\t\"y\"\n\"0\"\t1\n0.25\t2\n-1.5\t3\n1000\t4\n",
        "0,9\n0.25,8\n-1.5,7\n1000,6\n",
        // Quoted fields may hold the delimiter, as in a recording.
        "name,time\nstart,0\n\"a, b\",0.25\n\"c \"\"d\"\"\",\"-1.5\"\nend,1000\n",
    ])
    func forms(_ text: String) throws {
        #expect(try NumberColumn.parse(text, name: "times.txt") == [0, 0.25, -1.5, 1000])
    }

    @Test func aPreferredColumnByName() throws {
        #expect(try NumberColumn.parse("x,progress\n9,0.5\n9,1\n", name: "p.csv", preferred: ["progress"]) == [0.5, 1])
        // No preferred name in the header: its first column.
        #expect(try NumberColumn.parse("a,b\n1,2\n", name: "p.csv") == [1])
    }

    @Test("bad lines are errors naming the line and the value", arguments: [
        ("0\n0.1\nabc\n", 3, "'abc' is not a finite decimal number"),
        ("0\ninf\n", 2, "'inf' is not a finite decimal number"),
        ("0\nnan\n", 2, "'nan'"),
        ("0\n0x10\n", 2, "'0x10'"),
        ("time,y\n0,1\n,2\n", 3, "column 'time': '' is not"),
        ("y,time\n1,0\n2\n", 3, "has 1 field; column 'time' is field 2"),
        ("0\t1\n0,5\t2\n", 2, "'0,5'"),
        ("time,y\n0,\"open\n", 2, "double quote that is not closed"),
    ])
    func badLines(_ case_: (text: String, line: Int, message: String)) {
        #expect {
            _ = try NumberColumn.parse(case_.text, name: "times.txt")
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.file == "times.txt" && error.line == case_.line && error.message.contains(case_.message)
        }
    }

    @Test("no numbers at all", arguments: ["", "\n\n", "# only a comment\n", "time\n"])
    func empty(_ text: String) {
        #expect(throws: RecordingError(file: "t.txt", message: "has no numbers: expected one number per line, or a CSV column")) {
            try NumberColumn.parse(text, name: "t.txt")
        }
    }
}
