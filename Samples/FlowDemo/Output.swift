import Foundation

/// Writes a line to standard error after everything printed to standard output so far.
///
/// Piped, standard output is buffered and standard error is not: without the flush, a failed
/// step's message would appear above the screens printed before it.
func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// What a file error means to the person who named the file, as the end of a sentence; `nil`
/// for an error that is not about the file.
func fileProblem(_ error: any Error) -> String? {
    guard let error = error as? CocoaError else { return nil }
    switch error.code {
    case .fileReadNoSuchFile: return "there is no such file."
    case .fileNoSuchFile: return "there is no such file or folder."
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission to the file is denied."
    case .fileWriteOutOfSpace: return "the disk is full."
    case .fileReadTooLarge: return "the file is too large."
    default: return nil
    }
}
