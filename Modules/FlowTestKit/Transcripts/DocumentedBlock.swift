import FlowKernel
import Foundation

/// The text of the fenced block right after a marker line in a Markdown page — a transcript, a
/// graph, an output the page shows — so that a test keeps the page equal to what the code does
/// now.
///
/// ```swift
/// // Docs/Guide.md: <!-- transcript: stack -->, then a ``` block
/// let shown = try documentedBlock(after: "<!-- transcript: stack -->", in: guide)
/// #expect(shown == recorder.transcript.lines.joined(separator: "\n"))
/// ```
///
/// - Throws: ``/FlowKernel/FlowError/Code/notFound`` when the page has no such marker, or no fenced
///   block right after it.
public func documentedBlock(after marker: String, in page: URL) throws -> String {
    let text = try String(contentsOf: page, encoding: .utf8)
    guard let found = text.range(of: marker + "\n```") else {
        throw FlowError(.notFound, "\(page.lastPathComponent) has no fenced block right after \(marker).")
    }
    // The fence's own line may name a language: ```mermaid.
    guard let open = text.range(of: "\n", range: found.upperBound..<text.endIndex),
        let close = text.range(of: "\n```", range: open.upperBound..<text.endIndex)
    else {
        throw FlowError(.notFound, "\(page.lastPathComponent) opens a block after \(marker) and never closes it.")
    }
    return String(text[open.upperBound..<close.lowerBound])
}
