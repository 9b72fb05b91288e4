import Foundation

/// Writes a line to standard error after everything printed to standard output so far.
///
/// Piped, standard output is buffered and standard error is not: without the flush, a failed
/// step's message would appear above the screens printed before it.
func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
