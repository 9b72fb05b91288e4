import FlowKernel
import FlowSnapshot

/// A run's alert: presented as one request of the flow, answered in another that the alert does
/// not hold back, saved and shown again by a restore.
extension FlowRun {
    /// Presents an alert over one of the flow's screens — `screen`, or the screen the person sees
    /// — as one request of the flow; the answer takes it away in another, then `onAnswer` gets the
    /// button chosen. What `onAnswer` throws goes to `refused`, after the alert has gone.
    ///
    /// - Throws: `argumentTypeMismatch` for an alert that cannot be shown; `notFound` for a screen
    ///   that is not shown; `hostRejected` for a screen something covers, one of another flow's,
    ///   or while the flow's own alert waits for its answer; the run's and the host's refusals.
    ///   The screen must be the one the person sees.
    ///   Nothing changes then.
    package func present(
        alert value: FlowAlert, over screen: (any Screen)?, origin: FlowEvent.Origin? = nil, refused: @escaping @MainActor (FlowError) -> Void,
        onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void
    ) throws {
        try value.validate()
        let shown = Alert(value)
        try request { host in
            guard let anchor = screen.map({ ScreenRef($0) }) ?? host.visibleScreenRef else {
                throw FlowError(.notFound, "The flow '\(id)' shows no screen to present the alert '\(value.title)' over.")
            }
            guard host.contains(.screen(anchor)) else {
                throw FlowError(.notFound, "\(anchor) is not shown; the alert '\(value.title)' is presented over a screen the person sees.")
            }
            if let visible = host.visibleScreenRef, visible != anchor {
                throw FlowError(
                    .hostRejected, "\(anchor) is not the screen the person sees (\(visible) is); the alert '\(value.title)' goes over the screen on top.")
            }
            if host.recordsMakers, let maker = host.maker(of: .screen(anchor)), maker != id {
                throw FlowError(.hostRejected, "\(anchor) is a screen of the flow '\(maker)', not of '\(id)'; a flow presents its alerts over its own screens.")
            }
            try carryOut(FlowChange(HostChange(.present(.screen(shown), over: .screen(anchor)), origin: origin ?? self.origin), state: ()), on: host)
        }
        alert = shown
        shown.respond = { [weak self, weak shown] button in
            guard let self, let shown else { return }
            try self.answer(shown, with: button)
            do {
                try onAnswer(button)
            } catch {
                refused(.wrapping(error))
            }
        }
    }

    /// The alert the flow waits on the answer to, while it is shown.
    package var waitingAlert: FlowAlert? {
        guard let alert, let host, host.contains(.of(alert)) else { return nil }
        return alert.alert
    }

    /// Presents a saved alert again over the screen the person sees, made for the restore; its
    /// answer goes to the handler that screen gives (`AlertAnswering`), else to nobody (the
    /// report says so).
    package func restore(alert value: FlowAlert, on host: any FlowHost) -> RestorationReport.Entry {
        let asking = host.visibleScreen
        let handler = (asking as? any AlertAnswering)?.answerHandler(for: value)
        do {
            try present(
                alert: value, over: asking, origin: .restored(for: id),
                refused: { [weak host, id] error in
                    host?.report(FlowEvent(.requestRefused(error), flow: id))
                }, onAnswer: handler ?? { _ in })
        } catch {
            return RestorationReport.Entry(flow: id.name, outcome: .repaired, subject: "the alert '\(value.title)'", reason: FlowError.wrapping(error).message)
        }
        guard handler != nil else {
            let screen = asking.map { "\(ScreenType(of: $0))" } ?? "no screen"
            return RestorationReport.Entry(
                flow: id.name, outcome: .repaired, subject: "the alert '\(value.title)'",
                reason: "it is shown again, but its answer goes to nobody: \(screen) does not give one (AlertAnswering)")
        }
        return RestorationReport.Entry(flow: id.name, outcome: .restored, subject: "the alert '\(value.title)'")
    }

    /// Takes the answered alert away, as a request its alert does not hold back.
    fileprivate func answer(_ shown: Alert, with button: FlowAlert.Button) throws {
        let host = try openRequestPastAlert()
        defer { closeRequest(on: host) }
        guard let presenter = host.presenter(of: .of(shown)) else {
            throw FlowError(.notFound, "The alert '\(shown.alert.title)' is no longer shown; nothing takes its answer.")
        }
        try carryOut(FlowChange(HostChange(.dismiss(presentedBy: presenter), origin: .flow(id)), state: ()), on: host)
        if alert === shown { alert = nil }
    }
}
