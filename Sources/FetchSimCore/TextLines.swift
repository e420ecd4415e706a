/// The lines of a text file, whatever system wrote it.
///
/// Swift's `String` treats `"\r\n"` as one `Character`, so splitting at `"\n"` leaves a file
/// from Windows in one piece. Lines end at `"\n"` or `"\r\n"`; a final line ending adds no
/// empty last line. Other Unicode line separators stay inside the line: they may be part of a
/// value a session prints.
///
/// ```swift
/// TextLines.split("insert Note\r\nshow\r\n")   // ["insert Note", "show"]
/// ```
package enum TextLines {
    package static func split(_ text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
