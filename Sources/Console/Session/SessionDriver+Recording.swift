import CommandLanguage
import Foundation
import Interpreter
import Transcripts

/// Recording: the transcript a session writes (`record`, `--record`) and the one it has so far.
extension SessionDriver {
    /// Starts writing a transcript to `path` (with everything so far).
    package func startRecording(to path: String) throws {
        recorder?.close()
        var header = TranscriptHeader(
            start: start, adapter: startAdapter, profile: startProfile, expectsInconsistency: sawInconsistency)
        header.table = startTable
        header.executable = appAdapterExecutable
        header.model = modelPath.map { Self.path($0, relativeTo: (path as NSString).deletingLastPathComponent) }
        if let storeSnapshot {
            if startSnapshot == nil {
                // The store holds what the session started from only until the session saves.
                guard interpreter.saveCount == 0 else {
                    throw InterpreterError(
                        "the session has saved to its store since it opened it, so a recording started now "
                            + "could not replay from the store's first state; start fetchsim with --record instead")
                }
                startSnapshot = try storeSnapshot.read()
            }
            header.store = storeSnapshot.name
            header.storeSnapshot = EmbeddedFile(path: storeSnapshot.name, contents: startSnapshot ?? "")
        }
        let recorder = try TranscriptRecorder(path: path, header: header)
        for entry in history { recorder.record(input: entry.input, output: entry.output, files: entry.files) }
        self.recorder = recorder
    }

    /// The session so far as a transcript: the header `record` would write, then every line
    /// with its plain output and the files it read.
    package func transcriptSoFar() throws -> Transcript {
        var header = TranscriptHeader(
            start: start, adapter: startAdapter, profile: startProfile, expectsInconsistency: sawInconsistency)
        header.table = startTable
        header.executable = appAdapterExecutable
        // Replayed here, so the model's path as this process opened it.
        header.model = modelPath
        var lines = header.lines
        for entry in history {
            lines += entry.files.flatMap(\.commentLines) + ["> " + entry.input] + entry.output.map(Transcript.escaped)
        }
        return try Transcript.parse(lines.joined(separator: "\n") + "\n")
    }

    /// Starts or stops recording; returns the message (`error: …` when it failed).
    func carryOut(_ action: Command.RecordAction) -> (message: String, failed: Bool) {
        var message: String
        var failed = false
        switch action {
        case .start(let path):
            do {
                try startRecording(to: path)
                message = "recording to '\(path)'"
            } catch {
                message = "error: \(error)"
                failed = true
            }
        case .stop:
            if let recorder {
                message =
                    recorder.hasRecordedInput
                    ? "recording stopped: '\(recorder.path)'"
                    : "recording stopped: no line was recorded, so '\(recorder.path)' is not written"
            } else {
                message = "error: not recording"
            }
            failed = recorder == nil
            recorder?.close()
            recorder = nil
        }
        if failed { hadFailure = true }
        return (message, failed)
    }
}

extension SessionDriver {
    /// `target` as a path relative to `directory` (both made absolute from the working directory).
    static func path(_ target: String, relativeTo directory: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : cwd + "/" + path
            var parts: [String] = []
            for part in absolute.split(separator: "/") where part != "." {
                if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(String(part)) }
            }
            return parts
        }
        let to = components(target)
        let from = components(directory.isEmpty ? "." : directory)
        let common = zip(to, from).prefix { $0 == $1 }.count
        let relative = Array(repeating: "..", count: from.count - common) + to.dropFirst(common)
        return relative.isEmpty ? "." : relative.joined(separator: "/")
    }
}
