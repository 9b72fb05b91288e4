import FlowKernel
import Foundation
import Testing

extension FlowError.Code {
    static let signInRequired = FlowError.Code("signInRequired")
}

@Suite("Flow errors")
struct FlowErrorTests {
    @Test func anErrorNamesItsCodeMessageAndTypes() {
        let error = FlowError(.unregisteredScreen, "No screen is registered for Int.", types: [Int.self, String.self])
        #expect(error.code == .unregisteredScreen)
        #expect(error.types == ["Int", "String"])
        #expect(error.description == "unregisteredScreen: No screen is registered for Int.")
    }

    @Test func codesAreOpenForExtension() {
        let error = FlowError(.signInRequired, "Sign in first.")
        #expect(error.code == FlowError.Code("signInRequired"))
        #expect(error.code != .hostRejected)
    }

    /// Reads every code FlowKit declares, in any module, from the sources themselves, so a code
    /// added tomorrow is checked without anyone listing it here.
    @Test func everyCodeFlowKitDeclaresIsNamedAfterItselfAndNoOtherCodeSharesItsName() throws {
        let modules = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Modules").standardized
        let declaration = /static let (\w+) = (?:FlowError\.)?Code\("(\w+)"\)/
        var declared: [(property: String, name: String, file: String)] = []
        let files = try #require(FileManager.default.enumerator(at: modules, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) {
                declared.append((String(match.1), String(match.2), file.lastPathComponent))
            }
        }

        #expect(declared.count >= 18, "the kernel's codes and FlowChain's were found: \(declared.map(\.name))")
        for code in declared where code.property != code.name {
            Issue.record("\(code.file): the code \(code.property) is named '\(code.name)'")
        }
        let names = Dictionary(grouping: declared, by: \.name).filter { $0.value.count > 1 }
        #expect(names.isEmpty, "codes sharing a name: \(names.keys.sorted())")
    }
}
