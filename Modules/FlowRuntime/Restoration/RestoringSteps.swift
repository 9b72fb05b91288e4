import FlowKernel
import FlowSnapshot

/// What every strategy's restore does the same way, written once: bring back the longest prefix
/// of its saved elements that holds, then report it — what came back, each screen's own state,
/// and what was cut and why. A strategy supplies only what is its own: how it shows a prefix, and
/// what its elements are called.
@MainActor
package enum RestoringSteps {
    /// Reads a flow's saved state as its strategy's type.
    ///
    /// - Parameters:
    ///   - saved: The saved flow, whose state is read.
    ///   - type: The strategy's type of saved state.
    ///   - flow: The flow as a message names it: `The stack flow 'shop'`.
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidSnapshot`` when the state does not read as `State`.
    package static func state<State: Decodable>(of saved: SavedFlow, as type: State.Type, flow: String) throws -> State {
        do {
            return try (saved.state ?? .null).decode(type)
        } catch {
            throw FlowError(.invalidSnapshot, "\(flow) cannot read its saved state: \(NavigationSnapshot.explain(error))")
        }
    }

    /// Makes saved elements again, in order, up to the first that cannot be made: its reason is
    /// kept in `refusal`, and the elements after it are not tried.
    ///
    /// - Parameters:
    ///   - elements: The saved elements, in order.
    ///   - refusal: Set to the reason of the first element that cannot be made.
    ///   - make: Makes one element again, or throws why it cannot.
    ///
    /// - Returns: What was made, one for each element before the first that could not be.
    package static func make<Element, Made>(_ elements: some Sequence<Element>, refusal: inout String?, _ make: (Element) throws -> Made) -> [Made] {
        var made: [Made] = []
        for element in elements {
            do {
                made.append(try make(element))
            } catch {
                refusal = FlowError.wrapping(error).message
                break
            }
        }
        return made
    }

    /// Shows the longest prefix of `count` elements that holds: tries `show` with `count`, then
    /// one fewer, down to `minimum`, until one succeeds. A refused attempt changes nothing (an
    /// arrival is all or nothing), so each try starts from the same place.
    ///
    /// - Parameters:
    ///   - count: How many elements there are to show.
    ///   - minimum: The fewest worth an attempt (the first element may already be shown).
    ///   - refusal: The first reason met; an attempt's refusal is kept when it is still `nil`.
    ///   - show: Shows the first elements, as many as it is given, or throws and shows nothing.
    /// - Returns: How many elements are shown: the count that held, or `minimum - 1` when none did.
    package static func longestPrefix(of count: Int, atLeast minimum: Int, refusal: inout String?, _ show: (Int) throws -> Void) -> Int {
        var shown = count
        while shown >= minimum {
            do {
                try show(shown)
                return shown
            } catch {
                refusal = refusal ?? FlowError.wrapping(error).message
                shown -= 1
            }
        }
        return shown
    }

    /// The report's lines after a restore: the elements that came back, by label; the shown
    /// elements' screens given their saved state back (a line for each screen that could not take
    /// it); then a line for each element cut.
    ///
    /// - Parameters:
    ///   - flow: The flow's name.
    ///   - elements: Every saved element, in order: its label and the state its screen saved.
    ///   - screens: The screens shown again, in the order of `elements`.
    ///   - shown: How many elements came back.
    ///   - refusal: Why the rest could not, if known.
    ///   - cut: What the reason of a cut says when none is known: `a screen before it could not come back`.
    package static func report(
        flow: String, elements: [(label: String, state: SavedValue?)], screens: [any Screen], shown: Int, refusal: String?, cut: String
    ) -> [RestorationReport.Entry] {
        var lines = [RestorationReport.Entry(flow: flow, outcome: .restored, subject: elements.prefix(shown).map(\.label).joined(separator: ", "))]
        for (element, screen) in zip(elements.prefix(shown), screens) {
            guard let reason = ScreenState.restore(element.state, to: screen) else { continue }
            lines.append(RestorationReport.Entry(flow: flow, outcome: .repaired, subject: element.label, reason: reason))
        }
        for element in elements.dropFirst(shown) {
            lines.append(RestorationReport.Entry(flow: flow, outcome: .repaired, subject: element.label, reason: "cut: " + (refusal ?? cut)))
        }
        return lines
    }
}
