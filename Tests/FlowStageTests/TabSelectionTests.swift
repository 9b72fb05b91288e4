import Testing

@testable import FlowStage

@Suite("Tab selection")
struct TabSelectionTests {
    @Test(
        "Inserting a tab keeps the selected tab selected",
        arguments: [
            // (insert at, selected before, selected after)
            (0, nil, 0),
            (0, 0, 1),
            (1, 0, 0),
            (2, 2, 3),
            (3, 2, 2),
        ] as [(Int, Int?, Int?)])
    func insertKeepsSelection(at index: Int, selected: Int?, expected: Int?) {
        #expect(TabSelection.afterInsert(at: index, selected: selected) == expected)
    }

    @Test(
        "Removing a tab moves the selection with it",
        arguments: [
            // (remove at, selected before, tabs left, selected after)
            (0, 0, 0, nil),
            (0, 2, 3, 1),
            (2, 2, 3, 2),
            (2, 2, 2, 1),
            (3, 1, 3, 1),
        ] as [(Int, Int?, Int, Int?)])
    func removeMovesSelection(at index: Int, selected: Int?, remaining: Int, expected: Int?) {
        #expect(TabSelection.afterRemove(at: index, selected: selected, remaining: remaining) == expected)
    }
}
