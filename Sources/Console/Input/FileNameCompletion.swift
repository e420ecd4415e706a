import Foundation

/// File names for Tab completion after `record`, `read`, `import csv` and `export csv`: the
/// entries of the typed path's folder that start with its last component, folders with `/`.
enum FileNameCompletion {
    /// The completions of `path` (the whole argument typed so far); each replaces only `word`,
    /// the end of `path` readline is completing (it may break words at `=` or `:`).
    static func candidates(path: String, word: String, fileManager: FileManager = .default) -> [String] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let prefix = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let listed = (try? fileManager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let matches = listed.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
            .map { name in
                var isFolder: ObjCBool = false
                let full = folder + name
                _ = fileManager.fileExists(atPath: full, isDirectory: &isFolder)
                return isFolder.boolValue ? full + "/" : full
            }
        guard path.hasSuffix(word) else { return matches }
        let replaced = path.count - word.count
        return matches.map { String($0.dropFirst(replaced)) }
    }
}
