import FetchSimCore
import Foundation
import Interpreter
import Testing

/// `export csv`, `import csv` and the output modes (issue 13 item 10), with files in memory.
@Suite struct CSVTransferTests {
    final class Files { var contents: [String: String] = [:] }

    func session(_ files: Files, _ start: SessionStart = .demo) throws -> Session {
        let session = try Session(start)
        session.interpreter.readFile = { path in
            guard let text = files.contents[path] else { throw CocoaLikeError() }
            return text
        }
        session.interpreter.writeFile = { path, text in files.contents[path] = text }
        return session
    }

    struct CocoaLikeError: Error {}

    @Test func exportWritesIdAndAttributesInFetchOrderAndQuotes() throws {
        let files = Files()
        let session = try session(files)
        _ = session.text(#"set 0.0 title="Milk, \"whole\""; set 0.1 title="""#)
        #expect(session.text("export csv a.csv where group == \"Groceries\"") == ["exported 4 Note objects to 'a.csv'"])
        #expect(
            files.contents["a.csv"] == #"""
                id,title,group,order,done
                1,"Milk, ""whole""",Groceries,0,
                2,"",Groceries,1,true
                3,Bread,Groceries,2,
                4,Coffee,Groceries,3,

                """#)
    }

    /// What `export csv` writes imports back unchanged into an entity with the same attributes
    /// (the `id` column is skipped), in one change event.
    @Test func exportThenImportRoundTrips() throws {
        let files = Files()
        let session = try session(files)
        _ = session.text(#"set 0.1 title=""; set 1.0 title="Tab\there, \"quoted\", and\nnewline""#)
        _ = session.text("export csv all.csv")
        _ = session.text("entity Copy title:string group:string order:int done:bool?")
        let answer = try session.json("import csv all.csv Copy")
        #expect(answer["imported"] as? Int == 12)
        #expect((answer["ids"] as? [Int]) == Array(13...24))
        let batch = try #require(answer["batch"] as? [String: Any])
        #expect(batch["n"] as? Int == 2, "one change event for the whole file")
        // `#7 Note{title="Milk", …}` without the ID and the entity name.
        let lines = session.text("dump objects").filter { $0.hasPrefix("#") }
        let values = { (entity: String) in lines.filter { $0.contains(" \(entity){") }.map { $0.drop { $0 != "{" } } }
        #expect(values("Note").count == 12)
        #expect(values("Copy") == values("Note"))
        #expect(
            values("Copy").contains(#"{title="Tab\there, \"quoted\", and\nnewline", group="Home", order=0, done=nil}"#))
    }

    @Test func aBadCellIsReportedByFileLineAndColumnAndNothingIsInserted() throws {
        let files = Files()
        files.contents["bad.csv"] = "title,order,group\nA,1,x\nB,two,y\n"
        files.contents["header.csv"] = "title,ordr\nA,1\n"
        files.contents["short.csv"] = "title,order\nA\n"
        let session = try session(files)
        #expect(
            try session.json("import csv bad.csv Note")["error"] as? String
                == "bad.csv:3:2: invalid int 'two' for 'order'")
        #expect(
            try session.json("import csv header.csv Note")["error"] as? String
                == "header.csv:1:2: unknown attribute 'ordr' of entity 'Note' (did you mean 'order'?)")
        #expect(
            try session.json("import csv short.csv Note")["error"] as? String
                == "short.csv:2:2: expected 2 fields, found 1")
        #expect(try session.json("import csv none.csv Note")["error"] as? String == "no such file 'none.csv'")
        #expect(
            try session.json("import csv bad.csv Nte")["error"] as? String
                == "unknown entity 'Nte' at column 20 (did you mean 'Note'?)")
        #expect(try session.json("stats")["objects"] as? Int == 12, "nothing was inserted")
        #expect(try session.json("stats")["events"] as? Int == 0, "no change event")
    }

    @Test func cellsAreReadByTheirAttributesTypes() throws {
        let files = Files()
        files.contents["t.csv"] =
            "name,n,x,ok,when,note\nA,-3,2.5,true,2024-05-01,\n,0,1e3,false,2024-05-01T10:00:00Z,hi\n"
        let session = try session(files, .empty)
        _ = session.text("entity T name:string n:int x:double ok:bool when:date note:string?")
        // One summary line with the range of the new IDs, not every ID.
        #expect(session.text("import csv t.csv T").first == "imported 2 T objects (#1…#2) from 't.csv'")
        #expect(
            session.text("dump objects") == [
                "nothing fetched",
                #"#1 T{name="A", n=-3, x=2.5, ok=true, when=2024-05-01T00:00:00Z, note=nil}"#,
                #"#2 T{name="", n=0, x=1000.0, ok=false, when=2024-05-01T10:00:00Z, note="hi"}"#,
            ])
    }

    /// The modes print a hand-checked grid of one small section.
    @Test func modesPrintCSVJSONAndBox() throws {
        let session = try session(Files(), .empty)
        _ = session.text("entity T name:string n:int")
        _ = session.text(#"insert T name="a,b" n=1 ; insert T name="c" n=2"#)
        _ = session.text("fetch T sort n")
        #expect(session.text("mode csv") == ["mode csv"])
        #expect(session.text("show") == ["section,path,id,name,n", #",0.0,1,"a,b",1"#, ",0.1,2,c,2"])
        _ = session.text("mode json")
        #expect(
            session.text("show 0") == [
                #"{"section":"","path":"0.0","id":1,"name":"a,b","n":"1"}"#,
                #"{"section":"","path":"0.1","id":2,"name":"c","n":"2"}"#,
            ])
        _ = session.text("mode box")
        #expect(
            session.text("show all") == [
                "┌─────────┬──────┬────┬──────┬───┐",
                "│ section │ path │ id │ name │ n │",
                "├─────────┼──────┼────┼──────┼───┤",
                "│         │ 0.0  │ 1  │ a,b  │ 1 │",
                "│         │ 0.1  │ 2  │ c    │ 2 │",
                "└─────────┴──────┴────┴──────┴───┘",
            ])
        _ = session.text("mode csv")
        #expect(session.text("dump objects") == ["id,entity,name,n", #"1,T,"a,b",1"#, "2,T,c,2"])
        #expect(session.text("mode") == ["mode csv"])
        #expect(
            session.text("mode tabl") == [
                "error: expected an output mode (sheet, csv, json, box), got 'tabl' at column 6"
            ])
        #expect(session.text("mode jsn") == ["error: expected an output mode ('json'), got 'jsn' at column 6"])
    }

    /// Errors name the real cause (issue 34, item 9): where an unterminated quote opens (not a
    /// field count), which byte at which line is not UTF-8, a directory as a directory.
    @Test func csvErrorsNameTheRealCause() throws {
        let files = Files()
        files.contents["open.csv"] = "title,group,order\nA,G,1\n\"Milk, \"\"whole\"\",G,2\nB,G,3\n"
        files.contents["fine.csv"] = "title,group,order\n\"Milk, \"\"whole\"\"\",G,2\n\"two\nlines\",G,3\n"
        let session = try session(files)
        #expect(
            try session.json("import csv open.csv Note")["error"] as? String
                == "open.csv:3:1: unterminated quote: the quoted field that starts here never ends")
        #expect(
            try session.json("import csv fine.csv Note")["imported"] as? Int == 2,
            "escaped quotes and a quoted line break are fine")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.csv")
        try Data("title,group,order\nOat milk,G,1\nCaf".utf8 + [0xE9] + Data(",G,2\n".utf8)).write(to: latin1)
        let disk = try Session()
        #expect(
            try disk.json("import csv \(latin1.path) Note")["error"] as? String
                == "\(latin1.path):3:4: byte 0xE9 is not UTF-8 (save the file as UTF-8)")
        #expect(
            try disk.json("import csv \(folder.path) Note")["error"] as? String
                == "cannot read '\(folder.path)': is a directory")
        #expect(
            try disk.json("export csv \(folder.path)")["error"] as? String
                == "cannot write '\(folder.path)': is a directory")
    }

    /// A large import says how many objects and which IDs in one line, digits grouped.
    @Test func aLargeImportPrintsOneSummaryLine() throws {
        let files = Files()
        files.contents["big.csv"] = "n\n" + (0..<1_500).map(String.init).joined(separator: "\n") + "\n"
        let session = try session(files, .empty)
        _ = session.text("entity T n:int")
        let lines = session.text("import csv big.csv T")
        #expect(lines.first == "imported 1,500 T objects (#1…#1,500) from 'big.csv'")
        #expect(!lines.contains { $0.hasPrefix("#1 #2") })
    }

}

/// `export csv` to a path the system refuses: the error line names the file and the system's
/// reason, not Foundation's "NSCocoaErrorDomain error 512" (found exporting to a directory).
@Suite struct FileWriteErrorTests {
    @Test func exportingToADirectoryNamesTheFileAndSaysItIsADirectory() throws {
        let session = try Session(.demo)
        let directory = NSTemporaryDirectory() + "fetchsim-export-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let line = session.text("export csv \(directory)").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        #expect(line == "error: cannot write '\(directory)': is a directory")
    }

    @Test func exportingIntoAMissingFolderSaysNoSuchFile() throws {
        let session = try Session(.demo)
        let path = NSTemporaryDirectory() + "fetchsim-no-such-folder-\(UInt32.random(in: 0...UInt32.max))/a.csv"
        // The line is wrapped at the session's width: read it whole.
        let line = session.text("export csv \(path)").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        #expect(line == "error: cannot write '\(path)': no such file or directory")
    }

    @Test func theReasonIsTheUnderlyingSystemErrorsLowerCased() {
        let wrapped = NSError(
            domain: NSCocoaErrorDomain, code: 512,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
        #expect(FileErrorReason.text(for: wrapped) == "permission denied")
        #expect(FileErrorReason.text(for: NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))) == "is a directory")
        #expect(
            FileErrorReason.text(
                for: CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC)]))
                == "no space left on device")
        // An error without a system reason keeps its own description.
        struct Plain: Error, LocalizedError { var errorDescription: String? { "disk quota gone" } }
        #expect(FileErrorReason.text(for: Plain()) == "disk quota gone")
    }
}

/// Mutated CSV into `import csv` (issue 34, item 16): never a crash; a refused file names
/// `FILE:LINE:COLUMN`, and a refused import inserts nothing.
@Suite struct MutatedCSVTests {
    @Test func mutatedCSVNeverCrashesAndFailsWithALocation() throws {
        let valid = Array(
            "title,group,order,done\nMilk,Groceries,0,true\n\"Oat, \"\"whole\"\"\",Groceries,1,\n\"two\nlines\",Home,2,false\n"
                .utf8)
        var random = SeededGenerator(seed: 16)
        var refused = 0
        for round in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    bytes[at] =
                        [UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "\n"), 0xE9, UInt8(ascii: "x")][
                            Int.random(in: 0..<5, using: &random)]
                case 1: bytes.insert(UInt8(ascii: "\""), at: at)
                case 2: bytes.remove(at: at)
                default: bytes = Array(bytes.prefix(at))
                }
            }
            let files = CSVTransferTests.Files()
            // Bytes that are not UTF-8 are what the disk would hold; in memory the file is read
            // as a String, so this run keeps to valid text and leaves bytes to the disk test.
            guard let text = String(validating: bytes, as: UTF8.self) else { continue }
            files.contents["m\(round).csv"] = text
            let session = try CSVTransferTests().session(files)
            let answer = try session.json("import csv m\(round).csv Note")
            if let error = answer["error"] as? String {
                refused += 1
                #expect(error.hasPrefix("m\(round).csv:"), "\(error)")
                #expect(try session.json("stats")["objects"] as? Int == 12, "a refused import inserts nothing")
            }
        }
        #expect(refused > 50, "\(refused) of 300 refused")
    }
}
