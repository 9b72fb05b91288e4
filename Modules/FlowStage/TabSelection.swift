/// Where a tab group's selection goes when tabs come and go: a small pure table, tested as one.
enum TabSelection {
    /// After inserting a tab at `index`: an empty group selects the new tab; otherwise the selected
    /// tab stays selected (its index moves up if the new tab went before it).
    static func afterInsert(at index: Int, selected: Int?) -> Int? {
        guard let selected else { return 0 }
        return index <= selected ? selected + 1 : selected
    }

    /// After removing the tab at `index`, with `remaining` tabs left: no tabs select nothing; a tab
    /// removed before the selected one moves the selection down with it; removing the selected tab
    /// selects the tab that took its place, or the new last tab.
    static func afterRemove(at index: Int, selected: Int?, remaining: Int) -> Int? {
        guard remaining > 0, let selected else { return nil }
        if index < selected { return selected - 1 }
        if index == selected { return min(selected, remaining - 1) }
        return selected
    }
}
