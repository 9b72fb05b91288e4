import FlowKernel
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

    @Test func everyBuiltInCodeHasADistinctName() {
        let codes: [FlowError.Code] = [
            .unregisteredScreen, .argumentTypeMismatch, .nothingToGoBackTo, .noNextScreen, .flowFinished,
            .flowNotStarted, .flowAlreadyStarted, .noRoute, .ambiguousRoute, .indexOutOfRange,
            .reentrantNavigation, .hostRejected, .factoryFailed, .notFound, .handlerFailed, .gestureRefused,
        ]
        #expect(Set(codes.map(\.name)).count == codes.count)
    }
}
