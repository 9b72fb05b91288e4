import FlowKernel
import FlowRecording
import FlowSnapshot
import Foundation

extension JourneyRecording {
    /// Reads a recording from a JSON file, refusing one larger than
    /// ``/FlowRecording/JourneyRecording/Limits/maximumBytes`` before decoding it.
    ///
    /// - Throws: `FlowError.Code.invalidRecording` (FlowRecording) for a file too large or not a
    ///   recording (saying what is wrong and where); the file system's error for a file that
    ///   cannot be read.
    public init(contentsOf url: URL) throws {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        try Self.checkSize(size)
        let data = try Data(contentsOf: url)
        do {
            self = try JSONDecoder().decode(JourneyRecording.self, from: data)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.invalidRecording, "It is not a recording: \(NavigationSnapshot.explain(error))")
        }
    }

    /// Writes the recording as JSON a person can read, keys in a stable order.
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: url)
    }
}
